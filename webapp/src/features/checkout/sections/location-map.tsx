import type { GeoLocation } from '@shop/shared';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { logWarning } from '../../../lib/log';
import { useTelegramVerticalSwipesOff } from '../../../lib/telegram';
import {
  loadYandexMaps,
  type LatLng,
  type YandexMap,
  type YandexMapsApi,
  type YandexPlacemark,
} from '../../../lib/maps/yandex-maps';

// Where the map opens when no point is set yet: the centre of Tashkent.
const TASHKENT: LatLng = [41.3111, 69.2797];

const toLocation = ([lat, lng]: LatLng): GeoLocation => ({
  lat: Math.round(lat * 1e6) / 1e6,
  lng: Math.round(lng * 1e6) / 1e6,
});

interface MapHolder {
  api: YandexMapsApi;
  map: YandexMap;
  pin: YandexPlacemark | null;
}

/** What the map's handlers read: the props of the last render, not of the first. */
interface Latest {
  location: GeoLocation | null;
  onChange: (location: GeoLocation) => void;
  hint: string;
}

/** Puts the one pin at `at`, adding it (draggable: a drag sets the point) the first time. */
function placePin(holder: MapHolder, at: GeoLocation, latest: RefObject<Latest>): void {
  const coordinates: LatLng = [at.lat, at.lng];
  if (holder.pin) {
    holder.pin.geometry.setCoordinates(coordinates);
    return;
  }
  const pin = new holder.api.Placemark(
    coordinates,
    { hintContent: latest.current.hint },
    { preset: 'islands#redDotIcon', draggable: true },
  );
  pin.events.add('dragend', () => {
    latest.current.onChange(toLocation(pin.geometry.getCoordinates()));
  });
  holder.map.geoObjects.add(pin);
  holder.pin = pin;
}

/**
 * Shows the map in `element`, kept in `map`: at the point set (with its pin) or else Tashkent; a
 * tap sets the point.
 */
function openMap(
  api: YandexMapsApi,
  element: HTMLElement,
  map: RefObject<MapHolder | null>,
  latest: RefObject<Latest>,
): void {
  const start = latest.current.location;
  const created = new api.Map(
    element,
    {
      center: start ? [start.lat, start.lng] : TASHKENT,
      zoom: start ? 16 : 12,
      controls: ['zoomControl', 'geolocationControl'],
    },
    { suppressMapOpenBlock: true },
  );
  const holder: MapHolder = { api, map: created, pin: null };
  map.current = holder;
  created.events.add('click', (event) => {
    latest.current.onChange(toLocation(event.get('coords')));
  });
  if (start) placePin(holder, start, latest);
}

/**
 * A map to put the courier's pin on: a tap sets the point, the pin can be dragged. Shown only
 * when the server has a Yandex Maps key; without one, or when the script cannot load, the
 * shopper still has "Use my location" and the typed address.
 */
export function LocationMap({
  apiKey,
  location,
  onChange,
}: {
  apiKey: string;
  location: GeoLocation | null;
  onChange: (location: GeoLocation) => void;
}) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<MapHolder | null>(null);
  const hint = t('checkout.location.pin');
  const latest = useRef<Latest>({ location, onChange, hint });
  useEffect(() => {
    latest.current = { location, onChange, hint };
  });

  const [failed, setFailed] = useState(false);
  // Inside Telegram a downward drag of the map would otherwise pull the whole app closed.
  useTelegramVerticalSwipesOff();

  useEffect(() => {
    let cancelled = false;
    loadYandexMaps(apiKey)
      .then((api) => {
        if (cancelled || !element.current) return;
        openMap(api, element.current, map, latest);
      })
      .catch((error: unknown) => {
        logWarning('The map for the courier point did not load', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      map.current?.map.destroy();
      map.current = null;
    };
  }, [apiKey]);

  // The point may change elsewhere too ("Use my location"): the pin follows it.
  useEffect(() => {
    if (location && map.current) placePin(map.current, location, latest);
  }, [location]);

  if (failed) {
    return (
      <p className="field__error" role="alert">
        {t('checkout.location.mapFailed')}
      </p>
    );
  }
  return (
    <div className="location-map">
      <p className="field__help">{t('checkout.location.mapHelp')}</p>
      <div
        ref={element}
        className="location-map__canvas"
        role="application"
        aria-label={t('checkout.location.map')}
      />
    </div>
  );
}

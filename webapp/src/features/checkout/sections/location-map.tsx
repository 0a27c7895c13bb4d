import type { GeoLocation } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
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

/** Puts the one pin at `coordinates`, adding it (draggable) the first time. */
function placePin(
  holder: MapHolder,
  coordinates: LatLng,
  hint: string,
  onMoved: (coordinates: LatLng) => void,
): void {
  if (holder.pin) {
    holder.pin.geometry.setCoordinates(coordinates);
    return;
  }
  const pin = new holder.api.Placemark(
    coordinates,
    { hintContent: hint },
    { preset: 'islands#redDotIcon', draggable: true },
  );
  pin.events.add('dragend', () => {
    onMoved(pin.geometry.getCoordinates());
  });
  holder.map.geoObjects.add(pin);
  holder.pin = pin;
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
  const latest = useRef({ location, onChange, hint });
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
        const start = latest.current.location;
        const created = new api.Map(
          element.current,
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
        if (start) {
          placePin(holder, [start.lat, start.lng], latest.current.hint, (coordinates) => {
            latest.current.onChange(toLocation(coordinates));
          });
        }
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
    if (location && map.current) {
      placePin(map.current, [location.lat, location.lng], latest.current.hint, (coordinates) => {
        latest.current.onChange(toLocation(coordinates));
      });
    }
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

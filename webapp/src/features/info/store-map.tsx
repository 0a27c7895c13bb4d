import type { Store } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logWarning } from '../../lib/log';
import { escapeHtml, loadYandexMaps, type YandexMap } from '../../lib/maps/yandex-maps';

type MapState = 'loading' | 'ready' | 'failed';

/**
 * The shops on a Yandex map. While the script loads a placeholder of the same size holds the
 * place; if it cannot load (offline, blocked) the area goes away and the list with its "Open in
 * map" links is what remains, never an empty box.
 */
export function StoreMap({ apiKey, stores }: { apiKey: string; stores: readonly Store[] }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>('loading');

  useEffect(() => {
    let map: YandexMap | null = null;
    let cancelled = false;
    loadYandexMaps(apiKey)
      .then((ymaps) => {
        const element = container.current;
        if (cancelled || !element || stores.length === 0) return;
        const first = stores[0]?.location ?? { lat: 41.311, lng: 69.279 };
        map = new ymaps.Map(
          element,
          { center: [first.lat, first.lng], zoom: 12, controls: ['zoomControl'] },
          { suppressMapOpenBlock: true },
        );
        for (const store of stores) {
          map.geoObjects.add(
            new ymaps.Placemark(
              [store.location.lat, store.location.lng],
              {
                iconCaption: escapeHtml(store.name),
                hintContent: escapeHtml(store.address),
                balloonContentHeader: escapeHtml(store.name),
                balloonContentBody: `${escapeHtml(store.address)}<br>${escapeHtml(store.hours)}<br>${escapeHtml(store.phone)}`,
              },
              { preset: 'islands#greenShoppingIcon' },
            ),
          );
        }
        const bounds = map.geoObjects.getBounds();
        if (bounds && stores.length > 1)
          map.setBounds(bounds, { checkZoomRange: true, zoomMargin: 40 });
        setState('ready');
      })
      .catch((error: unknown) => {
        logWarning('Yandex Maps unavailable; showing the list only', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      map?.destroy();
    };
  }, [apiKey, stores]);

  if (state === 'failed')
    return <p className="muted markets__map-note">{t('markets.mapUnavailable')}</p>;
  return (
    <div
      className="markets__map"
      role="region"
      aria-label={t('markets.mapLabel')}
      aria-busy={state === 'loading'}
    >
      <div ref={container} className="markets__map-canvas" />
      {state === 'loading' && (
        <div className="skeleton markets__map-placeholder" aria-hidden="true" />
      )}
    </div>
  );
}

import type { GeoLocation } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shopConfig } from '../../../lib/config/shop-config';
import { MapPinIcon } from '../../../lib/ui/icons';
import { useIsTelegram } from '../../../lib/telegram';
import { locateDevice, type LocateFailure } from '../locate-device';
import { LocationMap } from './location-map';

/**
 * The point the courier drives to: "Use my location" (Telegram's location inside Telegram where
 * the client has it, the browser's otherwise) or, when the shop has a map key, a pin on the map;
 * shown once set with a way to clear it. Optional: the typed address is what the order needs.
 */
export function LocationField({
  location,
  error,
  onChange,
}: {
  location: GeoLocation | null;
  error: string | undefined;
  onChange: (location: GeoLocation | null) => void;
}) {
  const { t } = useTranslation();
  const isTelegram = useIsTelegram();
  const [locating, setLocating] = useState(false);
  const [failure, setFailure] = useState<LocateFailure | null>(null);
  const [mapKey] = useState(() => shopConfig().yandexMapsApiKey);
  const [mapOpen, setMapOpen] = useState(false);

  const locate = () => {
    setLocating(true);
    setFailure(null);
    void locateDevice(isTelegram).then((result) => {
      setLocating(false);
      if ('failure' in result) setFailure(result.failure);
      else onChange(result);
    });
  };

  return (
    <div className="location-field" role="group" aria-labelledby="checkout-location-label">
      <p id="checkout-location-label" className="field__label">
        {t('checkout.location.title')}
      </p>
      {location ? (
        <ChosenLocation
          location={location}
          onClear={() => {
            onChange(null);
          }}
        />
      ) : (
        <>
          <p className="field__help">{t('checkout.location.help')}</p>
          <button
            type="button"
            className="btn btn--secondary btn--block"
            disabled={locating}
            aria-busy={locating}
            onClick={locate}
          >
            {locating ? (
              <span className="btn__spinner" aria-hidden="true" />
            ) : (
              <MapPinIcon size={18} />
            )}
            {t('checkout.location.use')}
          </button>
        </>
      )}
      {mapKey !== null &&
        (mapOpen ? (
          <LocationMap apiKey={mapKey} location={location} onChange={onChange} />
        ) : (
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => {
              setMapOpen(true);
            }}
          >
            {t('checkout.location.pickOnMap')}
          </button>
        ))}
      {failure && (
        <p className="field__error" role="alert">
          {t(`checkout.location.failed.${failure}`)}
        </p>
      )}
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

/** The point set, in coordinates, with a way to clear it. */
function ChosenLocation({ location, onClear }: { location: GeoLocation; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="location-field__set">
      <MapPinIcon size={18} />
      <span className="location-field__text">
        <span className="location-field__status" role="status">
          {t('checkout.location.set')}
        </span>
        <span className="muted location-field__coords">
          {location.lat.toFixed(5)}, {location.lng.toFixed(5)}
        </span>
      </span>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onClear}>
        {t('checkout.location.clear')}
      </button>
    </div>
  );
}

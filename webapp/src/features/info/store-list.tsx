import type { Store } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message';
import { useStores } from '../../lib/stores/get-stores';
import { ClockIcon, ExternalLinkIcon, MapPinIcon, PhoneIcon } from '../../lib/ui/icons';
import { OutsideLink } from '../../lib/telegram';
import { ErrorState } from '../../lib/ui/states';

/** Yandex Maps centred on the shop with a pin, in a new tab: works with no API key and no script. */
export function openInMapUrl(store: Store): string {
  const { lat, lng } = store.location;
  return `https://yandex.uz/maps/?pt=${lng},${lat}&z=16&l=map`;
}

/** '+998 71 200 11 22' → 'tel:+998712001122'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The three shops: address, hours, a phone to tap and a map link. */
export function StoreList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const stores = useStores();
  if (stores.isPending) {
    return (
      <div className="stores" role="status" aria-label={t('common.loading')}>
        {[0, 1, 2].map((index) => (
          <div key={index} className="card store store--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--text" />
            <span className="skeleton skeleton--text" style={{ width: '60%' }} />
          </div>
        ))}
      </div>
    );
  }
  if (stores.isError) {
    return (
      <ErrorState
        message={errorMessage(t, stores.error)}
        onRetry={() => void stores.refetch()}
        retrying={stores.isFetching}
      />
    );
  }
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="stores" aria-label={t('markets.listLabel')}>
      {stores.data.data.map((store) => (
        <li key={store.id} className="card store">
          <Heading className="store__name">{store.name}</Heading>
          <p className="store__line">
            <MapPinIcon size={18} />
            <span>{store.address}</span>
          </p>
          <p className="store__line">
            <ClockIcon size={18} />
            <span>{t('markets.hours', { hours: store.hours })}</span>
          </p>
          <p className="store__line">
            <PhoneIcon size={18} />
            <OutsideLink href={telHref(store.phone)}>{store.phone}</OutsideLink>
          </p>
          <OutsideLink
            className="btn btn--secondary btn--sm store__map"
            href={openInMapUrl(store)}
            aria-label={t('markets.openInMapOf', { name: store.name })}
          >
            {t('markets.openInMap')}
            <ExternalLinkIcon size={16} />
          </OutsideLink>
        </li>
      ))}
    </ul>
  );
}

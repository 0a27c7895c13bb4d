import type { Store } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message';
import { useStores } from '../../lib/queries/get-stores';
import { StoreIcon } from '../../lib/ui/icons';
import { ErrorState, PageTitle, Spinner } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import './info.css';

/** Spec §1 offers a Russian-language maps view: Yandex Maps with the Russian interface. */
function mapUrl(store: Store): string {
  const { lat, lng } = store.location;
  return `https://yandex.ru/maps/?pt=${lng},${lat}&z=16&l=map&lang=ru_RU`;
}

function StoreList({ showMap }: { showMap: boolean }) {
  const { t } = useTranslation();
  const stores = useStores();
  if (stores.isPending) return <Spinner label={t('common.loading')} />;
  if (stores.isError) {
    return (
      <ErrorState
        message={errorMessage(t, stores.error)}
        onRetry={() => void stores.refetch()}
        retrying={stores.isFetching}
      />
    );
  }
  return (
    <ul className="stores">
      {stores.data.data.map((store) => (
        <li key={store.id} className="card store">
          <span className="store__icon" aria-hidden="true">
            <StoreIcon size={24} />
          </span>
          <div className="store__body">
            <h2 className="store__name">{store.name}</h2>
            <p>{store.address}</p>
            <p className="muted">{t('markets.hours', { hours: store.hours })}</p>
            <p>
              <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>
                {t('markets.phone', { phone: store.phone })}
              </a>
            </p>
            {showMap && (
              <a
                className="store__map"
                href={mapUrl(store)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('markets.map')}
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function MarketsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('markets.title'));
  return (
    <div className="info">
      <PageTitle subtitle={t('markets.text')}>{t('markets.title')}</PageTitle>
      <StoreList showMap />
    </div>
  );
}

export function ContactsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('info.contacts.title'));
  return (
    <div className="info">
      <PageTitle subtitle={t('info.contacts.text')}>{t('info.contacts.title')}</PageTitle>
      <StoreList showMap={false} />
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { shopConfig } from '../../lib/config/shop-config';
import { useStores } from '../../lib/stores/get-stores';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { StoreList } from './store-list';
import './info.css';

// The map's code (and the Yandex loader in it) is fetched only when the server has a map key.
const StoreMap = lazy(() => import('./store-map').then((module) => ({ default: module.StoreMap })));

/** /markets: the three shops, and a Russian-language Yandex map when the server has a key. */
export function MarketsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('markets.title'));
  const { yandexMapsApiKey } = shopConfig();
  const stores = useStores();
  return (
    <div className="info info--wide">
      <PageTitle subtitle={t('markets.text')}>{t('markets.title')}</PageTitle>
      {yandexMapsApiKey && stores.data && stores.data.data.length > 0 && (
        <Suspense
          fallback={
            <div className="markets__map" aria-hidden="true">
              <div className="skeleton markets__map-placeholder" />
            </div>
          }
        >
          <StoreMap apiKey={yandexMapsApiKey} stores={stores.data.data} />
        </Suspense>
      )}
      <StoreList />
    </div>
  );
}

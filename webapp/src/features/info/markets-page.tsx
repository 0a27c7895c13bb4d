import { useTranslation } from 'react-i18next';
import { shopConfig } from '../../lib/config/shop-config';
import { useStores } from '../../lib/queries/get-stores';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { StoreList } from './store-list';
import { StoreMap } from './store-map';
import './info.css';

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
        <StoreMap apiKey={yandexMapsApiKey} stores={stores.data.data} />
      )}
      <StoreList />
    </div>
  );
}

import { buildPath, listingQuery } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { EmptyState, ErrorState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useBrandFacets } from './api/get-products';
import './catalog.css';

/** All brands with how many products each has, from the products call's facets. */
export function BrandsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('catalog.brandsTitle'));
  const brands = useBrandFacets();
  const products = buildPath(lang, 'products');
  const list = [...(brands.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, lang));
  return (
    <div>
      <PageTitle subtitle={t('catalog.brandsText')}>{t('catalog.brandsTitle')}</PageTitle>
      {brands.isPending && (
        <div className="brand-list" role="status" aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <div key={index} className="brand-card" aria-hidden="true">
              <span className="skeleton brand-card__mark" />
              <span className="skeleton skeleton--text" style={{ width: '60%' }} />
            </div>
          ))}
        </div>
      )}
      {brands.isError && (
        <ErrorState
          message={errorMessage(t, brands.error)}
          onRetry={() => void brands.refetch()}
          retrying={brands.isFetching}
        />
      )}
      {brands.isSuccess && list.length === 0 && <EmptyState title={t('catalog.noProducts')} />}
      {list.length > 0 && (
        <ul className="brand-list">
          {list.map((brand) => (
            <li key={brand.slug}>
              <Link
                className="brand-card"
                to={`${products}${listingQuery({ filter: { brands: [brand.slug] } })}`}
              >
                <span className="brand-card__mark" aria-hidden="true">
                  {brand.name.slice(0, 1).toUpperCase()}
                </span>
                <span className="brand-card__name">{brand.name}</span>
                <span className="brand-card__count">
                  {t('catalog.productCount', { count: brand.count })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

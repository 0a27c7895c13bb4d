import { buildPath } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../lib/router';
import { errorMessage } from '../../../lib/i18n/error-message';
import { useLanguage } from '../../../lib/i18n/use-language';
import { SearchIcon } from '../../../lib/ui/icons';
import { ProductGrid, ProductGridSkeleton } from '../../../lib/ui/product-card';
import { EmptyState, ErrorState } from '../../../lib/ui/states';
import { useSearch } from '../api/search-products';

/** /products?q=…: the products the search found, or a way on to the catalogue. */
export function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const search = useSearch(query);
  return (
    <>
      {search.isError && (
        <ErrorState
          message={errorMessage(t, search.error)}
          onRetry={() => void search.refetch()}
          retrying={search.isFetching}
        />
      )}
      {search.isPending && <ProductGridSkeleton count={4} />}
      {search.data && search.data.data.length === 0 && (
        <EmptyState
          title={t('catalog.nothingFound')}
          text={t('catalog.nothingFoundHint')}
          icon={<SearchIcon size={40} />}
          action={
            <Link className="btn btn--secondary" to={buildPath(lang, 'catalog')}>
              {t('common.goToCatalog')}
            </Link>
          }
        />
      )}
      {search.data && search.data.data.length > 0 && (
        <ProductGrid products={search.data.data} label={t('catalog.searchResultsLabel')} />
      )}
    </>
  );
}

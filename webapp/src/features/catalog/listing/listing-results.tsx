import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/i18n/error-message';
import { SearchIcon } from '../../../lib/ui/icons';
import { ProductGrid, ProductGridSkeleton } from '../../../lib/ui/product-card';
import { EmptyState, ErrorState } from '../../../lib/ui/states';
import type { ListingPages } from './use-listing-pages';

/**
 * The products of the pages loaded so far, with the first page's loading, error and empty
 * states, then "Show more" (or the failed page's retry) and how many of how many are shown.
 */
export function ListingResults({
  pages,
  label,
  filtered,
  onResetFilters,
  onShowMore,
}: {
  pages: ListingPages;
  /** The grid's accessible name: the page's title. */
  label: string;
  filtered: boolean;
  onResetFilters: () => void;
  onShowMore: () => void;
}) {
  const { t } = useTranslation();
  const { first, items, pendingMore, failed, canShowMore, total } = pages;
  return (
    <>
      {first.isError && !first.data && (
        <ErrorState
          message={errorMessage(t, first.error)}
          onRetry={() => void first.refetch()}
          retrying={first.isFetching}
        />
      )}
      {first.isPending && <ProductGridSkeleton count={6} />}
      {first.isSuccess && !first.isPlaceholderData && items.length === 0 && (
        <EmptyState
          title={t('catalog.noProducts')}
          text={filtered ? t('catalog.noProductsHint') : undefined}
          icon={<SearchIcon size={40} />}
          action={
            filtered ? (
              <button type="button" className="btn btn--primary" onClick={onResetFilters}>
                {t('catalog.filters.resetFilters')}
              </button>
            ) : undefined
          }
        />
      )}
      {items.length > 0 && (
        <div className={first.isPlaceholderData ? 'listing listing--stale' : 'listing'}>
          <ProductGrid
            products={items}
            label={label}
            eagerCount={2}
            busy={first.isPlaceholderData || pendingMore}
          />
        </div>
      )}
      {failed && (
        <ErrorState
          message={errorMessage(t, failed.error)}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      )}
      {pendingMore && <ProductGridSkeleton count={2} />}
      {canShowMore && !failed && (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={pendingMore}
          onClick={onShowMore}
        >
          {t('catalog.showMore')}
        </button>
      )}
      {items.length > 0 && total !== undefined && (
        <p className="listing__shown muted">
          {t('catalog.shownOf', { shown: items.length, total })}
        </p>
      )}
    </>
  );
}

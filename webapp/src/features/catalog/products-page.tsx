import {
  buildPath,
  formatMoney,
  SORTS,
  SortSchema,
  type Category,
  type Facets,
  type Product,
  activeFilters,
  hasActiveFilters,
  listingQuery,
  listingSearchParams,
  parseListingParams,
  removeFilter,
  withoutFilters,
  type ActiveFilter,
  type ListingFilter,
  type ListingState,
} from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { CloseIcon, FilterIcon, SearchIcon } from '../../lib/ui/icons';
import { ProductGrid, ProductGridSkeleton } from '../../lib/ui/product-card';
import { EmptyState, ErrorState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useIsTelegram } from '../../lib/telegram';
import { useCategories } from './api/get-categories';
import { MAX_LOADED_PAGES, useProductPages } from './api/get-products';
import { useSearch } from './api/search-products';
import { CategoryChips, ChipsSkeleton } from './category-chips';
import { FiltersSheet } from './filters-sheet';
import { categoryNeighbours, findCategory } from './find-category';
import { isFocusSearchState, SearchBox } from './search/search-box';
import './catalog.css';

/**
 * All products with filter and sort, and search results under `?q=`. The URL query is
 * the single source of the listing state; the page only reads it and writes it back.
 */
export function ProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const isTelegram = useIsTelegram();
  const state = parseListingParams(params);
  const categories = useCategories();
  const category =
    state.filter.category && categories.data
      ? findCategory(categories.data.data, state.filter.category)
      : null;

  const title = state.q
    ? t('catalog.searchResults', { query: state.q })
    : (category?.name ?? t('catalog.productsTitle'));
  useDocumentTitle(title);

  const update = (next: ListingState) => {
    // Replace, not push: Back leaves the list for where the shopper came from, and coming back
    // restores the list as it was. Scroll stays put so "Show more" continues where it was.
    setParams(listingSearchParams(next), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="products-page">
      {/* Inside Telegram there is no header with the search box: the list carries its own. */}
      {isTelegram && <SearchBox autoFocus={isFocusSearchState(location.state)} />}
      {state.q ? (
        <>
          <PageTitle>{title}</PageTitle>
          <SearchResults query={state.q} />
        </>
      ) : (
        <Listing
          title={title}
          state={state}
          tree={categories.data?.data ?? []}
          treePending={categories.isPending}
          onChange={update}
        />
      )}
    </div>
  );
}

function Listing({
  title,
  state,
  tree,
  treePending,
  onChange,
}: {
  title: string;
  state: ListingState;
  tree: readonly Category[];
  /** The categories are on their way: their chips' row is held for them. */
  treePending: boolean;
  onChange: (next: ListingState) => void;
}) {
  const { t } = useTranslation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const { filter } = state;
  const { first, rest, lastPage, upTo } = useProductPages(filter, state.page);
  const facets = first.data?.facets;
  const total = first.isPlaceholderData ? undefined : first.data?.meta.total;

  const setFilter = (next: ListingFilter) => {
    onChange({ filter: next, page: 1, q: '' });
  };

  // The first page has its own loading and error states; these are for the pages "Show more"
  // added. A gap would shuffle the order, so the list stops at the first page not here yet.
  const items: Product[] = [...(first.data?.data ?? [])];
  let pendingMore = false;
  let failed: (typeof rest)[number] | null = null;
  if (first.data) {
    for (const page of rest) {
      if (page.data) {
        items.push(...page.data.data);
        continue;
      }
      pendingMore = page.isPending;
      if (page.isError) failed = page;
      break;
    }
  }
  const canShowMore = !first.isPlaceholderData && upTo < lastPage && upTo < MAX_LOADED_PAGES;
  const chips = activeFilters(filter);
  const filtered = hasActiveFilters(filter);
  const chipLabel = useChipLabel(facets, tree);
  const neighbours = categoryNeighbours(tree, filter.category);
  const chipQuery = (slug: string) =>
    listingQuery({ filter: { category: slug, ...(filter.sort ? { sort: filter.sort } : {}) } });

  return (
    <>
      {/* The count's line is held (blank) while it loads, so the list does not move down. */}
      <PageTitle
        subtitle={total !== undefined ? t('catalog.productCount', { count: total }) : '\u00a0'}
      >
        {title}
      </PageTitle>

      {treePending && <ChipsSkeleton />}
      {neighbours.length > 0 && (
        <CategoryChips
          categories={neighbours}
          label={t('home.categories')}
          active={filter.category}
          query={chipQuery}
        />
      )}

      <div className="listing-toolbar">
        <button
          type="button"
          className="btn btn--secondary btn--sm listing-toolbar__filters"
          aria-haspopup="dialog"
          onClick={() => {
            setSheetOpen(true);
          }}
        >
          <FilterIcon size={18} />
          {t('catalog.filters.title')}
          {chips.length > 0 && (
            <span className="listing-toolbar__count" aria-hidden="true">
              {chips.length}
            </span>
          )}
        </button>
        <label className="select-field">
          <span className="select-field__label">{t('catalog.sort')}</span>
          <select
            value={filter.sort ?? 'popular'}
            onChange={(event) => {
              const sort = SortSchema.safeParse(event.target.value);
              if (sort.success)
                onChange({ filter: { ...filter, sort: sort.data }, page: 1, q: '' });
            }}
          >
            {SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`catalog.sorts.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {chips.length > 0 && (
        <div className="active-filters">
          <ul className="active-filters__list" aria-label={t('catalog.filters.selected')}>
            {chips.map((chip) => {
              const label = chipLabel(chip);
              return (
                <li key={chipKey(chip)}>
                  <button
                    type="button"
                    className="chip chip--removable"
                    aria-label={t('catalog.filters.remove', { name: label })}
                    onClick={() => {
                      setFilter(removeFilter(filter, chip));
                    }}
                  >
                    {label}
                    <CloseIcon size={14} />
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => {
              setFilter(withoutFilters(filter));
            }}
          >
            {t('catalog.filters.clearAll')}
          </button>
        </div>
      )}

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
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => {
                  setFilter(withoutFilters(filter));
                }}
              >
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
            label={title}
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
          onClick={() => {
            onChange({ ...state, page: upTo + 1 });
          }}
        >
          {t('catalog.showMore')}
        </button>
      )}
      {items.length > 0 && total !== undefined && (
        <p className="listing__shown muted">
          {t('catalog.shownOf', { shown: items.length, total })}
        </p>
      )}

      <FiltersSheet
        open={sheetOpen}
        onClose={() => {
          setSheetOpen(false);
        }}
        filter={filter}
        facets={facets}
        categoryName={
          filter.category ? (findCategory(tree, filter.category)?.name ?? undefined) : undefined
        }
        onApply={setFilter}
      />
    </>
  );
}

function chipKey(chip: ActiveFilter): string {
  switch (chip.kind) {
    case 'category':
    case 'brand':
      return `${chip.kind}:${chip.slug}`;
    case 'attribute':
      return `attr:${chip.code}:${chip.value}`;
    default:
      return chip.kind;
  }
}

/** A chip's text: names from the facets (or the category tree), codes only as a last resort. */
function useChipLabel(facets: Facets | undefined, tree: readonly Category[]) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (chip: ActiveFilter): string => {
    switch (chip.kind) {
      case 'category':
        return (
          findCategory(tree, chip.slug)?.name ??
          facets?.categories.find((c) => c.slug === chip.slug)?.name ??
          chip.slug
        );
      case 'brand':
        return facets?.brands.find((b) => b.slug === chip.slug)?.name ?? chip.slug;
      case 'price_min':
        return t('catalog.filters.priceFromChip', { price: formatMoney(chip.amount, lang) });
      case 'price_max':
        return t('catalog.filters.priceToChip', { price: formatMoney(chip.amount, lang) });
      case 'in_stock':
        return t('catalog.inStockOnly');
      case 'discounted':
        return t('catalog.onSale');
      case 'attribute':
        return (
          facets?.attributes
            .find((a) => a.code === chip.code)
            ?.values.find((v) => v.value === chip.value)?.name ?? chip.value
        );
    }
  };
}

function SearchResults({ query }: { query: string }) {
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

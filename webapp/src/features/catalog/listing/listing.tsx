import {
  activeFilters,
  hasActiveFilters,
  listingQuery,
  withoutFilters,
  type Category,
  type ListingFilter,
  type ListingState,
} from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../lib/ui/states';
import { CategoryChips, ChipsSkeleton } from '../category-chips';
import { categoryNeighbours, findCategory } from '../find-category';
import { ActiveFilters } from './active-filters';
import { FiltersSheet } from './filters-sheet';
import { ListingResults } from './listing-results';
import { ListingToolbar } from './listing-toolbar';
import { useListingPages } from './use-listing-pages';

/**
 * The product list of /products: title and count, the neighbouring categories, the toolbar
 * (filters, sort), the filters in force, the products with "Show more", and the filters sheet.
 */
export function Listing({
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
  const [sheetOpen, setSheetOpen] = useState(false);
  const { filter } = state;
  const pages = useListingPages(filter, state.page);
  const { facets, total } = pages;

  const setFilter = (next: ListingFilter) => {
    onChange({ filter: next, page: 1, q: '' });
  };
  const chips = activeFilters(filter);

  return (
    <>
      <ListingHeading
        title={title}
        total={total}
        filter={filter}
        tree={tree}
        treePending={treePending}
      />

      <ListingToolbar
        sort={filter.sort}
        activeCount={chips.length}
        onOpenFilters={() => {
          setSheetOpen(true);
        }}
        onSort={(sort) => {
          setFilter({ ...filter, sort });
        }}
      />
      <ActiveFilters
        filter={filter}
        chips={chips}
        facets={facets}
        tree={tree}
        onChange={setFilter}
      />
      <ListingResults
        pages={pages}
        label={title}
        filtered={hasActiveFilters(filter)}
        onResetFilters={() => {
          setFilter(withoutFilters(filter));
        }}
        onShowMore={() => {
          onChange({ ...state, page: pages.upTo + 1 });
        }}
      />

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

/**
 * The title with the product count, then the chosen category's neighbours as chips that keep
 * the list's sort.
 */
function ListingHeading({
  title,
  total,
  filter,
  tree,
  treePending,
}: {
  title: string;
  total: number | undefined;
  filter: ListingFilter;
  tree: readonly Category[];
  treePending: boolean;
}) {
  const { t } = useTranslation();
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
    </>
  );
}

import { isSlug, SortSchema, type Sort } from '@shop/shared';
import { useId, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/i18n/error-message';
import { SearchIcon } from '../../lib/ui/icons';
import { ProductGrid, ProductGridSkeleton } from '../../lib/ui/product-card';
import { EmptyState, ErrorState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useCategories } from './api/get-categories';
import { useProducts, type ProductsQuery } from './api/get-products';
import { useSearch } from './api/search-products';
import { CategoryChips } from './category-chips';
import { findCategory } from './find-category';
import './catalog.css';

/** All products with filter and sort (spec §2), and search results under `?q=`. */
export function ProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  const categoryParam = params.get('category');
  const category = categoryParam !== null && isSlug(categoryParam) ? categoryParam : undefined;
  const sort: Sort = SortSchema.safeParse(params.get('sort')).data ?? 'popular';
  const inStock = params.get('in_stock') === '1';
  const categories = useCategories();
  const categoryName =
    category && categories.data ? findCategory(categories.data.data, category)?.name : undefined;

  const title = query
    ? t('catalog.searchResults', { query })
    : (categoryName ?? t('catalog.productsTitle'));
  useDocumentTitle(title);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="products-page">
      <PageTitle>{title}</PageTitle>
      <SearchForm
        initial={query}
        onSearch={(value) => {
          update({ q: value.trim() });
        }}
      />
      {!query && (
        <>
          {categories.data && categories.data.data.length > 0 && (
            <CategoryChips
              categories={categories.data.data}
              label={t('home.categories')}
              active={category}
            />
          )}
          <div className="filters">
            <label className="select-field">
              <span className="select-field__label">{t('catalog.sort')}</span>
              <select
                value={sort}
                onChange={(event) => {
                  update({ sort: event.target.value === 'popular' ? null : event.target.value });
                }}
              >
                {SortSchema.options.map((option) => (
                  <option key={option} value={option}>
                    {t(`catalog.sorts.${option}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="check-field">
              <input
                type="checkbox"
                checked={inStock}
                onChange={(event) => {
                  update({ in_stock: event.target.checked ? '1' : null });
                }}
              />
              {t('catalog.inStockOnly')}
            </label>
            {category && (
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => {
                  update({ category: null });
                }}
              >
                {t('catalog.clearFilter')}
              </button>
            )}
          </div>
          <ProductList
            filter={{
              sort,
              ...(category ? { category } : {}),
              ...(inStock ? { in_stock: true } : {}),
            }}
          />
        </>
      )}
      {query && <SearchResults query={query} />}
    </div>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    onSearch(typeof value === 'string' ? value : '');
  };
  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {t('catalog.searchLabel')}
      </label>
      <input
        // Remount on a new URL query so the field shows what is being searched.
        key={initial}
        id={id}
        name="q"
        type="search"
        enterKeyHint="search"
        maxLength={100}
        defaultValue={initial}
        placeholder={t('catalog.searchPlaceholder')}
      />
      <button type="submit" className="search-form__submit" aria-label={t('catalog.searchSubmit')}>
        <SearchIcon size={20} />
      </button>
    </form>
  );
}

function ProductList({ filter }: { filter: ProductsQuery }) {
  const { t } = useTranslation();
  const products = useProducts(filter);
  const items = products.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      {products.isError && (
        <ErrorState
          message={errorMessage(t, products.error)}
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
        />
      )}
      {products.isPending && <ProductGridSkeleton count={6} />}
      {products.isSuccess && items.length === 0 && <EmptyState title={t('catalog.noProducts')} />}
      {items.length > 0 && <ProductGrid products={items} label={t('catalog.productsTitle')} />}
      {products.hasNextPage && (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={products.isFetchingNextPage}
          onClick={() => void products.fetchNextPage()}
        >
          {t('catalog.showMore')}
        </button>
      )}
    </>
  );
}

function SearchResults({ query }: { query: string }) {
  const { t } = useTranslation();
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
        <EmptyState title={t('catalog.nothingFound')} icon={<SearchIcon size={40} />} />
      )}
      {search.data && search.data.data.length > 0 && (
        <ProductGrid products={search.data.data} label={t('catalog.productsTitle')} />
      )}
    </>
  );
}

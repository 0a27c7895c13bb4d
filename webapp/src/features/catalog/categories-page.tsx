import { buildPath, isSlug, type Category, listingQuery } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from '../../lib/router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronRightIcon, GridIcon } from '../../lib/ui/icons';
import { EmptyState, ErrorState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useCategories } from './api/get-categories';
import { useBrandFacets } from './api/get-products';
import { findCategory } from './find-category';
import './catalog.css';

function useProductsLink() {
  const lang = useLanguage();
  const products = buildPath(lang, 'products');
  return (slug: string) => `${products}?category=${encodeURIComponent(slug)}`;
}

/** /categories: the whole category tree, every level. */
export function CategoriesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('catalog.categoriesTitle'));
  const categories = useCategories();
  const link = useProductsLink();
  return (
    <div>
      <PageTitle>{t('catalog.categoriesTitle')}</PageTitle>
      <CategoriesStatus query={categories} />
      {categories.data && (
        <ul className="category-tree">
          {categories.data.data.map((category) => (
            <li key={category.slug} className="category-tree__group">
              <Link className="category-tree__parent" to={link(category.slug)}>
                <CategoryThumb category={category} />
                <span>{category.name}</span>
                <ChevronRightIcon size={18} />
              </Link>
              {category.children.length > 0 && (
                <ul className="category-tree__children">
                  {category.children.map((child) => (
                    <li key={child.slug}>
                      <Link className="chip" to={link(child.slug)}>
                        {child.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The catalogue landing: top categories as tiles. A category with sub-categories opens its own
 * level here (/catalog?category=kitchen), a leaf opens its products; Back climbs up again.
 */
export function CatalogPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const categories = useCategories();
  const link = useProductsLink();
  const tree = categories.data?.data ?? [];
  const slug = params.get('category');
  const parent = slug && isSlug(slug) ? findCategory(tree, slug) : null;
  const level = parent && parent.children.length > 0 ? parent : null;
  const title = level?.name ?? t('catalog.title');
  useDocumentTitle(title);
  // A category with nothing below it (a banner or an old link may point here) has no level of
  // its own to show: its products are the next step.
  if (parent && !level) return <Navigate replace to={link(parent.slug)} />;
  const catalog = buildPath(lang, 'catalog');
  return (
    <div>
      <PageTitle>{title}</PageTitle>
      {categories.isPending ? <TilesSkeleton /> : <CategoriesStatus query={categories} />}
      {categories.data && (
        <ul className="category-tiles">
          <li>
            <Link
              className="category-tile category-tile--all"
              to={level ? link(level.slug) : buildPath(lang, 'products')}
            >
              <span className="category-tile__icon">
                <GridIcon size={32} />
              </span>
              <span className="category-tile__name">
                {level ? t('catalog.allIn', { name: level.name }) : t('catalog.productsTitle')}
              </span>
            </Link>
          </li>
          {(level?.children ?? tree).map((category) => (
            <li key={category.slug}>
              <Link
                className="category-tile"
                to={
                  category.children.length > 0
                    ? `${catalog}?category=${encodeURIComponent(category.slug)}`
                    : link(category.slug)
                }
              >
                <CategoryThumb category={category} large />
                <span className="category-tile__name">{category.name}</span>
                {category.children.length > 0 && (
                  <span className="category-tile__meta">
                    {t('catalog.subcategories', { count: category.children.length })}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TilesSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="category-tiles" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="category-tile" aria-hidden="true">
          <span className="skeleton category-tile__icon" />
          <span className="skeleton skeleton--text" style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  );
}

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

function CategoryThumb({ category, large = false }: { category: Category; large?: boolean }) {
  const size = large ? 96 : 40;
  if (!category.image) {
    return (
      <span className={large ? 'category-tile__icon' : 'category-thumb category-thumb--empty'}>
        <GridIcon size={large ? 32 : 20} />
      </span>
    );
  }
  return (
    <img
      className={large ? 'category-tile__image' : 'category-thumb'}
      src={category.image}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  );
}

function CategoriesStatus({ query }: { query: ReturnType<typeof useCategories> }) {
  const { t } = useTranslation();
  if (query.isPending) return <TreeSkeleton />;
  if (query.isError) {
    return (
      <ErrorState
        message={errorMessage(t, query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return null;
}

function TreeSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="category-tree" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className="category-tree__group" aria-hidden="true">
          <span className="category-tree__parent">
            <span className="skeleton category-thumb" />
            <span className="skeleton skeleton--text" style={{ width: '50%' }} />
          </span>
        </div>
      ))}
    </div>
  );
}

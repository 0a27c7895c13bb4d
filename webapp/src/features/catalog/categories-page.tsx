import { buildPath, type Category } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronRightIcon, GridIcon } from '../../lib/ui/icons';
import { ErrorState, PageTitle, Spinner } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useCategories } from './api/get-categories';
import './catalog.css';

function useProductsLink() {
  const lang = useLanguage();
  const products = buildPath(lang, 'products');
  return (slug: string) => `${products}?category=${encodeURIComponent(slug)}`;
}

/** The whole category tree (spec: /categories "all categories"). */
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

/** The catalogue entry: top-level categories as tiles, plus all products. */
export function CatalogPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('catalog.title'));
  const categories = useCategories();
  const link = useProductsLink();
  return (
    <div>
      <PageTitle>{t('catalog.title')}</PageTitle>
      <CategoriesStatus query={categories} />
      {categories.data && (
        <ul className="category-tiles">
          <li>
            <Link className="category-tile category-tile--all" to={buildPath(lang, 'products')}>
              <span className="category-tile__icon">
                <GridIcon size={32} />
              </span>
              <span className="category-tile__name">{t('catalog.productsTitle')}</span>
            </Link>
          </li>
          {categories.data.data.map((category) => (
            <li key={category.slug}>
              <Link className="category-tile" to={link(category.slug)}>
                <CategoryThumb category={category} large />
                <span className="category-tile__name">{category.name}</span>
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
  if (query.isPending) return <Spinner label={t('common.loading')} />;
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

import { buildPath, isSlug } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { GridIcon } from '../../lib/ui/icons';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useCategories } from './api/get-categories';
import { CategoriesStatus, CategoryThumb, useProductsLink } from './category-parts';
import { findCategory } from './find-category';
import './catalog.css';

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

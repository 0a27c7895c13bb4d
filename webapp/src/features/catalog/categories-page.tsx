import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { ChevronRightIcon } from '../../lib/ui/icons';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useCategories } from './api/get-categories';
import { CategoriesStatus, CategoryThumb, useProductsLink } from './category-parts';
import './catalog.css';

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

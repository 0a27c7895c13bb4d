import { buildPath, type Category } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { GridIcon } from '../../lib/ui/icons';
import { ImageOrPlaceholder } from '../../lib/ui/image-or-placeholder';
import { ErrorState } from '../../lib/ui/states';
import type { useCategories } from './api/get-categories';

// What the catalogue's category pages (/catalog, /categories) share.

/** The product list of one category: where a category's link leads. */
export function useProductsLink() {
  const lang = useLanguage();
  const products = buildPath(lang, 'products');
  return (slug: string) => `${products}?category=${encodeURIComponent(slug)}`;
}

/** A category's picture, or the grid icon where it has none or it cannot load; `large` for a tile. */
export function CategoryThumb({
  category,
  large = false,
}: {
  category: Category;
  large?: boolean;
}) {
  const size = large ? 96 : 40;
  const empty = (
    <span className={large ? 'category-tile__icon' : 'category-thumb category-thumb--empty'}>
      <GridIcon size={large ? 32 : 20} />
    </span>
  );
  if (!category.image) return empty;
  return (
    <ImageOrPlaceholder
      placeholder={empty}
      className={large ? 'category-tile__image' : 'category-thumb'}
      src={category.image}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  );
}

/** The category tree's loading skeleton or its error with Retry; nothing once it is here. */
export function CategoriesStatus({ query }: { query: ReturnType<typeof useCategories> }) {
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

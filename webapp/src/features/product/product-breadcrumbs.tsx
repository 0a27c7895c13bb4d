import { buildPath, type ProductDetail } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';

/** Home › Catalogue › the product's categories › the product. */
export function ProductBreadcrumbs({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <nav className="breadcrumbs" aria-label={t('product.breadcrumbs')}>
      <ol>
        <li>
          <Link to={buildPath(lang, 'home')}>{t('nav.home')}</Link>
        </li>
        <li>
          <Link to={buildPath(lang, 'catalog')}>{t('nav.catalog')}</Link>
        </li>
        {product.breadcrumbs.map((crumb) => (
          <li key={crumb.slug}>
            <Link to={`${buildPath(lang, 'products')}?category=${encodeURIComponent(crumb.slug)}`}>
              {crumb.name}
            </Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{product.name}</span>
        </li>
      </ol>
    </nav>
  );
}

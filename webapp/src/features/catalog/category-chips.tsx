import { buildPath, type Category } from '@shop/shared';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';

/** A scrollable row of category links into the product list, filtered by that category. */
export function CategoryChips({
  categories,
  label,
  active,
  query = (slug) => `?category=${encodeURIComponent(slug)}`,
}: {
  categories: readonly Category[];
  label: string;
  active?: string | undefined;
  /** The query string a chip links to, e.g. to keep the chosen sort. */
  query?: (slug: string) => string;
}) {
  const lang = useLanguage();
  const products = buildPath(lang, 'products');
  return (
    <nav className="chips" aria-label={label}>
      <ul className="chips__list">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              className={category.slug === active ? 'chip chip--active' : 'chip'}
              to={`${products}${query(category.slug)}`}
              aria-current={category.slug === active ? 'page' : undefined}
            >
              {category.image && (
                <img
                  className="chip__image"
                  src={category.image}
                  alt=""
                  width={24}
                  height={24}
                  loading="lazy"
                />
              )}
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

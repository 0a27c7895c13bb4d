import { buildPath, type Category } from '@shop/shared';
import { Link } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { telegramSelectionHaptic } from '../../lib/telegram';
import { ImageIcon } from '../../lib/ui/icons';
import { ImageOrPlaceholder } from '../../lib/ui/image-or-placeholder';

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
              onClick={telegramSelectionHaptic}
            >
              {category.image && (
                <ImageOrPlaceholder
                  placeholder={
                    <span className="chip__image chip__image--empty" aria-hidden="true">
                      <ImageIcon size={14} />
                    </span>
                  }
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

/** A row of grey chips while the categories load, as tall as the row that replaces it. */
export function ChipsSkeleton() {
  return (
    <div className="chips" aria-hidden="true">
      <div className="chips__list">
        {[96, 120, 84, 110].map((width) => (
          <span key={width} className="chip skeleton" style={{ width }} />
        ))}
      </div>
    </div>
  );
}

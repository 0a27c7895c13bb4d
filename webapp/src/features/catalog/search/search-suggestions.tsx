import { formatMoney, type Product } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ImageIcon } from '../../../lib/ui/icons';
import { ImageOrPlaceholder } from '../../../lib/ui/image-or-placeholder';
import { optionId } from './search-option-id';

/** Keeps the focus in the box, so the click is not lost to its blur. */
function keepFocus(event: React.MouseEvent) {
  event.preventDefault();
}

/** The popup under the box: product suggestions and "All results for …", or "Nothing found". */
export function SearchSuggestions({
  products,
  listId,
  activeIndex,
  query,
  onHover,
  onPick,
  onAll,
}: {
  products: readonly Product[];
  listId: string;
  /** The highlighted option; -1: none. */
  activeIndex: number;
  /** What "All results for …" searches: the text the suggestions are for. */
  query: string;
  onHover: (index: number) => void;
  onPick: (product: Product) => void;
  onAll: (query: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (products.length === 0) {
    return (
      <div className="search-box__popup">
        <p className="search-box__empty" role="status">
          {t('catalog.nothingFound')}
        </p>
      </div>
    );
  }
  return (
    <div className="search-box__popup">
      <ul
        id={listId}
        role="listbox"
        aria-label={t('catalog.suggestions')}
        className="search-box__list"
      >
        {products.map((product, index) => (
          <li
            key={product.product_id}
            id={optionId(listId, index)}
            role="option"
            aria-selected={index === activeIndex}
            className="search-option"
            onMouseDown={keepFocus}
            onMouseEnter={() => {
              onHover(index);
            }}
            onClick={() => {
              onPick(product);
            }}
          >
            <SuggestionImage product={product} />
            <span className="search-option__name">{product.name}</span>
            <span className="search-option__price">{formatMoney(product.price, lang)}</span>
          </li>
        ))}
        <li
          id={optionId(listId, products.length)}
          role="option"
          aria-selected={activeIndex === products.length}
          className="search-option search-option--all"
          onMouseDown={keepFocus}
          onMouseEnter={() => {
            onHover(products.length);
          }}
          onClick={() => {
            onAll(query);
          }}
        >
          {t('catalog.searchAll', { query })}
        </li>
      </ul>
    </div>
  );
}

function SuggestionImage({ product }: { product: Product }) {
  const image = product.images[0];
  const empty = (
    <span className="search-option__image search-option__image--empty" aria-hidden="true">
      <ImageIcon size={18} />
    </span>
  );
  if (!image) return empty;
  return (
    <ImageOrPlaceholder
      placeholder={empty}
      className="search-option__image"
      src={image.url}
      width={40}
      height={40}
      alt=""
      decoding="async"
    />
  );
}

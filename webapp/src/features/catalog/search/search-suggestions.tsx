import { formatMoney, type Product } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ImageIcon } from '../../../lib/ui/icons';
import type { SearchCombobox } from './use-search-combobox';

/** The popup under the box: product suggestions and "All results for …", or "Nothing found". */
export function SearchSuggestions({ box }: { box: SearchCombobox }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { products, activeIndex, optionId } = box;
  // Keeps the focus in the box, so the click is not lost to its blur.
  const keepFocus = (event: React.MouseEvent) => {
    event.preventDefault();
  };
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
        id={box.listId}
        role="listbox"
        aria-label={t('catalog.suggestions')}
        className="search-box__list"
      >
        {products.map((product, index) => (
          <li
            key={product.product_id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className="search-option"
            onMouseDown={keepFocus}
            onMouseEnter={() => {
              box.setActive(index);
            }}
            onClick={() => {
              box.openProduct(product);
            }}
          >
            <SuggestionImage product={product} />
            <span className="search-option__name">{product.name}</span>
            <span className="search-option__price">{formatMoney(product.price, lang)}</span>
          </li>
        ))}
        <li
          id={optionId(products.length)}
          role="option"
          aria-selected={activeIndex === products.length}
          className="search-option search-option--all"
          onMouseDown={keepFocus}
          onMouseEnter={() => {
            box.setActive(products.length);
          }}
          onClick={() => {
            box.showResults(box.suggestedFor);
          }}
        >
          {t('catalog.searchAll', { query: box.suggestedFor })}
        </li>
      </ul>
    </div>
  );
}

function SuggestionImage({ product }: { product: Product }) {
  const image = product.images[0];
  if (!image) {
    return (
      <span className="search-option__image search-option__image--empty" aria-hidden="true">
        <ImageIcon size={18} />
      </span>
    );
  }
  return (
    <img
      className="search-option__image"
      src={image.url}
      width={40}
      height={40}
      alt=""
      decoding="async"
    />
  );
}

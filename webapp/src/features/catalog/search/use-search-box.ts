import {
  buildPath,
  listingQuery,
  matchRoute,
  MAX_QUERY_LENGTH,
  parseListingParams,
  type Product,
} from '@shop/shared';
import {
  useId,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type SubmitEvent,
} from 'react';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useLocation } from '../../../lib/router';
import { useDebouncedValue } from '../../../lib/utils/use-debounced-value';
import { useSearchSuggestions } from '../api/search-products';
import { optionId } from './search-option-id';

const DEBOUNCE_MS = 250;
/** One letter matches half the catalogue; suggestions start at two. */
const MIN_SUGGEST_LENGTH = 2;

/**
 * The box's text: the query the results view shows, so the box reads what is being searched,
 * and what the shopper types over it. A new URL query (Back, a link) replaces whatever was typed
 * and closes the popup; set during render, not in an effect, so the box never shows the old
 * text for a frame.
 */
function useBoxText(setPopupOpen: (open: boolean) => void) {
  const location = useLocation();
  const urlQuery =
    matchRoute(location.pathname)?.route.id === 'products'
      ? parseListingParams(new URLSearchParams(location.search)).q
      : '';
  const [value, setValue] = useState(urlQuery);
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  if (syncedQuery !== urlQuery) {
    setSyncedQuery(urlQuery);
    setValue(urlQuery);
    setPopupOpen(false);
  }
  return [value, setValue] as const;
}

/**
 * The search box's state, as the props of its form, its searchbox and its popup (null while the
 * popup is hidden): the text, the products suggested for it, the highlighted option, and where a
 * pick or a search goes (`go`). `popupLoaded`: the popup's code is there; `loadPopup` fetches it.
 */
export function useSearchBox(
  go: (path: string) => void,
  popupLoaded: boolean,
  loadPopup: () => void,
) {
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useBoxText(setOpen);
  const [active, setActive] = useState(-1);
  const listId = useId();

  const debounced = useDebouncedValue(value.trim(), DEBOUNCE_MS);
  const suggesting = debounced.length >= MIN_SUGGEST_LENGTH;
  const suggestions = useSearchSuggestions(suggesting ? debounced : '');
  const products: readonly Product[] = (suggesting && suggestions.data?.data) || [];
  const settled = suggesting && suggestions.isSuccess && !suggestions.isPlaceholderData;
  // Products, then "All results for …" as the last option.
  const optionCount = products.length > 0 ? products.length + 1 : 0;
  const showPopup = open && suggesting && (optionCount > 0 || settled);
  const activeIndex = showPopup && active < optionCount ? active : -1;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const openProduct = (product: Product) => {
    close();
    setValue('');
    go(buildPath(lang, 'product', { slug: product.slug }));
  };

  const showResults = (query: string) => {
    const q = query.trim().slice(0, MAX_QUERY_LENGTH);
    if (q === '') return;
    close();
    go(`${buildPath(lang, 'products')}${listingQuery({ q })}`);
  };

  const form = {
    action: buildPath(lang, 'products'),
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const product = activeIndex >= 0 ? products[activeIndex] : undefined;
      if (product) openProduct(product);
      else showResults(value);
    },
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) close();
    },
  };
  const input = {
    // Only a list on the page can be named: "Nothing found" is no list of options.
    'aria-controls': showPopup && popupLoaded && optionCount > 0 ? listId : undefined,
    'aria-activedescendant': activeIndex >= 0 ? optionId(listId, activeIndex) : undefined,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.target.value);
      setOpen(true);
      setActive(-1);
    },
    onFocus: () => {
      setOpen(true);
      loadPopup();
    },
    onKeyDown: popupKeys(showPopup, optionCount, activeIndex, setOpen, setActive, close),
  };
  const popup = showPopup
    ? {
        products,
        listId,
        activeIndex,
        query: debounced,
        onHover: setActive,
        onPick: openProduct,
        onAll: showResults,
      }
    : null;
  return [form, input, popup] as const;
}

/**
 * The arrow keys and Escape on the box, the popup `shown` or not: the arrows open it, then move
 * the highlight through its `optionCount` options; Escape closes it.
 */
function popupKeys(
  shown: boolean,
  optionCount: number,
  activeIndex: number,
  setOpen: (open: boolean) => void,
  setActive: (index: number) => void,
  close: () => void,
) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!shown) {
          setOpen(true);
          return;
        }
        if (optionCount === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // -1 (the text itself) sits between the last and the first option.
        const next = activeIndex + step;
        setActive(next >= optionCount ? -1 : next < -1 ? optionCount - 1 : next);
        return;
      }
      case 'Escape':
        if (shown) {
          // Only the popup closes; the browser's own Escape would also clear the text.
          event.preventDefault();
          close();
        }
        return;
    }
  };
}

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
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  type SubmitEvent,
} from 'react';
import { useLocation, useNavigate } from '../../../lib/router';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useDebouncedValue } from '../../../lib/utils/use-debounced-value';
import { useSearchSuggestions } from '../api/search-products';

const DEBOUNCE_MS = 250;
/** One letter matches half the catalogue; suggestions start at two. */
const MIN_SUGGEST_LENGTH = 2;

/** The query the results view shows, so the box reads what is being searched. */
function useUrlQuery(): string {
  const location = useLocation();
  if (matchRoute(location.pathname)?.route.id !== 'products') return '';
  return parseListingParams(new URLSearchParams(location.search)).q;
}

/**
 * The search box's state as a WAI-ARIA combobox: the text, the suggestions for it (debounced),
 * whether the popup shows, the highlighted option (-1: the text itself), and where Enter, a
 * click or the arrow keys lead.
 */
export function useSearchCombobox(inputRef: RefObject<HTMLInputElement | null>) {
  const lang = useLanguage();
  const navigate = useNavigate();
  const urlQuery = useUrlQuery();
  const [value, setValue] = useState(urlQuery);
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();

  // A new URL query (Back, a link) replaces whatever was typed; set during render, not in an
  // effect, so the box never shows the old text for a frame.
  if (syncedQuery !== urlQuery) {
    setSyncedQuery(urlQuery);
    setValue(urlQuery);
    setOpen(false);
  }

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
    inputRef.current?.blur();
    void navigate(buildPath(lang, 'product', { slug: product.slug }));
  };

  const showResults = (query: string) => {
    const q = query.trim().slice(0, MAX_QUERY_LENGTH);
    if (q === '') return;
    close();
    // The phone keyboard would otherwise cover the results it just asked for.
    inputRef.current?.blur();
    void navigate(`${buildPath(lang, 'products')}${listingQuery({ q })}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!showPopup) {
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
        if (showPopup) {
          // Only the popup closes; the browser's own Escape would also clear the text.
          event.preventDefault();
          close();
        }
        return;
    }
  };

  return {
    value,
    products,
    /** What "All results for …" searches: the text the suggestions are for. */
    suggestedFor: debounced,
    showPopup,
    listId,
    optionId: (index: number) => `${listId}-option-${index}`,
    activeIndex,
    setActive,
    openProduct,
    showResults,
    onKeyDown,
    onType: (text: string) => {
      setValue(text);
      setOpen(true);
      setActive(-1);
    },
    onFocus: () => {
      setOpen(true);
    },
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
}

export type SearchCombobox = ReturnType<typeof useSearchCombobox>;

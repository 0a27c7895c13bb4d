import {
  buildPath,
  matchRoute,
  type Product,
  listingQuery,
  MAX_QUERY_LENGTH,
  parseListingParams,
} from '@shop/shared';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type SubmitEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../../lib/router';
import { useLanguage } from '../../../lib/i18n/use-language';
import { SearchIcon } from '../../../lib/ui/icons';
import { useDebouncedValue } from '../../../lib/utils/use-debounced-value';
import { useSearchSuggestions } from '../api/search-products';
import { optionId } from './search-option-id';
import type { SearchSuggestions } from './search-suggestions';
import './search-box.css';

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
 * The shop's search: a searchbox named "Search" with product suggestions while typing (a listbox
 * the arrow keys move through, Enter opens the highlighted product) and, on submit, the results
 * view at /products?q=. Follows the WAI-ARIA combobox pattern on a plain searchbox so it keeps
 * the role shoppers' assistive tech announces as search.
 */
export function SearchBox({
  className = '',
  autoFocus = false,
}: {
  className?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const urlQuery = useUrlQuery();
  const [value, setValue] = useState(urlQuery);
  const [syncedQuery, setSyncedQuery] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  // The popup loads when the box is first used: home's first screen does without it. A failed
  // load (offline, a deploy in between) shows no popup and is tried again on the next focus.
  const [Suggestions, setSuggestions] = useState<typeof SearchSuggestions | null>(null);
  const loadSuggestions = () => {
    if (!Suggestions)
      import('./search-suggestions').then(
        (module) => {
          setSuggestions(() => module.SearchSuggestions);
        },
        () => undefined,
      );
  };

  // A new URL query (Back, a link) replaces whatever was typed; set during render, not in an
  // effect, so the box never shows the old text for a frame.
  if (syncedQuery !== urlQuery) {
    setSyncedQuery(urlQuery);
    setValue(urlQuery);
    setOpen(false);
  }

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const trimmed = value.trim();
  const debounced = useDebouncedValue(trimmed, DEBOUNCE_MS);
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

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const product = activeIndex >= 0 ? products[activeIndex] : undefined;
    if (product) openProduct(product);
    else showResults(value);
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

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) close();
  };

  return (
    <form
      role="search"
      className={`search-box ${className}`}
      onSubmit={onSubmit}
      onBlur={onBlur}
      action={buildPath(lang, 'products')}
    >
      <span className="search-box__icon" aria-hidden="true">
        <SearchIcon size={20} />
      </span>
      <input
        ref={inputRef}
        className="search-box__input"
        type="search"
        name="q"
        aria-label={t('nav.search')}
        aria-autocomplete="list"
        // Only a list on the page can be named: "Nothing found" is no list of options.
        aria-controls={showPopup && Suggestions && optionCount > 0 ? listId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(listId, activeIndex) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('catalog.searchPlaceholder')}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          setOpen(true);
          loadSuggestions();
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="search-box__submit" aria-label={t('catalog.searchSubmit')}>
        <SearchIcon size={18} />
      </button>
      {showPopup && Suggestions && (
        <Suggestions
          products={products}
          listId={listId}
          activeIndex={activeIndex}
          query={debounced}
          onHover={setActive}
          onPick={openProduct}
          onAll={showResults}
        />
      )}
    </form>
  );
}

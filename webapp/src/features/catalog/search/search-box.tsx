import { buildPath, MAX_QUERY_LENGTH } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { SearchIcon } from '../../../lib/ui/icons';
import { SearchSuggestions } from './search-suggestions';
import { useSearchCombobox } from './use-search-combobox';
import './search-box.css';

/** Router state that asks the search box of the next page to take the focus (the Search tab). */
export interface FocusSearchState {
  focusSearch: true;
}

export function isFocusSearchState(state: unknown): state is FocusSearchState {
  return typeof state === 'object' && state !== null && 'focusSearch' in state;
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
  const inputRef = useRef<HTMLInputElement>(null);
  const box = useSearchCombobox(inputRef);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  return (
    <form
      role="search"
      className={`search-box ${className}`}
      onSubmit={box.onSubmit}
      onBlur={box.onBlur}
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
        aria-controls={box.showPopup ? box.listId : undefined}
        aria-activedescendant={box.activeIndex >= 0 ? box.optionId(box.activeIndex) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('catalog.searchPlaceholder')}
        value={box.value}
        onChange={(event) => {
          box.onType(event.target.value);
        }}
        onFocus={box.onFocus}
        onKeyDown={box.onKeyDown}
      />
      <button type="submit" className="search-box__submit" aria-label={t('catalog.searchSubmit')}>
        <SearchIcon size={18} />
      </button>
      {box.showPopup && <SearchSuggestions box={box} />}
    </form>
  );
}

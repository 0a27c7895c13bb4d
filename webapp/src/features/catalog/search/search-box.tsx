import { MAX_QUERY_LENGTH } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { SearchIcon } from '../../../lib/ui/icons';
import type { SearchSuggestions } from './search-suggestions';
import { useSearchBox } from './use-search-box';
import './search-box.css';

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
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
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

  const go = (path: string) => {
    // The phone keyboard would otherwise cover the page it just asked for.
    inputRef.current?.blur();
    void navigate(path);
  };

  const [form, input, popup] = useSearchBox(go, Suggestions !== null, loadSuggestions);

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  return (
    <form role="search" className={`search-box ${className}`} {...form}>
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
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={t('catalog.searchPlaceholder')}
        {...input}
      />
      <button type="submit" className="search-box__submit" aria-label={t('catalog.searchSubmit')}>
        <SearchIcon size={18} />
      </button>
      {popup && Suggestions && <Suggestions {...popup} />}
    </form>
  );
}

import { listingSearchParams, parseListingParams, type ListingState } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from '../../lib/router';
import { useIsTelegram } from '../../lib/telegram';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useCategories } from './api/get-categories';
import { findCategory } from './find-category';
import { Listing } from './listing/listing';
import { isFocusSearchState } from './search/focus-search-state';
import { SearchBox } from './search/search-box';
import { SearchResults } from './search/search-results';
import './catalog.css';

/**
 * All products with filter and sort, and search results under `?q=`. The URL query is
 * the single source of the listing state; the page only reads it and writes it back.
 */
export function ProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const isTelegram = useIsTelegram();
  const state = parseListingParams(params);
  const categories = useCategories();
  const category =
    state.filter.category && categories.data
      ? findCategory(categories.data.data, state.filter.category)
      : null;

  const title = state.q
    ? t('catalog.searchResults', { query: state.q })
    : (category?.name ?? t('catalog.productsTitle'));
  useDocumentTitle(title);

  const update = (next: ListingState) => {
    // Replace, not push: Back leaves the list for where the shopper came from, and coming back
    // restores the list as it was. Scroll stays put so "Show more" continues where it was.
    setParams(listingSearchParams(next), { replace: true, preventScrollReset: true });
  };

  return (
    <div className="products-page">
      {/* Inside Telegram there is no header with the search box: the list carries its own. */}
      {isTelegram && <SearchBox autoFocus={isFocusSearchState(location.state)} />}
      {state.q ? (
        <>
          <PageTitle>{title}</PageTitle>
          <SearchResults query={state.q} />
        </>
      ) : (
        <Listing
          title={title}
          state={state}
          tree={categories.data?.data ?? []}
          treePending={categories.isPending}
          onChange={update}
        />
      )}
    </div>
  );
}

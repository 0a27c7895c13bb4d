import {
  blogQueryKey,
  categoriesQueryKey,
  listingSearchParams,
  parseListingParams,
  PRODUCTS_PER_PAGE,
  productsPageQueryKey,
  type ListingFilter,
  FIRST_PAINT_QUERIES_ID,
  homeQueryKey,
  successfulQueryState,
  GUEST_ANSWER_ACCOUNT_TYPES,
  isLanguage,
  productQueryKey,
  slidesQueryKey,
  SlugSchema,
} from '@shop/shared';
import { hashKey, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { parseCallResponse as parseResponse } from '../api/call-defs';
import { isRecord } from '../utils/is-record';

type DehydratedQuery = DehydratedState['queries'][number];

const isSlug = (value: unknown): value is string => SlugSchema.safeParse(value).success;

const isGuestAccountType = (value: unknown): value is (typeof GUEST_ANSWER_ACCOUNT_TYPES)[number] =>
  (GUEST_ANSWER_ACCOUNT_TYPES as readonly unknown[]).includes(value);

/**
 * `filter` when it is a listing filter as the app reads one from an address (written back to an
 * address and read again, it is unchanged), else null: the key of any other object would be one
 * the app never asks for.
 */
function canonicalListingFilter(filter: unknown): ListingFilter | null {
  if (!isRecord(filter)) return null;
  const state = parseListingParams(listingSearchParams({ filter: filter, page: 1, q: '' }));
  return hashKey([state.filter]) === hashKey([filter]) ? state.filter : null;
}

/**
 * The key and data of one query the page carries, when both are what the app itself would have
 * put in its cache: the key of a product, a blog post, home's rows or banners, a listing's first
 * page or the category tree (rebuilt here, not taken as sent), and an answer that passes the
 * call's own response check. Anything else is not ours: null.
 */
function checkedQuery(
  key: unknown,
  data: unknown,
  parseCallResponse: typeof parseResponse,
): { key: readonly unknown[]; data: unknown } | null {
  if (!Array.isArray(key)) return null;
  const [scope, kind, language, ...rest] = key as unknown[];
  if (!isLanguage(language)) return null;
  if (scope === 'catalog' && kind === 'product' && rest.length === 2) {
    const [accountType, slug] = rest;
    if (!isGuestAccountType(accountType) || !isSlug(slug)) return null;
    const answer = parseCallResponse('product', data);
    return answer && { key: productQueryKey(language, accountType, slug), data: answer };
  }
  if (scope === 'catalog' && kind === 'products' && rest.length === 4) {
    const [accountType, filter, page, perPage] = rest;
    // Only the first page of a filter exactly as the app reads one from an address.
    if (!isGuestAccountType(accountType) || page !== 1 || perPage !== PRODUCTS_PER_PAGE)
      return null;
    const canonical = canonicalListingFilter(filter);
    if (!canonical) return null;
    const answer = parseCallResponse('products', data);
    return (
      answer && {
        key: productsPageQueryKey(language, accountType, canonical, 1, PRODUCTS_PER_PAGE),
        data: answer,
      }
    );
  }
  if (scope === 'catalog' && kind === 'categories' && rest.length === 1) {
    const [accountType] = rest;
    if (!isGuestAccountType(accountType)) return null;
    const answer = parseCallResponse('categories', data);
    return answer && { key: categoriesQueryKey(language, accountType), data: answer };
  }
  if (scope === 'catalog' && kind === 'home' && rest.length === 1) {
    const [accountType] = rest;
    if (!isGuestAccountType(accountType)) return null;
    const answer = parseCallResponse('home', data);
    return answer && { key: homeQueryKey(language, accountType), data: answer };
  }
  if (scope === 'content' && kind === 'slides' && rest.length === 0) {
    const answer = parseCallResponse('slides', data);
    return answer && { key: slidesQueryKey(language), data: answer };
  }
  if (scope === 'content' && kind === 'blog' && rest.length === 1) {
    const [slug] = rest;
    if (!isSlug(slug)) return null;
    const answer = parseCallResponse('blog', data);
    return answer && { key: blogQueryKey(language, slug), data: answer };
  }
  return null;
}

/**
 * The queries of the server's inline state (shared/first-paint) that the app can trust, as
 * dehydrated state for `hydrate`. The text comes from the page, so anything may be in it: what
 * does not parse or check is left out, and the app fetches it as it would have anyway. The
 * server's time of reading is kept (a newer answer already cached wins over it), but never later
 * than `now`: a server clock ahead of the phone's would keep the data fresh for too long.
 */
export function readInlineQueries(text: string | null | undefined, now: number): DehydratedState {
  const none: DehydratedState = { mutations: [], queries: [] };
  if (!text) return none;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return none;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.queries)) return none;

  const queries: DehydratedQuery[] = [];
  // Home comes once per account type, usually with the same answer: each distinct answer is
  // checked once (the checks are the costliest part of the first load's own work).
  const answers = new Map<string, unknown>();
  const parseOnce: typeof parseResponse = (id, data) => {
    const seen = `${id} ${JSON.stringify(data)}`;
    if (!answers.has(seen)) answers.set(seen, parseResponse(id, data));
    return answers.get(seen) as ReturnType<typeof parseResponse<typeof id>>;
  };
  for (const entry of parsed.queries as unknown[]) {
    if (!isRecord(entry) || !isRecord(entry.state)) continue;
    const { dataUpdatedAt } = entry.state;
    if (typeof dataUpdatedAt !== 'number' || !Number.isFinite(dataUpdatedAt) || dataUpdatedAt <= 0)
      continue;
    const query = checkedQuery(entry.queryKey, entry.state.data, parseOnce);
    if (!query) continue;
    queries.push({
      queryKey: query.key,
      queryHash: hashKey(query.key),
      dehydratedAt: now,
      state: successfulQueryState(query.data, Math.min(dataUpdatedAt, now)),
    });
  }
  return { mutations: [], queries };
}

/**
 * Before the first render: the product or post the server wrote this page from goes into the
 * query cache, so the page draws at once instead of asking the network for what it already has.
 */
export function hydrateInlineQueries(client: QueryClient, doc: Document, now = Date.now()): void {
  const text = doc.getElementById(FIRST_PAINT_QUERIES_ID)?.textContent;
  hydrate(client, readInlineQueries(text, now));
}

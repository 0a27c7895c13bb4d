import { SortSchema, type ProductsFilter } from './contracts/catalog';
import { MoneyAmountSchema, SlugSchema } from './contracts/common';

// The product listing's state as its address holds it (/products?category=…&brands=…&sort=…).
// Here, not in the webapp, because the server reads a listing's first page for its first paint
// with the very filter the app will ask for (bot/src/web/page-meta/catalog-pages.ts).

/** What the product list is narrowed and ordered by: the filter body without paging. */
export type ListingFilter = Omit<ProductsFilter, 'page' | 'per_page'>;

/** The whole state of /products that lives in the URL query, so links, reloads and Back keep it. */
export interface ListingState {
  filter: ListingFilter;
  /** How many pages the shopper has loaded with "Show more" (1 when they have not). */
  page: number;
  /** A search query: when set, the page shows search results instead of the filtered list. */
  q: string;
}

export const ATTRIBUTE_PARAM_PREFIX = 'attr_';
// The same limits as ProductsFilterSchema: anything past them would make the call a 400.
const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,39}$/;
const VALUE_CODE = /^[a-z0-9][a-z0-9_-]{0,59}$/;
const MAX_BRANDS = 50;
const MAX_ATTRIBUTES = 10;
const MAX_VALUES = 30;
export const MAX_PAGE = 10_000;
export const MAX_QUERY_LENGTH = 100;

const isSlug = (value: string) => SlugSchema.safeParse(value).success;

/** Plain decimal digits only: Number() would read '0x10', '1e3' or ' 7' as numbers too. */
function wholeNumber(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d{1,11}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= max ? value : undefined;
}

/** A yes/no flag is on as `1` or `true`; anything else (absent, `0`, `yes`) leaves it off. */
function isTrue(raw: string | null): boolean {
  return raw === '1' || raw === 'true';
}

function money(raw: string | null): number | undefined {
  const value = wholeNumber(raw, Number.MAX_SAFE_INTEGER);
  return value !== undefined && MoneyAmountSchema.safeParse(value).success ? value : undefined;
}

/** Every value of a repeated key, each also split on commas: `brands=a&brands=b` or `brands=a,b`. */
function listValues(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

function uniqueValid(values: readonly string[], valid: (v: string) => boolean, max: number) {
  return [...new Set(values.filter(valid))].slice(0, max);
}

/**
 * Reads /products' query. Whatever does not fit the filter contract is dropped, one value at a
 * time, so a hand-edited or outdated link still shows a list instead of an error.
 */
export function parseListingParams(params: URLSearchParams): ListingState {
  const filter: ListingFilter = {};

  const category = params.get('category');
  if (category !== null && isSlug(category)) filter.category = category;

  const brands = uniqueValid(listValues(params, 'brands'), isSlug, MAX_BRANDS);
  if (brands.length > 0) filter.brands = brands;

  const priceMin = money(params.get('price_min'));
  const priceMax = money(params.get('price_max'));
  // A reversed range matches nothing and the backend refuses it: neither bound is trusted.
  if (priceMin === undefined || priceMax === undefined || priceMin <= priceMax) {
    if (priceMin !== undefined) filter.price_min = priceMin;
    if (priceMax !== undefined) filter.price_max = priceMax;
  }

  if (isTrue(params.get('in_stock'))) filter.in_stock = true;
  if (isTrue(params.get('discounted'))) filter.discounted = true;

  const attributes: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    if (!key.startsWith(ATTRIBUTE_PARAM_PREFIX)) continue;
    const code = key.slice(ATTRIBUTE_PARAM_PREFIX.length);
    if (!ATTRIBUTE_CODE.test(code) || Object.keys(attributes).length >= MAX_ATTRIBUTES) continue;
    const values = uniqueValid(
      listValues(params, key),
      (value) => VALUE_CODE.test(value),
      MAX_VALUES,
    );
    if (values.length > 0) attributes[code] = values;
  }
  if (Object.keys(attributes).length > 0) filter.attributes = attributes;

  const sort = SortSchema.safeParse(params.get('sort'));
  if (sort.success) filter.sort = sort.data;

  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH).trim();
  const page = wholeNumber(params.get('page'), MAX_PAGE);
  return { filter, page: page !== undefined && page >= 1 ? page : 1, q };
}

/**
 * The canonical query for a state: keys in a fixed order, repeated keys for lists, defaults
 * left out (page 1, no search), so equal states always give equal URLs.
 */
export function listingSearchParams(state: ListingState): URLSearchParams {
  const { filter } = state;
  const params = new URLSearchParams();
  if (state.q !== '') params.set('q', state.q);
  if (filter.category) params.set('category', filter.category);
  for (const brand of filter.brands ?? []) params.append('brands', brand);
  if (filter.price_min !== undefined) params.set('price_min', String(filter.price_min));
  if (filter.price_max !== undefined) params.set('price_max', String(filter.price_max));
  if (filter.in_stock) params.set('in_stock', '1');
  if (filter.discounted) params.set('discounted', '1');
  for (const code of Object.keys(filter.attributes ?? {}).sort()) {
    for (const value of filter.attributes?.[code] ?? []) {
      params.append(`${ATTRIBUTE_PARAM_PREFIX}${code}`, value);
    }
  }
  if (filter.sort) params.set('sort', filter.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** `?category=kitchen&brands=chinnigar`, or '' for the plain list. */
export function listingQuery(state: Partial<ListingState>): string {
  const text = listingSearchParams({ filter: {}, page: 1, q: '', ...state }).toString();
  return text === '' ? '' : `?${text}`;
}

/** Filters the shopper chose (sort and paging are not filters: "Reset filters" keeps sort). */
export function hasActiveFilters(filter: ListingFilter): boolean {
  return (
    filter.category !== undefined ||
    (filter.brands?.length ?? 0) > 0 ||
    filter.price_min !== undefined ||
    filter.price_max !== undefined ||
    filter.in_stock === true ||
    filter.discounted === true ||
    Object.keys(filter.attributes ?? {}).length > 0
  );
}

/** The same order, no filters. */
export function withoutFilters(filter: ListingFilter): ListingFilter {
  return filter.sort ? { sort: filter.sort } : {};
}

/** One chosen filter, as a removable chip shows it. */
export type ActiveFilter =
  | { kind: 'category'; slug: string }
  | { kind: 'brand'; slug: string }
  | { kind: 'price_min'; amount: number }
  | { kind: 'price_max'; amount: number }
  | { kind: 'in_stock' }
  | { kind: 'discounted' }
  | { kind: 'attribute'; code: string; value: string };

export function activeFilters(filter: ListingFilter): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  if (filter.category) chips.push({ kind: 'category', slug: filter.category });
  for (const slug of filter.brands ?? []) chips.push({ kind: 'brand', slug });
  if (filter.price_min !== undefined) chips.push({ kind: 'price_min', amount: filter.price_min });
  if (filter.price_max !== undefined) chips.push({ kind: 'price_max', amount: filter.price_max });
  if (filter.in_stock) chips.push({ kind: 'in_stock' });
  if (filter.discounted) chips.push({ kind: 'discounted' });
  for (const [code, values] of Object.entries(filter.attributes ?? {})) {
    for (const value of values) chips.push({ kind: 'attribute', code, value });
  }
  return chips;
}

export function removeFilter(filter: ListingFilter, chip: ActiveFilter): ListingFilter {
  const next: ListingFilter = { ...filter };
  switch (chip.kind) {
    case 'category':
      delete next.category;
      break;
    case 'brand': {
      const brands = (filter.brands ?? []).filter((slug) => slug !== chip.slug);
      if (brands.length > 0) next.brands = brands;
      else delete next.brands;
      break;
    }
    case 'price_min':
      delete next.price_min;
      break;
    case 'price_max':
      delete next.price_max;
      break;
    case 'in_stock':
      delete next.in_stock;
      break;
    case 'discounted':
      delete next.discounted;
      break;
    case 'attribute': {
      const attributes = Object.fromEntries(
        Object.entries(filter.attributes ?? {})
          .map(([code, values]): [string, string[]] => [
            code,
            code === chip.code ? values.filter((value) => value !== chip.value) : values,
          ])
          .filter(([, values]) => values.length > 0),
      );
      if (Object.keys(attributes).length > 0) next.attributes = attributes;
      else delete next.attributes;
      break;
    }
  }
  return next;
}

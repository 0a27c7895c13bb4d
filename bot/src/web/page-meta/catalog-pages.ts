// Home and the product listing: pages that always exist, written with the data of their first
// screen when the backend gives it in time. Whatever did not come in time the app asks for itself.
import {
  CategoriesResponseSchema,
  categoriesQueryKey,
  GUEST_ANSWER_ACCOUNT_TYPES,
  HomeResponseSchema,
  homeQueryKey,
  parseListingParams,
  PRODUCTS_PER_PAGE,
  ProductsResponseSchema,
  productsPageQueryKey,
  SlidesResponseSchema,
  slidesQueryKey,
} from '@shop/shared';
import { forGuests, type InlineQuery } from '../first-paint/inline-queries';
import { genericHead } from '../link-preview/heads';
import type { PageLookup, PageRequest } from './lookup';
import type { PageMeta } from './page';

/** How many cards of a listing the app draws eagerly (listing-results.tsx, `eagerCount`). */
const LISTING_EAGER_CARDS = 2;

/**
 * Home with its banners and rows in the page, and its first banner drawn in the outline: the
 * largest thing on the first screen shows before the app's code has run.
 */
export async function homePage(
  lookup: PageLookup,
  request: PageRequest,
  path: string,
): Promise<PageMeta> {
  const { language } = request;
  const [slides, rows] = await Promise.all([
    lookup('slides', {}, SlidesResponseSchema, request),
    lookup('home', {}, HomeResponseSchema, request),
  ]);
  const queries: InlineQuery[] = [];
  if (slides.kind === 'found') {
    queries.push({ queryKey: slidesQueryKey(language), data: slides.body });
  }
  if (rows.kind === 'found') {
    queries.push(...forGuests((type) => homeQueryKey(language, type), rows.body));
  }
  return {
    status: 200,
    head: genericHead(language, path),
    firstPaint: {
      page: 'home',
      queries,
      // Null: no banners (the app shows its hero instead); undefined: not known in time.
      firstSlide: slides.kind === 'found' ? (slides.data[0] ?? null) : undefined,
    },
  };
}

/**
 * A listing with its first page of products and the category tree in the page (the app's own
 * keys, the filter read from the address as the app reads it), and its first pictures fetched
 * with the page: the first screen needs no request for data. A search is left to the app (null).
 */
export async function listingPage(
  lookup: PageLookup,
  request: PageRequest,
  path: string,
  search: string,
): Promise<PageMeta | null> {
  const { language } = request;
  const { filter, q } = parseListingParams(new URLSearchParams(search));
  if (q !== '') return null;
  const [products, categories] = await Promise.all([
    lookup(
      'products',
      { body: { ...filter, page: 1, per_page: PRODUCTS_PER_PAGE } },
      ProductsResponseSchema,
      request,
    ),
    lookup('categories', {}, CategoriesResponseSchema, request),
  ]);
  const queries: InlineQuery[] = [];
  for (const accountType of GUEST_ANSWER_ACCOUNT_TYPES) {
    if (products.kind === 'found') {
      queries.push({
        queryKey: productsPageQueryKey(language, accountType, filter, 1, PRODUCTS_PER_PAGE),
        data: products.body,
      });
    }
    if (categories.kind === 'found') {
      queries.push({
        queryKey: categoriesQueryKey(language, accountType),
        data: categories.body,
      });
    }
  }
  // The cards the listing draws eagerly (listing-results.tsx): their pictures come with the page.
  const pictures =
    products.kind === 'found'
      ? products.data
          .slice(0, LISTING_EAGER_CARDS)
          .flatMap((product) => (product.images[0] ? [product.images[0]] : []))
      : [];
  return {
    status: 200,
    head: genericHead(language, path),
    firstPaint: {
      page: null,
      queries,
      preload: pictures.map((image) => ({ image, slot: 'card' })),
    },
  };
}

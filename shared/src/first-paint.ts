import type { Language } from './languages';
import type { ListingFilter } from './listing-url';

/**
 * The first paint of a product or blog page needs no round-trip for data: the server, which
 * fetches the product or post anyway to write the page head, also writes that answer into the
 * page as dehydrated TanStack Query state, and an outline of the page into the root element.
 * Home gets its banners and rows the same way, and its first banner drawn in the outline.
 * The query keys live here so the server and the webapp cannot drift apart: a key that differs
 * by one element is a cache miss, and the data would be fetched again.
 */

/** The id of the `<script type="application/json">` element that carries the state. */
export const FIRST_PAINT_QUERIES_ID = 'first-paint-queries';

/** The webapp's query key of one product's answer (`GET product`, with related products). */
export function productQueryKey(language: Language, accountType: string, slug: string) {
  return ['catalog', 'product', language, accountType, slug] as const;
}

/** The webapp's query key of one blog post's answer. */
export function blogQueryKey(language: Language, slug: string) {
  return ['content', 'blog', language, slug] as const;
}

/** The webapp's query key of the home banners (`GET slides`): the same for every account. */
export function slidesQueryKey(language: Language) {
  return ['content', 'slides', language] as const;
}

/** The webapp's query key of the home page's categories and product rows (`GET home`). */
export function homeQueryKey(language: Language, accountType: string) {
  return ['catalog', 'home', language, accountType] as const;
}

/** The webapp's query key of the category tree (`GET categories`). */
export function categoriesQueryKey(language: Language, accountType: string) {
  return ['catalog', 'categories', language, accountType] as const;
}

/** How many products one page of a listing asks for (a "Show more" step). */
export const PRODUCTS_PER_PAGE = 20;

/** The webapp's query key of one page of a product listing (`POST products` with the filter). */
export function productsPageQueryKey(
  language: Language,
  accountType: string,
  filter: ListingFilter,
  page: number,
  perPage: number,
) {
  return ['catalog', 'products', language, accountType, filter, page, perPage] as const;
}

/**
 * The account-type header values (as the webapp sends them: 'null' signed out) for which a
 * product's answer is the one the server reads for the page head, as a guest. The relay reads
 * 'null' and 'individual' alike; a legal account may see other products and prices.
 */
export const GUEST_ANSWER_ACCOUNT_TYPES = ['null', 'individual'] as const;

/** The pages that get inline data and an outline in the server's HTML. */
export type FirstPaintPage = 'product' | 'blog';

/** One grey box of an outline, or a group of them. */
export interface OutlineBox {
  /** Classes of the webapp's stylesheets (webapp/src/lib/first-paint/first-paint.css). */
  className: string;
  /** Width in percent of the line, for text lines that end early. */
  width?: number;
  children?: readonly OutlineBox[];
}

const box = (className: string, width?: number): OutlineBox =>
  width === undefined ? { className } : { className, width };

/**
 * The outline of a page while its code loads: grey boxes. Its boxes have the sizes of the page it
 * turns into (webapp/src/lib/first-paint/first-paint.css), so the page does not jump when the
 * app draws it. The webapp draws these boxes while a page's code loads; the server writes them as
 * HTML into the root element, with a product's name and first photo in their boxes when it has
 * them (bot/src/web/first-paint/outlines.ts), so the largest things on the first screen show at
 * once.
 */
export const FIRST_PAINT_OUTLINES: Readonly<Record<FirstPaintPage, OutlineBox>> = {
  product: {
    className: 'first-paint first-paint--product',
    children: [
      box('skeleton first-paint__crumbs', 70),
      {
        className: 'first-paint__top',
        children: [
          box('skeleton first-paint__picture'),
          {
            className: 'first-paint__info',
            children: [
              box('skeleton first-paint__brand', 30),
              box('skeleton first-paint__title', 80),
              box('skeleton first-paint__price', 45),
              box('skeleton first-paint__button'),
            ],
          },
        ],
      },
    ],
  },
  blog: {
    className: 'first-paint first-paint--post',
    children: [
      box('skeleton first-paint__back', 25),
      {
        className: 'first-paint__post-header',
        children: [
          box('skeleton first-paint__post-title', 80),
          box('skeleton first-paint__date', 30),
        ],
      },
      box('skeleton first-paint__post-image'),
      {
        className: 'prose',
        children: [100, 100, 65, 100, 100, 65].map((width) =>
          box('skeleton skeleton--text', width),
        ),
      },
    ],
  },
};

/**
 * An outline as HTML: class names and widths are ours, so nothing in it needs escaping.
 * `replace` may give the HTML of a box in its place (the server's real name and photo where it
 * has them); it must escape what it writes.
 */
export function outlineHtml(
  outline: OutlineBox,
  replace: (box: OutlineBox) => string | undefined = () => undefined,
): string {
  const replaced = replace(outline);
  if (replaced !== undefined) return replaced;
  const style = outline.width === undefined ? '' : ` style="width:${outline.width}%"`;
  const inner = (outline.children ?? []).map((child) => outlineHtml(child, replace)).join('');
  return `<div class="${outline.className}"${style}>${inner}</div>`;
}

/**
 * TanStack Query's state of a query that holds `data`, fetched at `dataUpdatedAt` and not failing:
 * what the server writes into the page and what the webapp rebuilds after checking the data.
 */
export function successfulQueryState<TData>(data: TData, dataUpdatedAt: number) {
  return {
    data,
    dataUpdateCount: 1,
    dataUpdatedAt,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    status: 'success' as const,
    fetchStatus: 'idle' as const,
  };
}

import type { Language } from './languages';

/**
 * The first paint of a product or blog page needs no round-trip for data: the server, which
 * fetches the product or post anyway to write the page head, also writes that answer into the
 * page as dehydrated TanStack Query state, and an outline of the page into the root element.
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

/**
 * The account-type header values (as the webapp sends them: 'null' signed out) for which a
 * product's answer is the one the server reads for the page head, as a guest. The relay reads
 * 'null' and 'individual' alike; a legal account may see other products and prices.
 */
export const GUEST_ANSWER_ACCOUNT_TYPES = ['null', 'individual'] as const;

/** The pages that get inline data and an outline in the server's HTML. */
export type FirstPaintPage = 'product' | 'blog';

const line = (modifier: string) => `<span class="skeleton ${modifier}"></span>`;

/**
 * The outline of a page while its code loads: grey boxes only, never the product's words, so a
 * browser whose script fails shows nothing misleading. Its boxes have the sizes of the page it
 * turns into (webapp/src/lib/first-paint/first-paint.css), so the page does not jump when the
 * app draws it. Static markup, no data: the webapp shows the same string while a page's code
 * loads.
 */
export const FIRST_PAINT_SKELETONS: Readonly<Record<FirstPaintPage, string>> = {
  product: [
    '<div class="first-paint first-paint--product">',
    line('skeleton--text first-paint__crumbs'),
    '<div class="first-paint__top">',
    line('first-paint__picture'),
    '<div class="first-paint__info">',
    line('first-paint__brand'),
    line('first-paint__title'),
    line('first-paint__price'),
    line('first-paint__button'),
    '</div></div></div>',
  ].join(''),
  blog: [
    '<div class="first-paint first-paint--post">',
    line('first-paint__back'),
    line('first-paint__post-title'),
    line('first-paint__date'),
    line('first-paint__post-image'),
    '<div class="prose">',
    ...[100, 100, 65, 100, 100, 65].map(
      (width) => `<span class="skeleton skeleton--text" style="width:${width}%"></span>`,
    ),
    '</div></div>',
  ].join(''),
};

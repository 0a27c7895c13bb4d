// What the server writes into a page for one address: its status, its head, and what the first
// paint carries.
import type { FirstPaintPage, Slide } from '@shop/shared';
import type { InlineQuery } from '../first-paint/inline-queries';
import type { ProductFirstPaint } from '../first-paint/outlines';
import type { PreloadImage } from '../first-paint/preloads';
import type { PageHead } from '../link-preview/page-head';

export interface PageMeta {
  /**
   * 404 when the product or post does not exist: the app then shows its "not found" page. A
   * product only legal accounts see is a 200 with the generic unindexed head: the app shows it to
   * a signed-in legal account, but it is not advertised to anyone else.
   */
  status: 200 | 404;
  head: PageHead;
  /** A product or blog page's outline and the data it was written from (shared/first-paint). */
  firstPaint?: FirstPaint;
}

export interface FirstPaint {
  /** Whose outline the page draws under the header; null: the header only. */
  page: FirstPaintPage | 'home' | null;
  /** Empty when the backend did not answer in time: the outline still goes out. */
  queries: readonly InlineQuery[];
  /** Home's first banner, drawn in its outline; null when there are none, unset when unknown. */
  firstSlide?: Slide | null | undefined;
  /** A product's name and first photo, drawn in its outline (a guest's answer only). */
  product?: ProductFirstPaint | undefined;
  /** Pictures the page shows first, fetched with it (`<link rel="preload">`). */
  preload?: readonly PreloadImage[] | undefined;
}

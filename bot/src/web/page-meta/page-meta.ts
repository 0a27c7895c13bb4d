// What a page needs from the backend before it is sent: product and blog pages their item (for
// their head and first paint), home and listings the data of their first screen. Read through the
// relay's cache as a guest would, so the app's own call right after is a hit, and never waited on
// for long: a slow or failing backend means the generic head, at once.
import type { Language, RouteMatch } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PublicReads } from '../../relay/public-reads';
import { canonicalPath, genericHead } from '../link-preview/heads';
import type { PageHead } from '../link-preview/page-head';
import { homePage, listingPage } from './catalog-pages';
import { blogPage, productPage } from './item-pages';
import { createPageLookup, type PageRequest } from './lookup';
import type { PageMeta } from './page';

export type { FirstPaint, PageMeta } from './page';

/** How long a page waits for its product or post before it goes out with the generic head. */
export const PAGE_META_TIMEOUT_MS = 1500;

export interface PageMetaOptions {
  reads: PublicReads;
  publicUrl: string;
  timeoutMs: number;
}

export interface PageMetaSource {
  /** `search`: the address's query string (`?…` or empty), which a listing reads its filter from. */
  forRoute(
    match: RouteMatch,
    pathname: string,
    log: FastifyBaseLogger,
    search?: string,
  ): Promise<PageMeta>;
  /** The head of a path no route knows (status 404). */
  notFound(language: Language): PageHead;
}

export function createPageMeta(opts: PageMetaOptions): PageMetaSource {
  const { publicUrl, timeoutMs } = opts;
  const lookup = createPageLookup(opts.reads);

  /** The route's own page; null when the backend did not answer in time (or a search). */
  function routePage(
    match: RouteMatch,
    path: string,
    search: string,
    request: PageRequest,
  ): Promise<PageMeta | null> | null {
    const slug = match.params.slug ?? '';
    switch (match.route.id) {
      case 'product':
        return productPage(lookup, request, slug, publicUrl);
      case 'blog':
        return blogPage(lookup, request, slug, publicUrl);
      case 'home':
        return homePage(lookup, request, path);
      case 'products':
        return listingPage(lookup, request, path, search);
      default:
        return null;
    }
  }

  return {
    async forRoute(match, pathname, log, search = '') {
      const { language, route } = match;
      const path = canonicalPath(pathname);
      const request = { language, log, deadline: Date.now() + timeoutMs };
      const page = await routePage(match, path, search, request);
      if (page) return page;
      const generic = { status: 200, head: genericHead(language, path) } as const;
      // The backend did not answer in time: the page still gets its outline, the app its data.
      return route.id === 'product' || route.id === 'blog'
        ? { ...generic, firstPaint: { page: route.id, queries: [] } }
        : generic;
    },
    notFound: (language) => genericHead(language, null),
  };
}

import {
  BlogsResponseSchema,
  CALLS,
  DEFAULT_LANGUAGE,
  HEADERS,
  LANGUAGES,
  ProductsResponseSchema,
  ROUTES,
  buildPath,
  type CallDef,
  type CallId,
} from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import { upstreamBadStatus } from '../relay/upstream';
import { queryString, upstreamPath, type UpstreamClient } from '../relay/upstream-client';
import { escapeHtml } from './html-escape';
import { languageAlternates } from './link-preview/page-head';

/** Sections that are the shopper's own: nothing there for a search engine (robots.txt too). */
const PRIVATE_SECTIONS = ['cart', 'checkout', 'account', 'sign-in'] as const;

/** Products change slowly; a crawler burst must not page the whole catalogue each time. */
export const SITEMAP_TTL_MS = 10 * 60_000;
const PER_PAGE = 100;
/** One sitemap file holds at most 50,000 URLs (sitemaps.org); three languages per page. */
const MAX_URLS = 50_000;
const MAX_PAGES = 150;

export interface SitemapOptions {
  client: UpstreamClient;
  publicUrl: string;
  now: () => number;
}

interface SitemapPage {
  /** The page in the default language; the others are derived from it. */
  path: string;
  lastmod?: string;
}

function isPrivate(pattern: string): boolean {
  return PRIVATE_SECTIONS.some(
    (section) => pattern === section || pattern.startsWith(`${section}/`),
  );
}

/** Pages without parameters that a stranger may see: home, catalogue, info pages, blog list. */
const STATIC_PATHS = ROUTES.filter(
  (route) => !route.pattern.includes(':') && !route.auth && !isPrivate(route.pattern),
).map((route) => `/${DEFAULT_LANGUAGE}${route.pattern === '' ? '' : `/${route.pattern}`}`);

function robotsTxt(publicUrl: string): string {
  const privatePaths = LANGUAGES.flatMap((language) =>
    PRIVATE_SECTIONS.map((section) => `Disallow: /${language}/${section}`),
  );
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /backend/',
    ...privatePaths,
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Every page in every language, each `<url>` listing all its language versions. */
function renderSitemap(publicUrl: string, pages: readonly SitemapPage[]): string {
  const urls: string[] = [];
  for (const page of pages) {
    const alternates = languageAlternates(publicUrl, page.path);
    const links = alternates
      .map(
        ({ hreflang, href }) =>
          `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}"/>`,
      )
      .join('');
    const lastmod =
      page.lastmod === undefined ? '' : `<lastmod>${escapeHtml(page.lastmod)}</lastmod>`;
    for (const { hreflang, href } of alternates) {
      if (hreflang === 'x-default') continue;
      urls.push(`<url><loc>${escapeHtml(href)}</loc>${lastmod}${links}</url>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** One page of a listing, as a guest in the default language; null when the backend has none. */
async function fetchPage<T>(
  client: UpstreamClient,
  id: CallId,
  request: { query?: Record<string, string>; body?: unknown },
  schema: z.ZodMiniType<T>,
  log: FastifyBaseLogger,
): Promise<T | null> {
  const call: CallDef = CALLS[id];
  const headers: Record<string, string> = { [HEADERS.language]: DEFAULT_LANGUAGE };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const answer = await client.send(
    {
      id,
      call,
      target: `${upstreamPath(call, {})}${queryString(request.query)}`,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    },
    // Built once for every crawler that asks meanwhile: no one of them leaving cancels it, and
    // each page of it is a call of its own, with a deadline of its own.
    client.deadlineFor(call, new AbortController().signal),
    log,
  );
  if (answer.kind === 'error') {
    // A backend without a blog has no posts; any other refusal leaves the sitemap unbuilt.
    if (answer.status === 404) return null;
    log.warn({ call: id, status: answer.status }, 'Sitemap source refused');
    throw upstreamBadStatus(call.backend);
  }
  return schema.parse(answer.data);
}

/** Every public page: the static ones, then each product and blog post, within MAX_URLS. */
async function collectPages(
  client: UpstreamClient,
  log: FastifyBaseLogger,
): Promise<SitemapPage[]> {
  const pages: SitemapPage[] = STATIC_PATHS.map((path) => ({ path }));
  const budget = () => Math.floor(MAX_URLS / LANGUAGES.length) - pages.length;
  const seen = new Set<string>();

  for (let page = 1; page <= MAX_PAGES && budget() > 0; page++) {
    const listing = await fetchPage(
      client,
      'products',
      { body: { page, per_page: PER_PAGE } },
      ProductsResponseSchema,
      log,
    );
    for (const product of listing?.data ?? []) {
      if (seen.has(product.slug) || budget() <= 0) continue;
      seen.add(product.slug);
      pages.push({ path: buildPath(DEFAULT_LANGUAGE, 'product', { slug: product.slug }) });
    }
    if (listing === null || page >= listing.meta.last_page) break;
  }

  for (let page = 1; page <= MAX_PAGES && budget() > 0; page++) {
    const listing = await fetchPage(
      client,
      'blogs',
      { query: { page: String(page) } },
      BlogsResponseSchema,
      log,
    );
    for (const post of listing?.data ?? []) {
      if (budget() <= 0) break;
      pages.push({
        path: buildPath(DEFAULT_LANGUAGE, 'blog', { slug: post.slug }),
        lastmod: post.published_at,
      });
    }
    if (listing === null || page >= listing.meta.last_page) break;
  }
  if (budget() <= 0) log.warn({ urls: MAX_URLS }, 'Sitemap is full; some pages are left out');
  return pages;
}

/**
 * GET /sitemap.xml and /robots.txt. The sitemap pages through the catalogue (`products`, 100 at
 * a time) and the blog with the relay's own client, and is kept for SITEMAP_TTL_MS; when a
 * rebuild fails the previous one is served rather than an error.
 */
export function registerSitemap(app: FastifyInstance, opts: SitemapOptions): void {
  const { client, publicUrl, now } = opts;
  let current: { xml: string; builtAt: number } | null = null;
  let building: Promise<string> | null = null;

  async function sitemap(log: FastifyBaseLogger): Promise<string> {
    if (current !== null && now() - current.builtAt < SITEMAP_TTL_MS) return current.xml;
    building ??= collectPages(client, log)
      .then((pages) => renderSitemap(publicUrl, pages))
      .then((xml) => {
        current = { xml, builtAt: now() };
        return xml;
      })
      .finally(() => {
        building = null;
      });
    try {
      return await building;
    } catch (error) {
      if (current === null) throw error;
      log.warn({ err: error }, 'Sitemap rebuild failed; serving the previous one');
      return current.xml;
    }
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const xml = await sitemap(request.log);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${SITEMAP_TTL_MS / 1000}`)
      .send(xml);
  });

  const robots = robotsTxt(publicUrl);
  app.get('/robots.txt', (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
}

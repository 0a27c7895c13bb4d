import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  detectLanguage,
  matchRoute,
  parseAcceptLanguage,
  stripLanguagePrefix,
  WEB_MANIFEST_PATHS,
} from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ShopError } from '@shop/shared/server';
import { sendError } from '../errors';
import { renderInlineQueries } from './first-paint/inline-queries';
import { rootOutlineHtml, type RootOutline } from './first-paint/outlines';
import { preloadImageLinks } from './first-paint/preloads';
import { fillRoot, injectIntoIndex } from './index-html';
import { renderHead } from './link-preview/page-head';
import type { PageMeta, PageMetaSource } from './page-meta/page-meta';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** Files that name the current build: a stale copy would pin users to an old release. */
const ENTRY_FILES = new Set([
  'index.html',
  'sw.js',
  // The deployed build's id, which open pages compare with their own.
  'version.json',
  ...WEB_MANIFEST_PATHS.map((path) => path.slice(1)),
]);

/** Paths the relay (or the bot) owns: never answered with the app's HTML. */
const SERVER_PREFIXES = ['/api', '/backend', '/media', '/tg'];

const NOT_BUILT_MESSAGE =
  'The shop is not built yet: run `pnpm build` in the repository root, then restart the server.';

function ownsPath(prefix: string, pathname: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const cut = url.indexOf('?');
  return cut === -1
    ? { pathname: url, search: '' }
    : { pathname: url.slice(0, cut), search: url.slice(cut) };
}

/**
 * A request URL's path as the router reads it to find a route: up to the first `?` or `#`,
 * percent-decoded except for reserved characters, so "/%74g/x" is "/tg/x". The router refuses a
 * path that does not decode before any handler runs; one that gets here anyway stays as sent.
 */
export function routedPathname(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export interface WebappOptions {
  webappDist: string;
  log: FastifyBaseLogger;
  publicUrl: string;
  pageMeta: PageMetaSource;
  /** Inline scripts the server adds to every page (their CSP hashes are in the policy). */
  inlineScripts: readonly string[];
}

/** The build's files: hashed assets cached for good, entry files revalidated on every load. */
async function registerBuildFiles(app: FastifyInstance, webappDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webappDist,
    // '/' must reach the language redirect below, not index.html; and a directory path would
    // otherwise be a 403 from the file server instead of the app's own 404.
    index: false,
    allowedPath: (pathname) => !pathname.endsWith('/'),
    // Brotli/gzip files written next to the build are sent as they are, when present.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const rel = relative(webappDist, filePath).split(sep).join('/');
      if (rel.startsWith('assets/')) reply.header('cache-control', IMMUTABLE);
      else if (ENTRY_FILES.has(rel)) reply.header('cache-control', NO_CACHE);
    },
  });
}

/**
 * index.html written for one page: its head, the pictures it preloads and the server's inline
 * scripts in `<head>`; the header at once on every page, and a product's or post's outline and
 * the data it was written from for the app.
 */
function writePage(
  html: string,
  { head, firstPaint }: PageMeta,
  frame: Omit<RootOutline, 'page'>,
  { publicUrl, extraTags }: { publicUrl: string; extraTags: string },
): string {
  const tags = [
    renderHead(head, publicUrl),
    preloadImageLinks(firstPaint?.preload ?? []),
    extraTags,
  ].filter((part) => part !== '');
  const page = injectIntoIndex(html, head.language, tags.join('\n    '));
  return fillRoot(
    page,
    rootOutlineHtml({ ...frame, page: null, ...firstPaint }),
    firstPaint && firstPaint.queries.length > 0
      ? renderInlineQueries(firstPaint.queries, Date.now())
      : '',
  );
}

/**
 * Serves the webapp build: hashed assets forever, entry files revalidated on every load, and
 * index.html for app paths with the status the route table gives (200 known, 404 unknown, and
 * 404 for a product or post the backend does not know), its head written for the page.
 */
export async function registerWebapp(app: FastifyInstance, opts: WebappOptions): Promise<void> {
  const { webappDist, publicUrl, pageMeta } = opts;
  const extraTags = opts.inlineScripts.join('\n    ');
  const built = existsSync(join(webappDist, 'index.html'));
  if (!built) {
    opts.log.error({ webappDist }, `Webapp build not found. ${NOT_BUILT_MESSAGE}`);
  } else {
    await registerBuildFiles(app, webappDist);
  }

  const indexPath = join(webappDist, 'index.html');
  const sendIndex = async (
    reply: FastifyReply,
    meta: PageMeta,
    frame: Omit<RootOutline, 'page'>,
  ): Promise<FastifyReply> => {
    // Read per request: it is a few hundred bytes in the page cache, and a rebuild shows at once.
    const html = await readFile(indexPath, 'utf8');
    return reply
      .code(meta.status)
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(writePage(html, meta, frame, { publicUrl, extraTags }));
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const { pathname, search } = splitUrl(request.url);
    const notFound = new ShopError('not_found', `No such resource: ${request.method} ${pathname}`);
    // Whose path it is, by the path the router read: any spelling of a server path is one.
    const routed = routedPathname(request.url);
    if (SERVER_PREFIXES.some((prefix) => ownsPath(prefix, routed))) {
      return sendError(reply, notFound);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, notFound);
    // A missing hashed chunk must fail as a script load, not parse HTML as JavaScript.
    if (ownsPath('/assets', routed)) return sendError(reply, notFound);

    if (!built) {
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(NOT_BUILT_MESSAGE);
    }

    const match = matchRoute(pathname);
    if (match) {
      return sendIndex(reply, await pageMeta.forRoute(match, pathname, request.log, search), {
        back: match.route.id !== 'home',
        search: match.route.layout === 'default',
      });
    }

    const { language } = stripLanguagePrefix(pathname);
    if (language === null) {
      const target = pathname === '/' ? '' : pathname;
      const lang = detectLanguage({
        cookie: cookieValue(request.headers.cookie, LANGUAGE_COOKIE),
        acceptLanguages: parseAcceptLanguage(request.headers['accept-language']),
      });
      if (matchRoute(`/${lang}${target}`)) {
        return reply
          .header('vary', 'Cookie, Accept-Language')
          .header('cache-control', 'no-store')
          .redirect(`/${lang}${target}${search}`, 302);
      }
    }
    // The app's not-found page, in the default layout.
    return sendIndex(
      reply,
      { status: 404, head: pageMeta.notFound(language ?? DEFAULT_LANGUAGE) },
      { back: true, search: true },
    );
  });
}

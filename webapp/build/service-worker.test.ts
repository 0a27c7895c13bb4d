import { CALLS, HEADERS, callPath } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  isAppNavigation,
  isPicture,
  isPublicRead,
  publicReadCacheKey,
  type RouteMatch,
} from './service-worker';

const ORIGIN = 'https://shop.test';

/** What Workbox would hand a route for this request (mode and destination as a browser sets them). */
function routeMatch(
  path: string,
  request: {
    method?: string;
    headers?: Record<string, string>;
    mode?: RouteMatch['request']['mode'];
    destination?: RouteMatch['request']['destination'];
  },
  origin = ORIGIN,
): RouteMatch {
  const url = new URL(path, origin);
  const headers = new Headers(request.headers);
  return {
    url,
    sameOrigin: url.origin === ORIGIN,
    request: {
      url: url.href,
      method: request.method ?? 'GET',
      headers,
      mode: request.mode ?? 'cors',
      destination: request.destination ?? '',
    },
  };
}

/** A call's path with every `:param` filled in. */
function samplePath(path: string): string {
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  return callPath(path, Object.fromEntries(names.map((name) => [name, '42'])));
}

describe('the worker’s public reads', () => {
  it.each(Object.entries(CALLS))('%s: cached only when it is a GET anyone may make', (_id, def) => {
    const isPublic = def.method === 'GET' && def.auth === 'none' && !('customerScoped' in def);
    const path = samplePath(def.path);
    expect(isPublicRead(routeMatch(path, { method: def.method }))).toBe(isPublic);
    expect(isPublicRead(routeMatch(`${path}?page=2`, { method: def.method }))).toBe(isPublic);
  });

  it('never caches a request carrying a token, another origin’s, or the server’s own calls', () => {
    const home = samplePath(CALLS.home.path);
    expect(isPublicRead(routeMatch(home, { headers: { authorization: 'Bearer t' } }))).toBe(false);
    expect(isPublicRead(routeMatch(home, {}, 'https://elsewhere.test'))).toBe(false);
    for (const path of ['/tg/link', '/version.json', '/api/profile/cart', '/media/a.webp'])
      expect(isPublicRead(routeMatch(path, {})), path).toBe(false);
  });

  it('keeps one answer per language and account type', async () => {
    const key = (language: string, accountType: string) =>
      publicReadCacheKey(
        routeMatch(samplePath(CALLS.home.path), {
          headers: { [HEADERS.language]: language, [HEADERS.accountType]: accountType },
        }),
      );
    const keys = await Promise.all([
      key('uz', 'null'),
      key('ru', 'null'),
      key('uz', 'legal'),
      key('uz', 'null'),
    ]);
    expect(new Set(keys).size).toBe(3);
    expect(keys[0]).toBe(keys[3]);
    expect(new URL(keys[0]).pathname).toBe(CALLS.home.path);
  });
});

describe('the worker’s other routes', () => {
  it('gives the shell to the app’s pages only', () => {
    const navigate = (path: string) => isAppNavigation(routeMatch(path, { mode: 'navigate' }));
    for (const path of ['/uz', '/ru/products?category=kitchen', '/en/products/porcelain-mug', '/'])
      expect(navigate(path), path).toBe(true);
    for (const path of [
      '/api/content/pages',
      '/backend/api/ext/v1/resources/home',
      '/media/products/a.webp',
      '/tg/webhook',
      '/healthz',
      '/version.json',
      '/manifest.ru.webmanifest',
      '/sw.js',
    ])
      expect(navigate(path), path).toBe(false);
    // A script's fetch is not a page.
    expect(isAppNavigation(routeMatch('/uz', { mode: 'cors' }))).toBe(false);
  });

  it('keeps pictures, wherever they come from, and nothing else', () => {
    expect(isPicture(routeMatch('/media/products/a.webp', { destination: 'image' }))).toBe(true);
    expect(
      isPicture(routeMatch('/b.jpg', { destination: 'image' }, 'https://cdn.elsewhere.test')),
    ).toBe(true);
    expect(isPicture(routeMatch('/assets/index.js', { destination: 'script' }))).toBe(false);
  });
});

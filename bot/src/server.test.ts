import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type ServerDeps } from './server';
import { captureLogs } from './testing/log-capture';
import { FAKE_APP_JS, makeFakeDist } from './testing/temp-dist';
import { closedPortUrl } from './testing/upstream-stand-ins';

/** The build's index.html, whatever head the server wrote for the page. */
function expectAppPage(body: string): void {
  expect(body).toMatch(/^<!doctype html><html lang="(uz|ru|en)">/);
  expect(body).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
  // The page's outline: the header, and a product or blog page's own (page-meta.test.ts).
  expect(body).toMatch(/<div id="root"><div class="page first-paint-page"/);
  expect(body.match(/<title>/g)).toHaveLength(1);
}

const TELEGRAM_FRAMERS =
  'https://web.telegram.org https://webk.telegram.org https://webz.telegram.org';

async function serverFor(
  webappDist: string,
  logs = captureLogs(),
  more: Partial<ServerDeps> = {},
): Promise<FastifyInstance> {
  // Nothing here reaches a backend; a closed port makes any accidental call fail loudly.
  const nowhere = await closedPortUrl();
  return buildServer({
    webappDist,
    upstreams: { ecommerceUrl: nowhere, catalogUrl: nowhere, catalogApiKey: 'test-key-never-used' },
    upstreamTimeoutMs: 1000,
    log: { level: 'info', stream: logs.stream },
    ...more,
  });
}

describe('webapp hosting', () => {
  let app: FastifyInstance;
  let dist: Awaited<ReturnType<typeof makeFakeDist>>;

  beforeAll(async () => {
    dist = await makeFakeDist();
    app = await serverFor(dist.dir);
    // A route that fails the way a bug would, to see what the error handler lets out.
    app.get('/test-boom', () => {
      throw new Error('connect ECONNREFUSED postgres://shop:hunter2@db');
    });
  });
  afterAll(async () => {
    await app.close();
    await dist.remove();
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(FAKE_APP_JS);
  });

  it('compresses with brotli or gzip as the browser asks', async () => {
    const br = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(FAKE_APP_JS.length);
    const gzip = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends the build’s own .br and .gz copies as they are, with the file’s caching', async () => {
    // Made at the highest settings by the build (webapp/build/precompress.ts); marked here so a
    // copy compressed again by the server would show.
    const js = 'console.log("precompressed");'.repeat(200);
    await writeFile(join(dist.dir, 'assets', 'pre-abc123.js'), js);
    const br = zlib.brotliCompressSync(js);
    const gz = zlib.gzipSync(js, { level: 9 });
    await writeFile(join(dist.dir, 'assets', 'pre-abc123.js.br'), br);
    await writeFile(join(dist.dir, 'assets', 'pre-abc123.js.gz'), gz);
    for (const [encoding, bytes] of [
      ['br', br],
      ['gzip', gz],
    ] as const) {
      const res = await app.inject({
        url: '/assets/pre-abc123.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    const plain = await app.inject({ url: '/assets/pre-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it.each([
    '/sw.js',
    '/version.json',
    '/manifest.uz.webmanifest',
    '/manifest.ru.webmanifest',
    '/index.html',
  ])('revalidates %s on every load', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves other files of the build root normally', async () => {
    const res = await app.inject({ url: '/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('answers a missing hashed chunk with a plain 404, not the app page', async () => {
    const res = await app.inject({ url: '/assets/app-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it.each([
    '/uz',
    '/en/',
    '/ru/cart',
    '/en/products/white-mug',
    '/uz/checkout/payment',
    '/ru/blogs/new-year-sale',
    '/ru/account/orders/UY-1042',
  ])('answers the app with 200 for the known route %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expectAppPage(res.body);
  });

  it.each([
    '/en/no-such-page',
    '/ru/products/a/b',
    '/xx/cart',
    '/en/products/Bad%20Slug',
    '/nope',
    '/uz/account/orders/UY-1042/items',
    '/en/account/orders/UY_1042',
  ])('answers the app with 404 for the unknown route %s', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectAppPage(res.body);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
  });

  it('refuses non-canonical paths instead of normalising them into a page or a redirect', async () => {
    for (const url of ['/en//cart', '//evil.example/cart']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it('redirects a path without a language to uz by default, keeping the query', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/uz');
    const cart = await app.inject({ url: '/cart?from=bot&x=1' });
    expect(cart.statusCode).toBe(302);
    expect(cart.headers.location).toBe('/uz/cart?from=bot&x=1');
    const product = await app.inject({ url: '/products/white-mug' });
    expect(product.headers.location).toBe('/uz/products/white-mug');
  });

  it('redirects by the lang cookie first, then Accept-Language', async () => {
    const byCookie = await app.inject({
      url: '/cart',
      headers: { cookie: 'theme=dark; lang=ru', 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(byCookie.headers.location).toBe('/ru/cart');
    const byHeader = await app.inject({
      url: '/cart',
      headers: { 'accept-language': 'de-DE, en;q=0.8, ru;q=0.5' },
    });
    expect(byHeader.headers.location).toBe('/en/cart');
    const forgedCookie = await app.inject({
      url: '/',
      headers: { cookie: 'lang=fr', 'accept-language': 'ru' },
    });
    expect(forgedCookie.headers.location).toBe('/ru');
  });

  it('answers unknown server paths with JSON 404, never the app page', async () => {
    for (const url of [
      '/api',
      '/api/unknown',
      '/backend/api/ext/v1/admin',
      '/media',
      '/tg/webhook',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
    const post = await app.inject({ method: 'POST', url: '/uz' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers a spelled-out server path as that path: JSON 404, never the app page', async () => {
    for (const url of [
      '/%74g/webhook',
      '/t%67/nothing',
      '/%61pi',
      '/%6Dedia',
      '/%61ssets/missing.js',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toMatchObject({ code: 'not_found' });
    }
  });

  it('puts the security headers on HTML, allowing only Telegram web clients to frame it', async () => {
    const res = await app.inject({ url: '/uz' });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`frame-ancestors 'self' ${TELEGRAM_FRAMERS}`);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const notFound = await app.inject({ url: '/en/nowhere' });
    expect(notFound.headers['content-security-policy']).toBe(csp);
  });

  it('limits powerful features on pages and keeps our files from being embedded elsewhere', async () => {
    const page = await app.inject({ url: '/uz' });
    expect(page.headers['permissions-policy']).toBe(
      'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), bluetooth=()',
    );
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // Telegram's web clients frame the page: nothing on it may stop that.
    expect(page.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(page.headers['cross-origin-embedder-policy']).toBeUndefined();
    const script = await app.inject({ url: '/assets/app-abc123.js' });
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    const answer = await app.inject({ url: '/healthz' });
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends HSTS only over https: directly or as a trusted proxy says, never on plain http', async () => {
    const plain = await app.inject({ url: '/uz' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // An untrusted client cannot claim https for itself.
    const claimed = await app.inject({ url: '/uz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await serverFor(dist.dir, captureLogs(), { trustProxy: ['127.0.0.1'] });
    try {
      for (const url of ['/uz', '/assets/app-abc123.js', '/api/unknown']) {
        const proxied = await behindProxy.inject({
          url,
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-proto': 'https' },
        });
        expect(proxied.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
      const proxiedPlain = await behindProxy.inject({ url: '/uz', remoteAddress: '127.0.0.1' });
      expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('reports health cheaply', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', uptime_s: expect.any(Number) });
  });

  it('hides the cause of a 500 from the caller', async () => {
    const res = await app.inject({ url: '/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal Server Error' });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers malformed JSON with 400 in the one error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'bad_request',
      message: 'The request body is not valid JSON',
    });
  });
});

describe('webapp hosting without a build', () => {
  it('says to run pnpm build, in the log once and in a 503', async () => {
    const logs = captureLogs();
    const app = await serverFor(join(tmpdir(), 'shop-no-such-dist'), logs);
    try {
      const first = await app.inject({ url: '/uz' });
      expect(first.statusCode).toBe(503);
      expect(first.headers['content-type']).toMatch(/^text\/plain/);
      expect(first.body).toContain('pnpm build');
      await app.inject({ url: '/' });
      expect(logs.messages('pnpm build')).toHaveLength(1);
      // The relay does not depend on the build.
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/nope' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

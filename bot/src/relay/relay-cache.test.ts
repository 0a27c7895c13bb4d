import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, startEmbeddedBackend, type EmbeddedBackend } from '@shop/backend';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { captureLogs } from '../testing/log-capture';
import { makeFakeDist } from '../testing/temp-dist';
import { startRecordingProxy, type StandIn } from '../testing/upstream-stand-ins';

/**
 * The relay's cache of public reads, in front of the real reference backend. A recording
 * pass-through between the two counts what reached the backend; the relay's clock is a variable
 * the tests move, so expiry needs no sleeping.
 */

const CATALOG = '/backend/api/ext/v1/resources';
const TTL_MS = 30_000;

let backend: EmbeddedBackend;
let proxy: StandIn;
let dataDir: string;
let dist: Awaited<ReturnType<typeof makeFakeDist>>;
let clock = Date.UTC(2026, 0, 1);
const apps: FastifyInstance[] = [];
let seenBefore = 0;

async function relay(ttlMs: number): Promise<FastifyInstance> {
  const app = await buildServer({
    webappDist: dist.dir,
    upstreams: {
      ecommerceUrl: proxy.url,
      catalogUrl: proxy.url,
      catalogApiKey: backend.catalogApiKey,
    },
    upstreamTimeoutMs: 10_000,
    relayCache: { ttlMs },
    now: () => clock,
    log: { level: 'warn', stream: captureLogs().stream },
  });
  apps.push(app);
  return app;
}

/** Requests that reached the backend since the current test began, as 'METHOD /path?query'. */
function reached(): string[] {
  return proxy.requests.slice(seenBefore).map((request) => `${request.method} ${request.url}`);
}

let app: FastifyInstance;
const call = (options: InjectOptions) => app.inject(options);

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shop-relay-cache-'));
  backend = await startEmbeddedBackend({ dataDir, logger: false, printSms: () => undefined });
  proxy = await startRecordingProxy(backend.url);
  dist = await makeFakeDist();
  app = await relay(TTL_MS);
});

afterAll(async () => {
  for (const each of apps) await each.close();
  await proxy.close();
  await backend.close();
  await dist.remove();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  seenBefore = proxy.requests.length;
  // Every test starts past every entry an earlier test left behind.
  clock += 10 * TTL_MS;
});

describe('relay cache of public reads', () => {
  it('answers a second identical read from memory, with the same body', async () => {
    const headers = { 'x-lang': 'ru', 'x-account-type': 'null' };
    const first = await call({ url: `${CATALOG}/home`, headers });
    const second = await call({ url: `${CATALOG}/home`, headers });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(reached()).toEqual(['GET /backend/api/ext/v1/resources/home']);
  });

  it('marks cacheable answers: strong ETag of the body, public max-age, Vary', async () => {
    const res = await call({ url: `${CATALOG}/categories`, headers: { 'x-lang': 'en' } });
    expect(res.statusCode).toBe(200);
    const hash = createHash('sha256').update(res.body).digest('base64url');
    expect(res.headers.etag).toBe(`"${hash}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.headers.vary).toContain('x-lang, x-account-type');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers If-None-Match with 304 and no body, from memory', async () => {
    const url = `/api/content/slides`;
    const first = await call({ url, headers: { 'x-lang': 'uz' } });
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await call({ url, headers: { 'x-lang': 'uz', 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body, ifNoneMatch).toBe('');
      expect(again.headers.etag, ifNoneMatch).toBe(etag);
      expect(again.headers['cache-control'], ifNoneMatch).toBe('public, max-age=30');
    }
    const changed = await call({ url, headers: { 'x-lang': 'uz', 'if-none-match': '"stale"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
    expect(reached()).toHaveLength(1);
  });

  it('keeps one entry per language and per account type', async () => {
    const url = `${CATALOG}/categories`;
    const uz = await call({ url, headers: { 'x-lang': 'uz' } });
    const ru = await call({ url, headers: { 'x-lang': 'ru' } });
    const legal = await call({ url, headers: { 'x-lang': 'uz', 'x-account-type': 'legal' } });
    expect(reached()).toHaveLength(3);
    expect(ru.body).not.toBe(uz.body);
    expect(legal.body).toContain(FIXTURES.legalOnlyCategory);
    expect(uz.body).not.toContain(FIXTURES.legalOnlyCategory);

    // "null", "individual" and no header are all an individual shopper: one entry.
    for (const accountType of ['null', 'individual', undefined]) {
      const again = await call({
        url,
        headers: { 'x-lang': 'uz', ...(accountType ? { 'x-account-type': accountType } : {}) },
      });
      expect(again.body).toBe(uz.body);
    }
    // The alias is the same backend read.
    const alias = await call({ url: '/api/categories', headers: { 'x-lang': 'ru' } });
    expect(alias.body).toBe(ru.body);
    expect(reached()).toHaveLength(3);
  });

  it('keys by the validated query and filter, not their spelling', async () => {
    const search = (q: string) =>
      call({
        url: `${CATALOG}/products/search?q=${encodeURIComponent(q)}`,
        headers: { 'x-lang': 'en' },
      });
    expect((await search(FIXTURES.search.en)).statusCode).toBe(200);
    expect((await search(`  ${FIXTURES.search.en} `)).statusCode).toBe(200);
    expect(reached()).toHaveLength(1);
    await search('towel');
    expect(reached()).toHaveLength(2);

    const filter = (payload: Record<string, unknown>) =>
      call({ method: 'POST', url: `${CATALOG}/products`, headers: { 'x-lang': 'en' }, payload });
    const first = await filter({ category: FIXTURES.leafCategory, per_page: 5, sort: 'new' });
    const reordered = await filter({ sort: 'new', per_page: 5, category: FIXTURES.leafCategory });
    const other = await filter({ category: FIXTURES.leafCategory, per_page: 6, sort: 'new' });
    expect([first.statusCode, reordered.statusCode, other.statusCode]).toEqual([200, 200, 200]);
    expect(reordered.body).toBe(first.body);
    expect(reached().filter((line) => line.startsWith('POST'))).toHaveLength(2);
  });

  it('asks the backend again once the TTL has passed', async () => {
    const url = `/api/store/stores`;
    await call({ url, headers: { 'x-lang': 'en' } });
    clock += TTL_MS - 1;
    await call({ url, headers: { 'x-lang': 'en' } });
    expect(reached()).toHaveLength(1);
    clock += 1;
    const fresh = await call({ url, headers: { 'x-lang': 'en' } });
    expect(fresh.statusCode).toBe(200);
    expect(reached()).toHaveLength(2);
  });

  it('makes one backend call for concurrent identical misses', async () => {
    const product = FIXTURES.colourVariantProduct.slug;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call({
          url: `${CATALOG}/product/${product}?resources%5B%5D=relateds`,
          headers: { 'x-lang': 'uz' },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(reached()).toEqual([
      `GET /backend/api/ext/v1/resources/product/${product}?resources%5B%5D=relateds`,
    ]);
  });

  it('stores only 200 answers: a missing product is asked for each time', async () => {
    const url = `${CATALOG}/product/${FIXTURES.unknownSlug}`;
    const first = await call({ url, headers: { 'x-lang': 'en' } });
    const second = await call({ url, headers: { 'x-lang': 'en' } });
    expect(first.statusCode).toBe(404);
    expect(second.statusCode).toBe(404);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.etag).toBeUndefined();
    expect(reached()).toHaveLength(2);
  });

  it('never shares an answer given to a token, nor a bearer call', async () => {
    const token = `Bearer ${'t'.repeat(40)}`;
    for (let i = 0; i < 2; i++) {
      const home = await call({
        url: `${CATALOG}/home`,
        headers: { 'x-lang': 'en', authorization: token },
      });
      expect(home.statusCode).toBe(200);
      expect(home.headers['cache-control']).toBe('no-store');
      expect(home.headers.etag).toBeUndefined();
      const user = await call({ url: '/api/auth/user', headers: { authorization: token } });
      expect(user.statusCode).toBe(401);
      expect(user.headers['cache-control']).toBe('no-store');
    }
    expect(reached()).toHaveLength(4);
  });

  it('passes header values the backend refuses through as 4xx, uncached', async () => {
    for (let i = 0; i < 2; i++) {
      const lang = await call({ url: `${CATALOG}/home`, headers: { 'x-lang': 'fr' } });
      expect(lang.statusCode).toBe(400);
      const account = await call({ url: `${CATALOG}/home`, headers: { 'x-account-type': 'vip' } });
      expect(account.statusCode).toBe(400);
      expect(account.headers['cache-control']).toBe('no-store');
    }
    expect(reached()).toHaveLength(4);
  });

  it('with a TTL of 0 stores nothing, and still lets a browser revalidate', async () => {
    const uncached = await relay(0);
    const url = '/api/settings/delivery';
    const first = await uncached.inject({ url, headers: { 'x-lang': 'ru' } });
    const second = await uncached.inject({
      url,
      headers: { 'x-lang': 'ru', 'if-none-match': String(first.headers.etag) },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0');
    expect(second.statusCode).toBe(304);
    expect(reached()).toHaveLength(2);
  });
});

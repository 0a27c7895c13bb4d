import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, startEmbeddedBackend, type EmbeddedBackend } from '@shop/backend';
import type { BlogPostSummary, ProductsResponse } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { cleanUpAfterEach } from '../testing/cleanups';
import { captureLogs } from '../testing/log-capture';
import { makeFakeDist } from '../testing/temp-dist';
import { startStandInUpstream, type SeenRequest } from '../testing/upstream-stand-ins';
import { SITEMAP_TTL_MS } from './sitemap';

/** sitemap.xml and robots.txt, from the real reference backend and from a stand-in that pages. */

const SHOP = 'https://shop.example.uz';
const KEY = 'stand-in-key-0123456789';

let backend: EmbeddedBackend;
let dataDir: string;
let dist: Awaited<ReturnType<typeof makeFakeDist>>;
let app: FastifyInstance;
let clock = Date.UTC(2026, 0, 1);
const cleanUpLater = cleanUpAfterEach();

/** A server on `upstreamUrl`; the file's own lives for all tests, closed in afterAll. */
function buildTestServer(upstreamUrl: string, catalogApiKey = KEY): Promise<FastifyInstance> {
  return buildServer({
    webappDist: dist.dir,
    upstreams: { ecommerceUrl: upstreamUrl, catalogUrl: upstreamUrl, catalogApiKey },
    upstreamTimeoutMs: 10_000,
    publicUrl: SHOP,
    now: () => clock,
    log: { level: 'error', stream: captureLogs().stream },
  });
}

/** A server for one test, closed after it. */
async function server(upstreamUrl: string): Promise<FastifyInstance> {
  const built = await buildTestServer(upstreamUrl);
  cleanUpLater(() => built.close());
  return built;
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shop-sitemap-'));
  backend = await startEmbeddedBackend({ dataDir, logger: false, printSms: () => undefined });
  dist = await makeFakeDist();
  app = await buildTestServer(backend.url, backend.catalogApiKey);
});

afterAll(async () => {
  await app.close();
  await backend.close();
  await dist.remove();
  await rm(dataDir, { recursive: true, force: true });
});

describe('sitemap.xml', () => {
  it('lists home, the public pages, every product and post, in three languages', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const all = locs(xml);

    for (const lang of ['uz', 'ru', 'en']) {
      expect(all).toContain(`${SHOP}/${lang}`);
      for (const page of ['about', 'catalog', 'products', 'blogs', 'markets', 'public-offer']) {
        expect(all).toContain(`${SHOP}/${lang}/${page}`);
      }
      expect(all).toContain(`${SHOP}/${lang}/products/${FIXTURES.colourVariantProduct.slug}`);
    }
    for (const privatePath of ['/cart', '/checkout', '/account', '/sign-in']) {
      expect(all.filter((loc) => loc.includes(privatePath))).toEqual([]);
    }
    const products = all.filter((loc) => loc.includes('/products/'));
    expect(products).toHaveLength(FIXTURES.individualProductCount * 3);
    expect(products.some((loc) => loc.endsWith(FIXTURES.legalOnlyProduct.slug))).toBe(false);

    const blogs = await app.inject({ url: '/api/content/blogs', headers: { 'x-lang': 'en' } });
    const [post] = blogs.json<{ data: BlogPostSummary[] }>().data;
    expect(all).toContain(`${SHOP}/ru/blogs/${post?.slug ?? '?'}`);

    // Every entry names all its language versions and the language-detecting x-default.
    const entry = /<url><loc>https:\/\/shop\.example\.uz\/en\/about<\/loc>(.*?)<\/url>/.exec(xml);
    expect(entry?.[1]).toBe(
      [
        `<xhtml:link rel="alternate" hreflang="uz" href="${SHOP}/uz/about"/>`,
        `<xhtml:link rel="alternate" hreflang="ru" href="${SHOP}/ru/about"/>`,
        `<xhtml:link rel="alternate" hreflang="en" href="${SHOP}/en/about"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${SHOP}/about"/>`,
      ].join(''),
    );
  });

  /** A catalogue of `total` made-up products, served 100 a page, and one blog post. */
  async function pagingStandIn(total: number) {
    const real = await app.inject({
      method: 'POST',
      url: '/backend/api/ext/v1/resources/products',
      payload: { per_page: 1 },
    });
    const sample = real.json<ProductsResponse>();
    const [product] = sample.data;
    if (product === undefined) throw new Error('The demo catalogue is empty');
    const state = { failing: false, blogs: true };
    const json = (res: ServerResponse, status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const upstream = await startStandInUpstream((request: SeenRequest, res) => {
      if (state.failing) {
        json(res, 503, { code: 'internal_error', message: 'Internal Server Error' });
      } else if (request.url === '/backend/api/ext/v1/resources/products') {
        const { page = 1, per_page: perPage = 24 } = JSON.parse(request.body.toString()) as {
          page?: number;
          per_page?: number;
        };
        const slugs = Array.from({ length: total }, (_, i) => `made-up-${i + 1}`).slice(
          (page - 1) * perPage,
          page * perPage,
        );
        json(res, 200, {
          data: slugs.map((slug) => ({ ...product, slug })),
          meta: { total, page, per_page: perPage, last_page: Math.ceil(total / perPage) },
          facets: sample.facets,
        });
      } else if (request.url.startsWith('/api/content/blogs') && state.blogs) {
        json(res, 200, {
          data: [
            {
              slug: "tea's-towels",
              title: 'T',
              excerpt: 'E',
              image: null,
              published_at: '2026-01-01T09:00:00Z',
            },
          ],
          meta: { total: 1, page: 1, per_page: 12, last_page: 1 },
        });
      } else json(res, 404, { code: 'not_found', message: 'No such resource' });
    });
    cleanUpLater(() => upstream.close());
    return { upstream, state, relay: await server(upstream.url) };
  }

  it('pages through the catalogue 100 at a time, and keeps the result for a while', async () => {
    const { upstream, relay } = await pagingStandIn(103);
    const first = await relay.inject({ url: '/sitemap.xml' });
    expect(first.statusCode).toBe(200);
    const products = upstream.requests.filter((request) => request.method === 'POST');
    expect(products.map((request) => JSON.parse(request.body.toString()) as unknown)).toEqual([
      { page: 1, per_page: 100 },
      { page: 2, per_page: 100 },
    ]);
    expect(products.every((request) => request.headers['x-api-key'] === KEY)).toBe(true);
    expect(locs(first.body).filter((loc) => loc.includes('/products/made-up-'))).toHaveLength(
      103 * 3,
    );
    // Slugs come from the backend: percent-encoded as a path segment, then escaped for XML.
    expect(first.body).toContain(`<loc>${SHOP}/en/blogs/tea&#39;s-towels</loc>`);
    expect(first.body).toContain('<lastmod>2026-01-01T09:00:00Z</lastmod>');

    const asked = upstream.requests.length;
    clock += SITEMAP_TTL_MS - 1;
    expect((await relay.inject({ url: '/sitemap.xml' })).body).toBe(first.body);
    expect(upstream.requests).toHaveLength(asked);
    clock += 1;
    await relay.inject({ url: '/sitemap.xml' });
    expect(upstream.requests.length).toBeGreaterThan(asked);
  });

  it('serves the last good sitemap when a rebuild fails; a JSON 502 when it has none', async () => {
    const { state, relay } = await pagingStandIn(3);
    state.failing = true;
    const none = await relay.inject({ url: '/sitemap.xml' });
    expect(none.statusCode).toBe(502);
    expect(none.json()).toMatchObject({ code: 'upstream_unavailable' });

    state.failing = false;
    const good = await relay.inject({ url: '/sitemap.xml' });
    expect(good.statusCode).toBe(200);
    state.failing = true;
    clock += SITEMAP_TTL_MS;
    const stale = await relay.inject({ url: '/sitemap.xml' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(good.body);
  });

  it('builds one sitemap for a burst of crawlers, and one without a blog', async () => {
    const { upstream, state, relay } = await pagingStandIn(3);
    state.blogs = false;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => relay.inject({ url: '/sitemap.xml' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(upstream.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(answers[0]?.body).not.toContain('/blogs/');
  });
});

describe('robots.txt', () => {
  it('allows all but the API and the private pages, and names the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /backend/',
    ]);
    for (const lang of ['uz', 'ru', 'en']) {
      for (const section of ['cart', 'checkout', 'account', 'sign-in']) {
        expect(lines).toContain(`Disallow: /${lang}/${section}`);
      }
    }
    expect(lines).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
    expect(
      lines.filter((line) => line.startsWith('Disallow: /') && line.includes('products')),
    ).toEqual([]);
  });
});

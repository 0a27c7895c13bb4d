import { mkdtemp, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES, startEmbeddedBackend, type EmbeddedBackend } from '@shop/backend';
import {
  blogQueryKey,
  FIRST_PAINT_QUERIES_ID,
  FIRST_PAINT_OUTLINES,
  categoriesQueryKey,
  homeQueryKey,
  outlineHtml,
  parseListingParams,
  PRODUCTS_PER_PAGE,
  productsPageQueryKey,
  LANGUAGES,
  productQueryKey,
  SHOP_TAGLINES,
  slidesQueryKey,
  type Slide,
  type BlogPost,
  type BlogPostSummary,
  type FirstPaintPage,
  type ProductDetail,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, type ServerDeps } from '../../server';
import { cleanUpAfterEach } from '../../testing/cleanups';
import { captureLogs } from '../../testing/log-capture';
import { makeFakeDist } from '../../testing/temp-dist';
import {
  closedPortUrl,
  startRecordingProxy,
  startStandInUpstream,
  type SeenRequest,
  type StandIn,
} from '../../testing/upstream-stand-ins';
import { headerOutlineHtml, homeOutlineHtml, productOutlineHtml } from '../first-paint/outlines';
import { snippet } from '../link-preview/heads';

/**
 * Product and blog pages as a link preview or a search engine sees them: index.html with a head
 * written from the real reference backend's data (through the relay's cache), and what happens
 * when that backend is slow, down or sends hostile text.
 */

const SHOP = 'https://shop.example.uz';
const CATALOG = '/backend/api/ext/v1/resources';

let backend: EmbeddedBackend;
let proxy: StandIn;
let dataDir: string;
let dist: Awaited<ReturnType<typeof makeFakeDist>>;
let app: FastifyInstance;
let seenBefore = 0;
const cleanUpLater = cleanUpAfterEach();

/** A server on `upstreamUrl`; the file's own lives for all tests, closed in afterAll. */
function buildTestServer(
  upstreamUrl: string,
  extra: Partial<ServerDeps> = {},
  catalogApiKey = 'stand-in-key-0123456789',
): Promise<FastifyInstance> {
  return buildServer({
    webappDist: dist.dir,
    upstreams: { ecommerceUrl: upstreamUrl, catalogUrl: upstreamUrl, catalogApiKey },
    upstreamTimeoutMs: 10_000,
    publicUrl: SHOP,
    relayCache: { ttlMs: 30_000 },
    log: { level: 'warn', stream: captureLogs().stream },
    ...extra,
  });
}

/** A server for one test, closed after it. */
async function server(...args: Parameters<typeof buildTestServer>): Promise<FastifyInstance> {
  const built = await buildTestServer(...args);
  cleanUpLater(() => built.close());
  return built;
}

function reached(): string[] {
  return proxy.requests.slice(seenBefore).map((request) => `${request.method} ${request.url}`);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** The content of every `<meta {attribute}="{key}">`, unescaped. */
function metas(html: string, attribute: 'name' | 'property', key: string): string[] {
  const pattern = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`, 'g');
  return [...html.matchAll(pattern)].map((match) => unescape(match[1] ?? ''));
}
const meta = (html: string, attribute: 'name' | 'property', key: string) =>
  metas(html, attribute, key)[0];

function alternates(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g)) {
    found[match[1] ?? ''] = unescape(match[2] ?? '');
  }
  return found;
}

function canonical(html: string): string | undefined {
  const href = /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  return href === undefined ? undefined : unescape(href);
}

function title(html: string): string | undefined {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  return unescape(titles[0]?.[1] ?? '');
}

function jsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] ?? 'null') as Record<string, unknown>;
}

interface InlineState {
  mutations: unknown[];
  queries: { queryKey: unknown[]; queryHash: string; state: Record<string, unknown> }[];
}

/** A page's outline as the server writes it into the root element. */
const outline = (page: FirstPaintPage) => outlineHtml(FIRST_PAINT_OUTLINES[page]);

/** The page's inline query state (shared/first-paint), or null when it has none. */
function inlineState(html: string): InlineState | null {
  const blocks = [
    ...html.matchAll(
      new RegExp(
        `<script type="application/json" id="${FIRST_PAINT_QUERIES_ID}">([\\s\\S]*?)</script>`,
        'g',
      ),
    ),
  ];
  expect(blocks.length).toBeLessThanOrEqual(1);
  const text = blocks[0]?.[1];
  return text === undefined ? null : (JSON.parse(text) as InlineState);
}

async function productJson(slug: string, lang: string): Promise<ProductDetail> {
  const res = await app.inject({ url: `${CATALOG}/product/${slug}`, headers: { 'x-lang': lang } });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: ProductDetail }>().data;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'shop-page-meta-'));
  backend = await startEmbeddedBackend({ dataDir, logger: false, printSms: () => undefined });
  proxy = await startRecordingProxy(backend.url);
  dist = await makeFakeDist();
  app = await buildTestServer(proxy.url, {}, backend.catalogApiKey);
});

afterAll(async () => {
  await app.close();
  await proxy.close();
  await backend.close();
  await dist.remove();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  seenBefore = proxy.requests.length;
});

describe('page heads from the reference backend', () => {
  it('writes a product page head: title, description, canonical, languages, preview', async () => {
    const { slug } = FIXTURES.colourVariantProduct;
    const product = await productJson(slug, 'ru');
    const res = await app.inject({ url: `/ru/products/${slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<html lang="ru">');
    expect(title(html)).toBe(`${product.name} · Uy Shop`);
    expect(metas(html, 'name', 'description')).toHaveLength(1);
    expect(meta(html, 'name', 'description')).toBe(snippet(product.description));
    expect(meta(html, 'name', 'description')?.length).toBeLessThanOrEqual(160);

    const url = `${SHOP}/ru/products/${slug}`;
    expect(canonical(html)).toBe(url);
    expect(alternates(html)).toEqual({
      uz: `${SHOP}/uz/products/${slug}`,
      ru: url,
      en: `${SHOP}/en/products/${slug}`,
      'x-default': `${SHOP}/products/${slug}`,
    });
    expect(meta(html, 'property', 'og:type')).toBe('product');
    expect(meta(html, 'property', 'og:title')).toBe(`${product.name} · Uy Shop`);
    expect(meta(html, 'property', 'og:description')).toBe(meta(html, 'name', 'description'));
    expect(meta(html, 'property', 'og:url')).toBe(url);
    expect(meta(html, 'property', 'og:locale')).toBe('ru_RU');
    expect(metas(html, 'property', 'og:locale:alternate').sort()).toEqual(['en_US', 'uz_UZ']);
    expect(meta(html, 'property', 'og:image')).toBe(`${SHOP}${product.images[0]?.url ?? ''}`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');

    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      image: product.images.map((image) => `${SHOP}${image.url}`),
      // Four colour variants: the product has no single SKU, its slug names it.
      sku: slug,
      brand: { '@type': 'Brand', name: product.brand.name },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'UZS',
        price: product.price,
        availability: 'https://schema.org/InStock',
        url,
      },
    });
  });

  it('gives a single-variant product its variant id as SKU, and marks sold-out stock', async () => {
    const single = await productJson(FIXTURES.singleVariantProduct.slug, 'en');
    const page = await app.inject({ url: `/en/products/${single.slug}` });
    expect(jsonLd(page.body)).toMatchObject({ sku: String(single.variants[0]?.product_id) });

    const soldOut = await app.inject({ url: `/uz/products/${FIXTURES.outOfStockProduct.slug}` });
    expect(soldOut.statusCode).toBe(200);
    expect(jsonLd(soldOut.body)).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
    expect(meta(soldOut.body, 'property', 'product:availability')).toBe('out of stock');
  });

  it('reads the product as the app will, so its own call right after is a cache hit', async () => {
    const { slug } = FIXTURES.discountedProduct;
    await app.inject({ url: `/en/products/${slug}` });
    expect(reached()).toEqual([`GET ${CATALOG}/product/${slug}?resources%5B%5D=relateds`]);
    expect(proxy.requests.at(-1)?.headers['x-api-key']).toBe(backend.catalogApiKey);
    const appCall = await app.inject({
      url: `${CATALOG}/product/${slug}?resources%5B%5D=relateds`,
      headers: { 'x-lang': 'en', 'x-account-type': 'null' },
    });
    expect(appCall.statusCode).toBe(200);
    expect(reached()).toHaveLength(1);
  });

  it('answers an unknown product with the app page and 404, and never indexes it', async () => {
    const res = await app.inject({ url: `/en/products/${FIXTURES.unknownSlug}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The app's not-found page comes in: nothing of a product's outline goes out first.
    expect(res.body).not.toContain(outline('product'));
    expect(meta(res.body, 'name', 'robots')).toBe('noindex');
    expect(canonical(res.body)).toBeUndefined();
    expect(res.body).not.toContain('application/ld+json');

    // Asked as a guest, then as a legal account would (it may be a legal-only product).
    const asked = `GET ${CATALOG}/product/${FIXTURES.unknownSlug}?resources%5B%5D=relateds`;
    expect(reached()).toEqual([asked, asked]);
    const accountTypes = proxy.requests.slice(-2).map((r) => r.headers['x-account-type']);
    expect(accountTypes).toEqual([undefined, 'legal']);

    // A slug the product call would refuse names nothing: 404 without asking the backend.
    const refused = await app.inject({ url: '/en/products/Porcelain--Mug' });
    expect(refused.statusCode).toBe(404);
    expect(reached()).toHaveLength(2);
  });

  it('answers a legal-only product with 200 and a head that tells nothing about it', async () => {
    const { slug } = FIXTURES.legalOnlyProduct;
    // Guests do not get it; a legal account does (as the app shows it to one signed in).
    const guest = await app.inject({
      url: `${CATALOG}/product/${slug}`,
      headers: { 'x-lang': 'en' },
    });
    expect(guest.statusCode).toBe(404);
    for (const lang of ['en', 'ru', 'uz'] as const) {
      const legal = await app.inject({
        url: `${CATALOG}/product/${slug}`,
        headers: { 'x-lang': lang, 'x-account-type': 'legal' },
      });
      expect(legal.statusCode).toBe(200);
      const product = legal.json<{ data: ProductDetail }>().data;

      const res = await app.inject({ url: `/${lang}/products/${slug}` });
      expect(res.statusCode, lang).toBe(200);
      const html = res.body;
      expect(html).toContain(`<html lang="${lang}">`);
      // The page's outline, but none of the product's data: a guest's is not a legal account's.
      expect(html).toContain(outline('product'));
      expect(inlineState(html)).toBeNull();
      expect(title(html)).toBe(SHOP_TAGLINES[lang].title);
      expect(meta(html, 'name', 'description')).toBe(SHOP_TAGLINES[lang].description);
      expect(meta(html, 'name', 'robots')).toBe('noindex');
      expect(canonical(html)).toBeUndefined();
      expect(meta(html, 'property', 'og:title')).toBeUndefined();
      expect(html).not.toContain('application/ld+json');
      expect(html).not.toContain(product.name);
    }
    // A slug neither guests nor legal accounts know is still a 404.
    const unknown = await app.inject({ url: `/en/products/${FIXTURES.unknownSlug}-legal` });
    expect(unknown.statusCode).toBe(404);
  });

  it('writes a blog post head: article, BlogPosting, and 404 for an unknown post', async () => {
    const list = await app.inject({ url: '/api/content/blogs', headers: { 'x-lang': 'en' } });
    expect(list.statusCode).toBe(200);
    const [summary] = list.json<{ data: BlogPostSummary[] }>().data;
    if (summary === undefined) throw new Error('The demo seed has no blog post');
    const postRes = await app.inject({
      url: `/api/content/blogs/${summary.slug}`,
      headers: { 'x-lang': 'en' },
    });
    const post = postRes.json<{ data: BlogPost }>().data;

    const res = await app.inject({ url: `/en/blogs/${summary.slug}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(title(html)).toBe(`${post.title} · Uy Shop`);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(canonical(html)).toBe(`${SHOP}/en/blogs/${summary.slug}`);
    expect(meta(html, 'property', 'article:published_time')).toBe(post.published_at);
    expect(jsonLd(html)).toMatchObject({
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.published_at,
      ...(post.image ? { image: [`${SHOP}${post.image.url}`] } : {}),
    });

    const missing = await app.inject({ url: '/ru/blogs/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(meta(missing.body, 'name', 'robots')).toBe('noindex');
  });

  it('gives other pages the generic head of their language, asking no backend but home', async () => {
    for (const [url, lang, path] of [
      ['/uz', 'uz', '/uz'],
      ['/en/', 'en', '/en'],
      ['/ru/cart', 'ru', '/ru/cart'],
      ['/en/about', 'en', '/en/about'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<html lang="${lang}">`);
      expect(title(res.body), url).toBe(SHOP_TAGLINES[lang].title);
      expect(meta(res.body, 'name', 'description'), url).toBe(SHOP_TAGLINES[lang].description);
      expect(canonical(res.body), url).toBe(`${SHOP}${path}`);
      expect(meta(res.body, 'property', 'og:type'), url).toBe('website');
      // The installed app opens in the language it was installed from.
      expect(res.body.match(/<link rel="manifest"[^>]*>/g), url).toEqual([
        `<link rel="manifest" href="/manifest.${lang}.webmanifest" />`,
      ]);
    }
    expect(alternates((await app.inject({ url: '/ru' })).body)['x-default']).toBe(`${SHOP}/`);
    const unknown = await app.inject({ url: '/en/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<html lang="en">');
    expect(meta(unknown.body, 'name', 'robots')).toBe('noindex');
    // Home reads its banners and rows for its first paint (once per language: then the cache);
    // nothing else asks.
    expect(new Set(reached())).toEqual(new Set(['GET /api/content/slides', `GET ${CATALOG}/home`]));
  });
});

describe('page heads when the backend misbehaves', () => {
  async function standIn(respond: (request: SeenRequest, res: ServerResponse) => void) {
    const upstream = await startStandInUpstream(respond);
    cleanUpLater(() => upstream.close());
    return upstream;
  }

  const HOSTILE = `</script><script>alert(1)</script><!-- "q" 'a' & <b>`;

  it('escapes hostile backend text in every tag and in the JSON-LD', async () => {
    const product = await productJson(FIXTURES.singleVariantProduct.slug, 'en');
    const evil: ProductDetail = {
      ...product,
      name: HOSTILE,
      description: `${HOSTILE} \u2028 end`,
      brand: { ...product.brand, name: HOSTILE },
      images: [
        { url: `/media/x.svg" onerror="alert(1)`, width: 10, height: 10, alt: HOSTILE },
        { url: 'javascript:alert(1)', width: 10, height: 10 },
      ],
    };
    const upstream = await standIn((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: evil }));
    });
    const evilApp = await server(upstream.url);
    const res = await evilApp.inject({ url: `/en/products/${product.slug}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;

    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- "q"');
    expect(html).not.toContain('" onerror="');
    // Not in the head; the inline state keeps the backend's text as data (a JSON string).
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('javascript:');
    // Every script element that opens is one of ours (the Telegram launch mark, JSON-LD, the
    // inline query state, the app), and closes where we closed it.
    expect(html.match(/<script\b/g)).toHaveLength(4);
    expect(html.match(/<\/script>/g)).toHaveLength(4);
    expect(html.match(/<!--/g)).toBeNull();
    // The state still reads back as the backend's text, whole.
    const inline = inlineState(html);
    expect(inline?.queries.map((query) => query.state.data)).toEqual([
      { data: evil },
      { data: evil },
    ]);

    expect(title(html)).toBe(`${HOSTILE} · Uy Shop`);
    expect(meta(html, 'property', 'og:image')).toBe(`${SHOP}/media/x.svg" onerror="alert(1)`);
    expect(meta(html, 'property', 'og:image:alt')).toBe(HOSTILE);
    const data = jsonLd(html);
    expect(data.name).toBe(HOSTILE);
    expect(data.brand).toEqual({ '@type': 'Brand', name: HOSTILE });
    expect(data.image).toEqual([`${SHOP}/media/x.svg" onerror="alert(1)`]);
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it('does not wait for a slow backend: the plain page, 200, within the bound', async () => {
    const upstream = await standIn(() => {
      // Never answers.
    });
    const slowApp = await server(upstream.url, { pageMetaTimeoutMs: 300 });
    const started = performance.now();
    const res = await slowApp.inject({ url: `/ru/products/${FIXTURES.colourVariantProduct.slug}` });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(2000);
    expect(title(res.body)).toBe(SHOP_TAGLINES.ru.title);
    expect(res.body).not.toContain('application/ld+json');
    expect(upstream.requests).toHaveLength(1);
  });

  it('bounds both lookups of a product page together: a legal lookup that hangs is a plain 200', async () => {
    const upstream = await standIn((req, res) => {
      // Guests are told late that there is no such product; the legal lookup never answers.
      if (req.headers['x-account-type'] === 'legal') return;
      setTimeout(() => {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"code":"not_found","message":"Product not found"}');
      }, 700);
    });
    const slowApp = await server(upstream.url, { pageMetaTimeoutMs: 1000 });
    const started = performance.now();
    const res = await slowApp.inject({ url: `/en/products/${FIXTURES.legalOnlyProduct.slug}` });
    // One bound for the page: not 700 ms for the first lookup plus 1000 for the second.
    expect(performance.now() - started).toBeLessThan(1500);
    // It may exist for legal accounts: no 404, and nothing to index either way.
    expect(res.statusCode).toBe(200);
    expect(meta(res.body, 'name', 'robots')).toBe('noindex');
    expect(canonical(res.body)).toBeUndefined();
    expect(upstream.requests.map((r) => r.headers['x-account-type'])).toEqual([undefined, 'legal']);
  });

  it('serves the plain page with 200 when the backend is down or failing', async () => {
    const down = await server(await closedPortUrl());
    const failing = await server(
      (
        await standIn((_req, res) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end('{"code":"internal_error","message":"Internal Server Error"}');
        })
      ).url,
    );
    const broken = await server(
      (
        await standIn((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"data":{"name":"half a product"}}');
        })
      ).url,
    );
    for (const each of [down, failing, broken]) {
      for (const [url, page] of [
        ['/uz/products/porcelain-mug', 'product'],
        ['/en/blogs/choosing-towels', 'blog'],
      ] as const) {
        const res = await each.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('application/ld+json');
        // The page's outline still goes out; no data, so the app asks for it itself.
        expect(res.body, url).toContain(outline(page));
        expect(inlineState(res.body), url).toBeNull();
      }
    }
  });
});

describe('first paint: the page carries its data and outline', () => {
  it("writes a product page's answer as query state under the app's keys, in each language", async () => {
    const { slug } = FIXTURES.colourVariantProduct;
    for (const lang of LANGUAGES) {
      const answer = await app.inject({
        url: `${CATALOG}/product/${slug}?resources%5B%5D=relateds`,
        headers: { 'x-lang': lang, 'x-account-type': 'null' },
      });
      expect(answer.statusCode).toBe(200);
      const before = Date.now();
      const res = await app.inject({ url: `/${lang}/products/${slug}` });
      expect(res.statusCode).toBe(200);
      const state = inlineState(res.body);
      expect(state?.mutations).toEqual([]);
      // A guest and a signed-in individual get the same answer from the relay; a legal account
      // may not, so its key is not there.
      expect(state?.queries.map((query) => query.queryKey)).toEqual([
        [...productQueryKey(lang, 'null', slug)],
        [...productQueryKey(lang, 'individual', slug)],
      ]);
      for (const query of state?.queries ?? []) {
        expect(query.queryHash).toBe(JSON.stringify(query.queryKey));
        expect(query.state).toMatchObject({ status: 'success', fetchStatus: 'idle' });
        expect(query.state.data).toEqual(answer.json());
        expect(query.state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
        expect(query.state.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
      }
      // In the language of the page: the Russian page carries the Russian name.
      expect(JSON.stringify(state?.queries[0]?.state.data)).toContain(
        JSON.stringify((await productJson(slug, lang)).name),
      );
      expect(res.body).toContain(`<div id="root">`);
      // The outline, with the product's name and first photo in their boxes.
      const product = await productJson(slug, lang);
      expect(res.body).toContain(
        productOutlineHtml({ name: product.name, image: product.images[0] }),
      );
      expect(res.body).toContain(`<h1 class="product__name" aria-hidden="true">`);
      if (product.images[0]) {
        expect(res.body).toContain(` src="${product.images[0].url}"`);
        expect(res.body).toContain('fetchpriority="high"');
      }
    }
  });

  it("writes a listing's first page and the category tree as query state, and preloads its first pictures", async () => {
    const search = '?category=cookware&sort=price_asc&min_price=abc';
    const { filter } = parseListingParams(new URLSearchParams(search));
    const res = await app.inject({ url: `/ru/products${search}` });
    const state = inlineState(res.body);
    // The very keys the app builds from this address, for a guest and a signed-in individual.
    expect(state?.queries.map((query) => query.queryKey)).toEqual(
      JSON.parse(
        JSON.stringify([
          productsPageQueryKey('ru', 'null', filter, 1, PRODUCTS_PER_PAGE),
          categoriesQueryKey('ru', 'null'),
          productsPageQueryKey('ru', 'individual', filter, 1, PRODUCTS_PER_PAGE),
          categoriesQueryKey('ru', 'individual'),
        ]),
      ),
    );
    // The browser's own call for that page right after is the relay's shared answer: no second
    // backend read.
    const before = reached().length;
    const answer = await app.inject({
      method: 'POST',
      url: `${CATALOG}/products`,
      headers: { 'x-lang': 'ru', 'x-account-type': 'null', 'content-type': 'application/json' },
      payload: { ...filter, page: 1, per_page: PRODUCTS_PER_PAGE },
    });
    expect(answer.statusCode).toBe(200);
    expect(reached().length).toBe(before);
    expect(state?.queries[0]?.state.data).toEqual(answer.json());
    // The two cards drawn eagerly have their pictures asked for with the page.
    const cards = answer.json<{ data: { images: { url: string }[] }[] }>().data.slice(0, 2);
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(res.body).toContain(`<link rel="preload" as="image" href="${card.images[0]?.url}"`);
    }
  });

  it("writes home's banners and rows as query state, and its first banner into the outline", async () => {
    for (const lang of LANGUAGES) {
      const slides = await app.inject({ url: '/api/content/slides', headers: { 'x-lang': lang } });
      const rows = await app.inject({
        url: `${CATALOG}/home`,
        headers: { 'x-lang': lang, 'x-account-type': 'null' },
      });
      const res = await app.inject({ url: `/${lang}` });
      const state = inlineState(res.body);
      expect(state?.queries.map((query) => query.queryKey)).toEqual([
        [...slidesQueryKey(lang)],
        [...homeQueryKey(lang, 'null')],
        [...homeQueryKey(lang, 'individual')],
      ]);
      expect(state?.queries[0]?.state.data).toEqual(slides.json());
      expect(state?.queries[1]?.state.data).toEqual(rows.json());
      const [first] = slides.json<{ data: Slide[] }>().data;
      if (!first) throw new Error('The demo seed has no banners');
      expect(res.body).toContain(homeOutlineHtml(first));
      expect(res.body).toContain(`<span class="slide__title">${first.title}</span>`);
    }
  });

  it("writes a blog post's answer as query state under the app's key, in each language", async () => {
    const list = await app.inject({ url: '/api/content/blogs', headers: { 'x-lang': 'en' } });
    const [summary] = list.json<{ data: BlogPostSummary[] }>().data;
    if (summary === undefined) throw new Error('The demo seed has no blog post');
    for (const lang of LANGUAGES) {
      const answer = await app.inject({
        url: `/api/content/blogs/${summary.slug}`,
        headers: { 'x-lang': lang },
      });
      expect(answer.statusCode).toBe(200);
      const res = await app.inject({ url: `/${lang}/blogs/${summary.slug}` });
      const state = inlineState(res.body);
      expect(state?.queries).toHaveLength(1);
      expect(state?.queries[0]?.queryKey).toEqual([...blogQueryKey(lang, summary.slug)]);
      expect(state?.queries[0]?.state.data).toEqual(answer.json());
      expect(res.body).toContain(outline('blog'));
      expect(res.body).not.toContain(outline('product'));
    }
  });

  it('writes neither data nor a page outline into other pages, a missing product or a missing post: only the header', async () => {
    for (const url of [
      '/ru/products?q=mug',
      '/uz/cart',
      '/en/blogs',
      '/en/about',
      `/en/products/${FIXTURES.unknownSlug}`,
      '/ru/blogs/no-such-post',
      '/en/nowhere',
    ]) {
      const res = await app.inject({ url });
      expect(inlineState(res.body), url).toBeNull();
      for (const page of ['product', 'blog'] as const) {
        expect(res.body, url).not.toContain(outline(page));
      }
      const header = headerOutlineHtml({ back: true, search: true });
      expect(res.body, url).toContain(
        `<div id="root"><div class="page first-paint-page" aria-busy="true">${header}<div class="page__main"></div></div></div>`,
      );
    }
  });

  it('draws the header as each layout has it: home without the back button, checkout without the search', async () => {
    const header = async (url: string) => {
      const { body } = await app.inject({ url });
      const html =
        /<header class="site-header first-paint-header"[^]*?<\/header>/.exec(body)?.[0] ?? '';
      return {
        back: html.includes('<div class="site-header__inner"><span class="icon-button">'),
        search: html.includes('site-header__search'),
        name: html.includes('<span class="logo__text">Uy Shop</span>'),
      };
    };
    expect(await header('/ru')).toEqual({ back: false, search: true, name: true });
    expect(await header('/ru/products')).toEqual({ back: true, search: true, name: true });
    expect(await header('/ru/checkout')).toEqual({ back: true, search: false, name: true });
  });
});

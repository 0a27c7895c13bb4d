import {
  blogQueryKey,
  categoriesQueryKey,
  homeQueryKey,
  parseListingParams,
  PRODUCTS_PER_PAGE,
  productsPageQueryKey,
  productQueryKey,
  slidesQueryKey,
  type BlogPost,
  type HomeResponse,
  type ProductsResponse,
  type Slide,
  type Language,
  type ProductDetail,
} from '@shop/shared';
import { hydrate, QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInlineQueries } from './inline-queries';

const NOW = 1_800_000_000_000;

const product: ProductDetail = {
  product_id: 7,
  slug: 'white-mug',
  name: 'White mug </script><!--',
  description: 'Porcelain, 350 ml',
  price: 45_000,
  old_price: 60_000,
  images: [{ url: '/media/mug.webp', width: 800, height: 800 }],
  in_stock: true,
  quantity: 12,
  category: { slug: 'kitchen', name: 'Kitchen' },
  brand: { slug: 'olov', name: 'Olov' },
  mxik: '12345678901234567',
  package_code: '796',
  specifications: [],
  variants: [
    {
      product_id: 71,
      attributes: [],
      price: 45_000,
      old_price: 60_000,
      in_stock: true,
      quantity: 12,
    },
  ],
  breadcrumbs: [{ slug: 'kitchen', name: 'Kitchen' }],
  relateds: [],
};

const post: BlogPost = {
  slug: 'choosing-towels',
  title: 'Choosing towels',
  excerpt: 'Cotton or bamboo?',
  image: null,
  published_at: '2026-03-01T09:00:00Z',
  body: 'First.\n\nSecond.',
};

const slide: Slide = {
  id: 1,
  title: 'Kitchen week',
  subtitle: null,
  image: { url: '/media/slides/1.webp', width: 1200, height: 500 },
  link: '/products?category=kitchen',
};

const home: HomeResponse = {
  data: {
    sections: [{ key: 'new', title: 'New', products: [] }],
    categories: [],
  },
};

/** Dehydrated state as the server writes it (bot/src/web/first-paint/inline-queries.ts). */
function serverState(queries: { queryKey: unknown; data: unknown; dataUpdatedAt?: unknown }[]) {
  return JSON.stringify({
    mutations: [],
    queries: queries.map(({ queryKey, data, dataUpdatedAt = NOW - 500 }) => ({
      queryKey,
      queryHash: JSON.stringify(queryKey),
      state: { data, dataUpdatedAt, status: 'success', fetchStatus: 'idle' },
    })),
  });
}

function hydrated(text: string | null) {
  const client = new QueryClient();
  const state = readInlineQueries(text, NOW);
  hydrate(client, state);
  return { state, client };
}

describe('readInlineQueries', () => {
  it.each<Language>(['uz', 'ru', 'en'])(
    'takes a product page’s answer under the app’s keys (%s), with the server’s time',
    (language) => {
      const text = serverState([
        { queryKey: productQueryKey(language, 'null', product.slug), data: { data: product } },
        {
          queryKey: productQueryKey(language, 'individual', product.slug),
          data: { data: product },
        },
      ]);
      const { state, client } = hydrated(text);
      expect(state.queries.map((query) => query.queryKey)).toEqual([
        productQueryKey(language, 'null', product.slug),
        productQueryKey(language, 'individual', product.slug),
      ]);
      // What the app's own query of that key then finds, without a request.
      const key = productQueryKey(language, 'null', product.slug);
      expect(client.getQueryData(key)).toEqual({ data: product });
      expect(client.getQueryState(key)).toMatchObject({
        status: 'success',
        dataUpdatedAt: NOW - 500,
      });
    },
  );

  it('takes a blog post’s answer under the app’s key', () => {
    const key = blogQueryKey('ru', post.slug);
    const { state } = hydrated(serverState([{ queryKey: key, data: { data: post } }]));
    expect(state.queries).toHaveLength(1);
    expect(state.queries[0]?.queryKey).toEqual(key);
    expect(state.queries[0]?.queryHash).toBe(JSON.stringify(key));
    expect(state.queries[0]?.state.data).toEqual({ data: post });
  });

  it('takes home’s answer for a guest and its banners under the app’s keys', () => {
    const text = serverState([
      { queryKey: homeQueryKey('uz', 'null'), data: home },
      { queryKey: homeQueryKey('uz', 'individual'), data: home },
      { queryKey: slidesQueryKey('uz'), data: { data: [slide] } },
      // A legal account's home is not what a guest's read gave.
      { queryKey: homeQueryKey('uz', 'legal'), data: home },
      // Another call's answer under the banners' key.
      { queryKey: slidesQueryKey('ru'), data: home },
    ]);
    const { client, state } = hydrated(text);
    expect(state.queries.map((query) => query.queryKey)).toEqual([
      homeQueryKey('uz', 'null'),
      homeQueryKey('uz', 'individual'),
      slidesQueryKey('uz'),
    ]);
    expect(client.getQueryData(slidesQueryKey('uz'))).toEqual({ data: [slide] });
    expect(client.getQueryData(homeQueryKey('uz', 'null'))).toEqual(home);
  });

  it('takes a listing’s first page under the key the app builds from its address, and the categories', () => {
    const { filter } = parseListingParams(new URLSearchParams('?category=kitchen&sort=new'));
    const page: ProductsResponse = {
      data: [],
      meta: { page: 1, last_page: 1, per_page: PRODUCTS_PER_PAGE, total: 0 },
      facets: { categories: [], brands: [], attributes: [], price: null, in_stock_count: 0 },
    };
    const key = productsPageQueryKey('ru', 'null', filter, 1, PRODUCTS_PER_PAGE);
    const text = serverState([
      { queryKey: key, data: page },
      { queryKey: categoriesQueryKey('ru', 'null'), data: { data: [] } },
      // Not as the app reads an address: an unknown field, a bad slug, a later page, another size.
      { queryKey: [...key.slice(0, 4), { ...filter, extra: 1 }, 1, PRODUCTS_PER_PAGE], data: page },
      { queryKey: [...key.slice(0, 4), { category: 'Кухня' }, 1, PRODUCTS_PER_PAGE], data: page },
      { queryKey: productsPageQueryKey('ru', 'null', filter, 2, PRODUCTS_PER_PAGE), data: page },
      { queryKey: productsPageQueryKey('ru', 'null', filter, 1, 5), data: page },
    ]);
    const { state, client } = hydrated(text);
    expect(state.queries.map((query) => query.queryKey)).toEqual([
      key,
      categoriesQueryKey('ru', 'null'),
    ]);
    expect(client.getQueryData(key)).toBeDefined();
  });

  it('never dates the data after the phone’s own clock', () => {
    const key = blogQueryKey('en', post.slug);
    const text = serverState([
      { queryKey: key, data: { data: post }, dataUpdatedAt: NOW + 3_600_000 },
    ]);
    expect(readInlineQueries(text, NOW).queries[0]?.state.dataUpdatedAt).toBe(NOW);
  });

  it('reads no state from a page without one, or with text that is not JSON', () => {
    for (const text of [null, undefined, '', '{', 'null', '[]', '{"queries":{}}', '"x"']) {
      expect(readInlineQueries(text, NOW).queries, String(text)).toEqual([]);
    }
  });

  it('leaves out queries whose key is not one the app builds, or whose answer is another call’s', () => {
    const data = { data: product };
    const keys: unknown[] = [
      ['catalog', 'product', 'de', 'null', product.slug],
      ['catalog', 'product', 'en', 'legal', product.slug],
      ['catalog', 'product', 'en', 'null', 'White Mug'],
      ['catalog', 'product', 'en', 'null', product.slug, 'extra'],
      ['catalog', 'product', 'en', 'null'],
      ['catalog', 'home', 'en', 'null'],
      ['account', 'user'],
      ['content', 'blog', 'en'],
      'catalog,product,en,null,white-mug',
      { 0: 'catalog' },
      null,
    ];
    const text = serverState(keys.map((queryKey) => ({ queryKey, data })));
    expect(readInlineQueries(text, NOW).queries).toEqual([]);
  });

  it('leaves out answers that fail the call’s own check, and keeps the good ones', () => {
    const good = productQueryKey('en', 'null', product.slug);
    const text = serverState([
      { queryKey: productQueryKey('uz', 'null', product.slug), data: { data: { name: 'half' } } },
      { queryKey: productQueryKey('ru', 'null', product.slug), data: product },
      { queryKey: blogQueryKey('en', post.slug), data: { data: product } },
      { queryKey: productQueryKey('en', 'individual', product.slug), data: { data: post } },
      { queryKey: good, data: { data: product } },
    ]);
    expect(readInlineQueries(text, NOW).queries.map((query) => query.queryKey)).toEqual([good]);
  });

  it('leaves out entries without a usable time or state', () => {
    const queryKey = blogQueryKey('en', post.slug);
    const data = { data: post };
    const text = JSON.stringify({
      queries: [
        { queryKey, state: { data, dataUpdatedAt: 'yesterday' } },
        { queryKey, state: { data, dataUpdatedAt: -1 } },
        { queryKey, state: { data } },
        { queryKey, state: null },
        { queryKey },
        null,
        42,
      ],
    });
    expect(readInlineQueries(text, NOW).queries).toEqual([]);
  });

  it('never throws, whatever the page holds', () => {
    const entry = fc.record(
      { queryKey: fc.jsonValue(), state: fc.jsonValue() },
      { requiredKeys: [] },
    );
    const texts = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.array(entry).map((queries) => JSON.stringify({ queries })),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(readInlineQueries(text, NOW).mutations).toEqual([]);
      }),
    );
  });
});

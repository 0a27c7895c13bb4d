import {
  CategoriesResponseSchema,
  HomeResponseSchema,
  ProductResponseSchema,
  ProductsResponseSchema,
  SearchResponseSchema,
  type Category,
  type Product,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../seed/fixtures';
import { call, catalog } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

function flatten(categories: readonly Category[]): string[] {
  return categories.flatMap((c) => [c.slug, ...flatten(c.children)]);
}

describe.each(DATABASE_KINDS)('catalogue on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  async function products(filter: object, headers: Record<string, string> = {}) {
    const answer = await catalog(t, 'POST', '/resources/products', { body: filter, headers });
    expect(answer.status, answer.text).toBe(200);
    return ProductsResponseSchema.parse(answer.body);
  }

  describe('categories', () => {
    it('answers the tree in the requested language, uz by default', async () => {
      const uz = CategoriesResponseSchema.parse(
        (await catalog(t, 'GET', '/resources/categories')).body,
      );
      const ru = CategoriesResponseSchema.parse(
        (await catalog(t, 'GET', '/resources/categories', { headers: { 'x-lang': 'ru' } })).body,
      );
      const en = CategoriesResponseSchema.parse(
        (await catalog(t, 'GET', '/resources/categories', { headers: { 'x-lang': 'en' } })).body,
      );
      expect(uz.data.map((c) => c.name)).toContain('Oshxona');
      expect(ru.data.map((c) => c.name)).toContain('Кухня');
      expect(en.data.map((c) => c.name)).toContain('Kitchen');
      const kitchen = en.data.find((c) => c.slug === 'kitchen');
      expect(kitchen?.children.map((c) => c.slug)).toEqual(FIXTURES.parentCategory.children);
      expect(kitchen?.image).toBe('/media/categories/kitchen.svg');
      expect(flatten(uz.data).length).toBeGreaterThanOrEqual(12);
    });

    it('hides legal-only categories from individuals, including a missing or "null" type', async () => {
      for (const headers of [
        {},
        { 'x-account-type': 'null' },
        { 'x-account-type': 'individual' },
      ] as Record<string, string>[]) {
        const answer = CategoriesResponseSchema.parse(
          (await catalog(t, 'GET', '/resources/categories', { headers })).body,
        );
        expect(flatten(answer.data)).not.toContain(FIXTURES.legalOnlyCategory);
        expect(flatten(answer.data)).not.toContain(FIXTURES.legalOnlyChildCategory);
      }
      const legal = CategoriesResponseSchema.parse(
        (
          await catalog(t, 'GET', '/resources/categories', {
            headers: { 'x-account-type': 'legal' },
          })
        ).body,
      );
      expect(flatten(legal.data)).toContain(FIXTURES.legalOnlyCategory);
      expect(flatten(legal.data)).toContain(FIXTURES.legalOnlyChildCategory);
    });

    it('is also answered at /api/categories without the API key', async () => {
      const answer = await call(t, 'GET', '/api/categories', {
        headers: { 'x-lang': 'en', 'x-account-type': 'legal' },
      });
      expect(answer.status).toBe(200);
      expect(flatten(CategoriesResponseSchema.parse(answer.body).data)).toContain(
        FIXTURES.legalOnlyCategory,
      );
    });
  });

  describe('home', () => {
    it('has new, popular and discounted sections of 8 and the top categories', async () => {
      const answer = await catalog(t, 'GET', '/resources/home', { headers: { 'x-lang': 'ru' } });
      const home = HomeResponseSchema.parse(answer.body);
      expect(home.data.sections.map((s) => s.key)).toEqual(['new', 'popular', 'discounted']);
      for (const section of home.data.sections) expect(section.products).toHaveLength(8);
      const discounted = home.data.sections.find((s) => s.key === 'discounted');
      for (const product of discounted?.products ?? []) {
        expect(product.old_price ?? 0).toBeGreaterThan(product.price);
      }
      const newest = home.data.sections.find((s) => s.key === 'new')?.products ?? [];
      expect(newest.some((p) => p.slug === 'horeca-piyola-bulk-pack')).toBe(false);
      expect(home.data.categories.map((c) => c.slug)).toContain('kitchen');
      expect(home.data.sections[0]?.title).toBe('Новинки');
    });
  });

  describe('products', () => {
    it('pages in SQL with meta, 24 per page by default', async () => {
      const first = await products({});
      expect(first.meta).toEqual({
        total: FIXTURES.individualProductCount,
        page: 1,
        per_page: 24,
        last_page: Math.ceil(FIXTURES.individualProductCount / 24),
      });
      expect(first.data).toHaveLength(24);
      const all: string[] = [];
      for (let page = 1; page <= first.meta.last_page; page += 1) {
        all.push(...(await products({ page })).data.map((p) => p.slug));
      }
      expect(new Set(all).size).toBe(FIXTURES.individualProductCount);
      const beyond = await products({ page: 99 });
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.total).toBe(FIXTURES.individualProductCount);
    });

    it('shows legal-only products to legal accounts only', async () => {
      const individual = await products({ per_page: 100 });
      const legal = await products({ per_page: 100 }, { 'x-account-type': 'legal' });
      expect(individual.data.map((p) => p.slug)).not.toContain(FIXTURES.legalOnlyProduct.slug);
      expect(legal.data.map((p) => p.slug)).toContain(FIXTURES.legalOnlyProduct.slug);
      expect(legal.meta.total).toBe(FIXTURES.productCount);
      expect((await products({ category: FIXTURES.legalOnlyCategory })).meta.total).toBe(0);
    });

    it('filters by a category including its descendants', async () => {
      const kitchen = await products({ category: FIXTURES.parentCategory.slug, per_page: 100 });
      const categories = new Set(kitchen.data.map((p) => p.category.slug));
      expect([...categories].sort()).toEqual([...FIXTURES.parentCategory.children].sort());
      const cookware = await products({ category: FIXTURES.leafCategory, per_page: 100 });
      expect(cookware.meta.total).toBeGreaterThan(0);
      expect(cookware.meta.total).toBeLessThan(kitchen.meta.total);
      expect(cookware.data.every((p) => p.category.slug === FIXTURES.leafCategory)).toBe(true);
      expect((await products({ category: 'no-such-category' })).meta.total).toBe(0);
    });

    it('filters by brands, price range and stock', async () => {
      const brand = await products({ brands: [FIXTURES.brand], per_page: 100 });
      expect(brand.meta.total).toBeGreaterThan(0);
      expect(brand.data.every((p) => p.brand.slug === FIXTURES.brand)).toBe(true);

      const ranged = await products({ price_min: 100_000, price_max: 300_000, per_page: 100 });
      expect(ranged.meta.total).toBeGreaterThan(0);
      expect(ranged.data.every((p) => p.price >= 100_000 && p.price <= 300_000)).toBe(true);

      // Bounds beyond 2^31 are allowed by the contract and must not overflow the price column.
      const huge = await products({ price_min: 5_000_000_000, price_max: 10_000_000_000 });
      expect(huge.meta.total).toBe(0);
      const upToHuge = await products({ price_max: 9_000_000_000, per_page: 1 });
      expect(upToHuge.meta.total).toBe(FIXTURES.individualProductCount);

      const inStock = await products({ in_stock: true, per_page: 100 });
      expect(inStock.data.every((p) => p.in_stock)).toBe(true);
      expect(inStock.data.map((p) => p.slug)).not.toContain(FIXTURES.outOfStockProduct.slug);
      expect(inStock.data.map((p) => p.slug)).toContain(FIXTURES.partlyOutOfStockProduct.slug);
      // false is an unticked "in stock only" box, not "sold out only".
      const unfiltered = await products({ in_stock: false, per_page: 100 });
      expect(unfiltered.meta.total).toBe(FIXTURES.individualProductCount);
    });

    it('filters to products on sale: exactly the ones the home section shows, then the rest', async () => {
      const all = (await products({ per_page: 100 })).data;
      const wanted = all.filter((p) => p.old_price !== null && p.old_price > p.price);
      expect(wanted.length).toBeGreaterThan(8);
      expect(wanted.length).toBeLessThan(all.length);
      const onSale = await products({ discounted: true, per_page: 100 });
      expect(onSale.meta.total).toBe(wanted.length);
      expect(onSale.data.map((p) => p.slug)).toEqual(wanted.map((p) => p.slug));
      // The home section is this list's first page: "See all" leads to more of the same.
      const home = HomeResponseSchema.parse(
        (await catalog(t, 'GET', '/resources/home', { headers: { 'x-lang': 'en' } })).body,
      );
      const section = home.data.sections.find((s) => s.key === 'discounted')?.products ?? [];
      expect(section.map((p) => p.slug)).toEqual(onSale.data.slice(0, 8).map((p) => p.slug));
      // Legal accounts also see their own assortment on sale; false does not filter.
      const legal = await products(
        { discounted: true, per_page: 1 },
        { 'x-account-type': 'legal' },
      );
      expect(legal.meta.total).toBeGreaterThanOrEqual(wanted.length);
      expect((await products({ discounted: false, per_page: 1 })).meta.total).toBe(all.length);
    });

    it('sorts by price both ways and by newness, with a stable tie-break by id', async () => {
      const asc = (await products({ sort: 'price_asc', per_page: 100 })).data;
      const desc = (await products({ sort: 'price_desc', per_page: 100 })).data;
      const byPriceThenId = (a: Product, b: Product) =>
        a.price - b.price || a.product_id - b.product_id;
      expect(asc.map((p) => p.slug)).toEqual([...asc].sort(byPriceThenId).map((p) => p.slug));
      expect(desc.map((p) => p.slug)).toEqual(
        [...desc]
          .sort((a, b) => b.price - a.price || a.product_id - b.product_id)
          .map((p) => p.slug),
      );
      // Paging through a sort with ties gives every product exactly once.
      const paged: string[] = [];
      for (let page = 1; page <= 7; page += 1) {
        paged.push(
          ...(await products({ sort: 'price_asc', per_page: 10, page })).data.map((p) => p.slug),
        );
      }
      expect(paged).toEqual(asc.map((p) => p.slug));
      const newest = (await products({ sort: 'new', per_page: 3 })).data;
      const popular = (await products({ sort: 'popular', per_page: 3 })).data;
      expect(newest.map((p) => p.slug)).not.toEqual(popular.map((p) => p.slug));
    });

    it('derives product price, stock and quantity from the variants', async () => {
      const all = (await products({ per_page: 100 }, { 'x-account-type': 'legal' })).data;
      expect(all.length).toBeGreaterThanOrEqual(60);
      for (const product of all) {
        expect(product.variants.length).toBeGreaterThanOrEqual(1);
        expect(product.price).toBe(Math.min(...product.variants.map((v) => v.price)));
        expect(product.in_stock).toBe(product.variants.some((v) => v.in_stock));
        expect(product.quantity).toBe(product.variants.reduce((s, v) => s + v.quantity, 0));
        expect(product.mxik).toMatch(/^\d{17}$/);
        expect(product.package_code.length).toBeGreaterThan(0);
        expect(product.images.length).toBeGreaterThan(0);
        for (const image of product.images)
          expect(image.url).toMatch(/^\/media\/products\/[a-z0-9-]+\.svg$/);
      }
      const mug = all.find((p) => p.slug === FIXTURES.colourVariantProduct.slug);
      expect(mug?.variants.map((v) => v.product_id)).toEqual(
        FIXTURES.colourVariantProduct.variants.map((v) => v.id),
      );
      expect(mug?.variants.every((v) => v.attributes.some((a) => a.code === 'color'))).toBe(true);
      const kettle = all.find((p) => p.slug === FIXTURES.partlyOutOfStockProduct.slug);
      expect(kettle?.in_stock).toBe(true);
      expect(kettle?.variants.some((v) => !v.in_stock && v.quantity === 0)).toBe(true);
    });

    it('refuses a bad filter with per-field details', async () => {
      const answer = await catalog(t, 'POST', '/resources/products', {
        body: { per_page: 1000, sort: 'cheapest', price_min: 5, price_max: 1, colour: 'red' },
      });
      expect(answer.status).toBe(400);
      const body = answer.body as { code: string; details: { field: string }[] };
      expect(body.code).toBe('validation_error');
      const fields = body.details.map((d) => d.field);
      expect(fields).toEqual(expect.arrayContaining(['per_page', 'sort']));
      for (const discounted of ['yes', 'true', 1, null]) {
        const bad = await catalog(t, 'POST', '/resources/products', { body: { discounted } });
        expect(bad.status, JSON.stringify(discounted)).toBe(400);
        const error = bad.body as { code: string; details: { field: string; message: string }[] };
        expect(error.code).toBe('validation_error');
        expect(error.details).toEqual([{ field: 'discounted', message: expect.any(String) }]);
      }
    });
  });

  describe('product page', () => {
    it('answers the detail with breadcrumbs, and relateds only when asked', async () => {
      const plain = ProductResponseSchema.parse(
        (
          await catalog(t, 'GET', `/resources/product/${FIXTURES.colourVariantProduct.slug}`, {
            headers: { 'x-lang': 'en' },
          })
        ).body,
      );
      expect(plain.data.name).toBe('Porcelain mug 350 ml');
      expect(plain.data.breadcrumbs).toEqual([
        { slug: 'kitchen', name: 'Kitchen' },
        { slug: 'tableware', name: 'Tableware' },
      ]);
      expect(plain.data.relateds).toEqual([]);

      const withRelateds = ProductResponseSchema.parse(
        (
          await catalog(
            t,
            'GET',
            `/resources/product/${FIXTURES.colourVariantProduct.slug}?resources[]=relateds`,
          )
        ).body,
      );
      expect(withRelateds.data.relateds.length).toBeGreaterThan(0);
      expect(withRelateds.data.relateds.length).toBeLessThanOrEqual(8);
      expect(withRelateds.data.relateds.every((p) => p.category.slug === 'tableware')).toBe(true);
      expect(withRelateds.data.relateds.map((p) => p.slug)).not.toContain(
        FIXTURES.colourVariantProduct.slug,
      );
    });

    it('answers 404 not_found for an unknown slug and for a legal-only product asked by an individual', async () => {
      for (const slug of [FIXTURES.unknownSlug, FIXTURES.legalOnlyProduct.slug]) {
        const answer = await catalog(t, 'GET', `/resources/product/${slug}`);
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ code: 'not_found' });
      }
      const legal = await catalog(
        t,
        'GET',
        `/resources/product/${FIXTURES.legalOnlyProduct.slug}`,
        {
          headers: { 'x-account-type': 'legal' },
        },
      );
      expect(legal.status).toBe(200);
    });

    it('refuses a bad slug or resource with 400', async () => {
      expect((await catalog(t, 'GET', '/resources/product/Not_A_Slug')).status).toBe(400);
      expect(
        (
          await catalog(
            t,
            'GET',
            `/resources/product/${FIXTURES.colourVariantProduct.slug}?resources[]=reviews`,
          )
        ).status,
      ).toBe(400);
      expect((await catalog(t, 'GET', `/resources/product/${'a'.repeat(121)}`)).status).toBe(400);
    });
  });

  describe('search', () => {
    async function search(q: string, lang = 'en', accountType = 'individual', limit?: number) {
      const params = new URLSearchParams({ q });
      if (limit !== undefined) params.set('limit', String(limit));
      const answer = await catalog(t, 'GET', `/resources/products/search?${params.toString()}`, {
        headers: { 'x-lang': lang, 'x-account-type': accountType },
      });
      expect(answer.status, answer.text).toBe(200);
      return SearchResponseSchema.parse(answer.body).data.map((p) => p.slug);
    }

    it('finds products by name in any language, answering in the requested one', async () => {
      expect(await search(FIXTURES.search.uz, 'uz')).toContain(FIXTURES.search.slug);
      expect(await search(FIXTURES.search.ru, 'ru')).toContain(FIXTURES.search.slug);
      expect(await search(FIXTURES.search.en.toUpperCase(), 'en')).toContain(FIXTURES.search.slug);
      // The shopper's language picks the answer's texts, not what the query may match.
      expect(await search(FIXTURES.search.ru, 'en')).toContain(FIXTURES.search.slug);
      const answer = await catalog(t, 'GET', '/resources/products/search?q=qozon', {
        headers: { 'x-lang': 'ru' },
      });
      expect(SearchResponseSchema.parse(answer.body).data[0]?.name).toBe('Чугунный казан');
    });

    it('is script-agnostic: Cyrillic finds Latin names and Latin finds Cyrillic ones', async () => {
      // Russian and Uzbek Cyrillic spellings of the kazan, named "Choʻyan qozon" / "Cast-iron kazan".
      for (const q of ['казан', 'қозон', 'қазан', 'КАЗАН']) {
        expect((await search(q))[0], q).toBe(FIXTURES.search.slug);
      }
      // Uzbek in either script: "Chinni krujka" is the porcelain mug.
      expect(await search('чинни')).toEqual(await search('chinni'));
      expect(await search('chinni krujka')).toEqual([FIXTURES.colourVariantProduct.slug]);
      expect(await search('чинни кружка')).toEqual([FIXTURES.colourVariantProduct.slug]);
      // Latin transliterations of Russian names only written in Cyrillic ("Сковорода …").
      expect(await search('skovoroda')).toEqual(
        expect.arrayContaining(['granite-frying-pan', 'carbon-steel-wok']),
      );
      expect(await search('polotentse')).toContain('terry-bath-towel');
    });

    it('forgives a missing or wrong letter', async () => {
      expect(await search('porcelan')).toEqual([FIXTURES.colourVariantProduct.slug]);
      expect(await search('kazn')).toContain(FIXTURES.search.slug);
      expect(await search('sochq', 'uz')).toContain('terry-bath-towel');
    });

    it('forgives a letter dropped from a short word, without guessing for other words', async () => {
      // "krslo" is "kreslo" less its 'e': too few trigrams left in common (0.44) to pass as a typo.
      expect(await search('krslo', 'uz')).toContain('soft-armchair');
      expect(await search('krslo yumshoq', 'uz')).toEqual(['soft-armchair']);
      // A lost letter in "kazan" and "choynak"; keyboard noise still finds nothing.
      expect(await search('kazn')).toContain(FIXTURES.search.slug);
      expect(await search('chynak', 'uz')).toContain('whistling-kettle');
      // Two letters lost is not one: no guess.
      expect(await search('krsl', 'uz')).toEqual([]);
    });

    it('treats every apostrophe people type for oʻ and gʻ alike', async () => {
      // "Yogʻoch" (wood) names the dining chair, the hangers and the shelf.
      const spellings = ['yogʻoch', "yog'och", 'yog’och', 'yog‘och', 'yogʼoch', 'yog`och', 'ёғоч'];
      const expected = await search('yogʻoch', 'uz');
      expect(expected).toContain('wooden-dining-chair');
      for (const spelling of spellings)
        expect(await search(spelling, 'uz'), spelling).toEqual(expected);
      for (const spelling of ["qo'lqop", 'qo‘lqop', 'qoʻlqop', 'qoʼlqop']) {
        expect(await search(spelling, 'uz')).toContain('oven-mitts');
      }
    });

    it('finds nothing for keyboard noise', async () => {
      for (const q of ['zzqqxx', 'asdfgh', 'qwerty', 'ааааа', 'qqqqqq']) {
        expect(await search(q), q).toEqual([]);
      }
    });

    it('ranks whole words before word starts before typos', async () => {
      // "Emallangan kastryulka" (exact), "…kastryulkalar toʻplami" (prefix), "кастрюля" (typo).
      expect(await search('kastryulka')).toEqual([
        'enamel-stockpot',
        'stainless-saucepan-set',
        'ceramic-casserole',
      ]);
      // "Choʻyan qozon" (exact) before "Keramik qozoncha" (prefix).
      expect(await search('qozon')).toEqual([FIXTURES.search.slug, 'ceramic-casserole']);
    });

    it('finds by brand and by category name, and every word must match', async () => {
      const byBrand = await search('chinnigar', 'en');
      expect(byBrand).toContain(FIXTURES.colourVariantProduct.slug);
      expect(await search('towels', 'en')).toContain('terry-bath-towel');
      expect(await search('porcelain mug', 'en')).toEqual([FIXTURES.colourVariantProduct.slug]);
    });

    it('answers at most `limit` products, 24 by default', async () => {
      expect(await search('chinnigar', 'en', 'individual', 3)).toHaveLength(3);
      // "uchun" (for) is in most Uzbek descriptions.
      expect(await search('uchun')).toHaveLength(24);
      expect((await search('uchun', 'en', 'individual', 48)).length).toBeGreaterThan(24);
      const tooMany = await catalog(t, 'GET', '/resources/products/search?q=ka&limit=49');
      expect(tooMany.status).toBe(400);
    });

    it('reads % and _ as separators, not wildcards, and hides legal-only products from individuals', async () => {
      expect(await search('%', 'en')).toEqual([]);
      expect(await search("'", 'uz')).toEqual([]);
      expect(await search('_', 'en')).toEqual([]);
      expect(await search('k%n', 'en')).toEqual([]);
      expect(await search('k_zan', 'en')).not.toContain(FIXTURES.search.slug);
      expect(await search('kazan %', 'en')).toContain(FIXTURES.search.slug);
      expect(await search('hotel', 'en')).toEqual([]);
      expect(await search('hotel', 'en', 'legal')).toContain(FIXTURES.legalOnlyProduct.slug);
    });

    it('refuses an empty or oversized query with 400', async () => {
      for (const url of [
        '/resources/products/search',
        '/resources/products/search?q=',
        '/resources/products/search?q=%20%20',
        `/resources/products/search?q=${'a'.repeat(101)}`,
        '/resources/products/search?q=a&q=b',
      ]) {
        const answer = await catalog(t, 'GET', url);
        expect(answer.status, url).toBe(400);
        expect(answer.body).toMatchObject({ code: 'validation_error' });
      }
    });
  });

  describe('media', () => {
    it('serves every product picture as a cacheable SVG', async () => {
      const all = (await products({ per_page: 100 }, { 'x-account-type': 'legal' })).data;
      for (const product of all) {
        for (const image of product.images) {
          const answer = await call(t, 'GET', image.url);
          expect(answer.status, image.url).toBe(200);
          expect(answer.headers['content-type']).toMatch(/^image\/svg\+xml/);
          expect(answer.headers['cache-control']).toContain('max-age=31536000');
          expect(answer.text.startsWith('<svg')).toBe(true);
        }
      }
    });

    it('draws the same picture every time, in the variant colour', async () => {
      const first = await call(t, 'GET', '/media/products/porcelain-mug-2.svg');
      const second = await call(t, 'GET', '/media/products/porcelain-mug-2.svg');
      expect(first.text).toBe(second.text);
      expect(first.text).toContain('#3F6FB5');
    });

    it('serves category and slide pictures, and 404 JSON for anything else', async () => {
      expect((await call(t, 'GET', '/media/categories/kitchen.svg')).status).toBe(200);
      expect((await call(t, 'GET', '/media/slides/1.svg')).status).toBe(200);
      for (const url of [
        '/media/products/porcelain-mug-9.svg',
        '/media/products/nope-1.svg',
        '/media/products/..%2F..%2Fetc%2Fpasswd',
        '/media/slides/0.svg',
        '/media/x',
      ]) {
        const answer = await call(t, 'GET', url);
        expect(answer.status, url).toBe(404);
        expect(answer.body).toMatchObject({ code: 'not_found' });
      }
    });
  });
});

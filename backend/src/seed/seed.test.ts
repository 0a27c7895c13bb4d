import { ProductsResponseSchema, SearchResponseSchema } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeValues, infoPages, installState, products, variants } from '../db/schema';
import { catalog } from '../testing/http-client';
import {
  createTestBackend,
  stockOf,
  DATABASE_KINDS,
  T0,
  type TestBackend,
} from '../testing/test-backend';
import { buildCatalog } from './catalog-seed';
import { BLOG_POSTS, DELIVERY_METHODS, INFO_PAGES, PAYMENT_TYPES, SLIDES } from './content-data';
import { FIXTURES } from './fixtures';
import { PRODUCTS } from './products-data';
import { seedDemoData } from './seed';
import { buildSyntheticCatalog } from './synthetic-catalog';

describe('demo catalogue rows', () => {
  const built = buildCatalog();

  it('gives every variant its colour as an attribute, one colour too, unless it only tints', () => {
    for (const seed of PRODUCTS) {
      const product = built.products.find((p) => p.slug === seed.slug);
      const rows = built.variants.filter((v) => v.productId === product?.id);
      const colours = rows.map((v) => v.attributes.find((a) => a.code === 'color')?.valueCode);
      if (seed.tintOnly === true) {
        expect(seed.colors, seed.slug).toHaveLength(1);
        expect(
          colours.every((c) => c === undefined),
          seed.slug,
        ).toBe(true);
      } else {
        expect(new Set(colours), seed.slug).toEqual(new Set(seed.colors));
      }
    }
    // The tint-only ones are the exception: clear glass, a liquid, a garland's light.
    const tintOnly = PRODUCTS.filter((p) => p.tintOnly === true).map((p) => p.slug);
    expect(tintOnly).toContain(FIXTURES.tintOnlyProduct.slug);
    expect(tintOnly.length).toBeLessThanOrEqual(5);
  });

  it('calls terry "maxrali" in Uzbek, never "mahrum" (deprived)', () => {
    const synthetic = buildSyntheticCatalog({ products: 2_000, seed: 1 });
    const uzbek = [
      ...[...built.products, ...synthetic.products].flatMap((p) => [p.name.uz, p.description.uz]),
      ...BLOG_POSTS.flatMap((p) => [p.title.uz, p.excerpt.uz, p.body.uz]),
      ...INFO_PAGES.flatMap((p) => [p.title.uz, p.body.uz]),
    ];
    expect(uzbek.filter((text) => /mahrum/i.test(text))).toEqual([]);
    const name = (slug: string) => built.products.find((p) => p.slug === slug)?.name.uz;
    expect(name('terry-bath-towel')).toBe('Maxrali hammom sochigʻi');
    expect(name('terry-bathrobe')).toBe('Maxrali xalat');
    expect(synthetic.products.some((p) => p.name.uz.startsWith('maxrali '))).toBe(true);
  });

  it('calls the currency "sum" in English and writes "soʻmdan" together in Uzbek', () => {
    const texts = [
      ...DELIVERY_METHODS.flatMap((m) => [m.name, m.description]),
      ...PAYMENT_TYPES.map((p) => p.name),
      ...SLIDES.flatMap((s) => (s.subtitle ? [s.title, s.subtitle] : [s.title])),
      ...BLOG_POSTS.flatMap((p) => [p.title, p.excerpt, p.body]),
      ...INFO_PAGES.flatMap((p) => [p.title, p.body]),
    ];
    // The English prices say "sum" (shared/money); "UZS" is only for machines (link previews).
    expect(texts.map((text) => text.en).filter((text) => /\bUZS\b/.test(text))).toEqual([]);
    // A suffix is written together with the word: "1 000 000 soʻmdan", never "soʻm dan".
    const detached = /(?:soʻm|SMS|MB)[\s\u00a0]+(?:dan|dagi|da|ga|gacha|ni|ning|lik|li|siz)\b/u;
    expect(texts.map((text) => text.uz).filter((text) => detached.test(text))).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('demo seed on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs once', async () => {
    expect(await seedDemoData(t.db, T0)).toBe(false);
  });

  it('keeps the product summaries in step with the variants', async () => {
    const mug = FIXTURES.colourVariantProduct;
    const [row] = await t.db
      .select({ price: products.price, keys: products.attributeKeys })
      .from(products)
      .where(eq(products.id, mug.id));
    expect(row?.price).toBe(Math.min(...mug.variants.map((v) => v.price)));
    expect(row?.keys).toEqual(['color:blue', 'color:mint', 'color:terracotta', 'color:white']);
    const cheapest = mug.variants[0]?.id ?? 0;
    await t.db.update(variants).set({ price: 1_000 }).where(eq(variants.id, cheapest));
    const [after] = await t.db
      .select({ price: products.price })
      .from(products)
      .where(eq(products.id, mug.id));
    expect(after?.price).toBe(1_000);
    await t.db
      .update(variants)
      .set({ price: mug.variants[0]?.price ?? 0 })
      .where(eq(variants.id, cheapest));
  });

  it('lists single-colour products under their colour in the facet and the filter', async () => {
    const list = async (body: object) =>
      ProductsResponseSchema.parse(
        (await catalog(t, 'POST', '/resources/products', { body: { per_page: 100, ...body } }))
          .body,
      );
    const black = await list({ attributes: { color: ['black'] } });
    expect(black.data.map((p) => p.slug)).toContain(FIXTURES.singleColourProduct.slug);
    const silver = await list({ attributes: { color: ['steel'] } });
    expect(silver.data.map((p) => p.slug)).toContain(FIXTURES.singleVariantProduct.slug);
    const [saucepans] = silver.data.filter((p) => p.slug === FIXTURES.singleVariantProduct.slug);
    expect(saucepans?.variants.map((v) => v.product_id)).toEqual(
      FIXTURES.singleVariantProduct.variants.map((v) => v.id),
    );
    expect(saucepans?.variants[0]?.attributes).toEqual([
      { code: 'color', name: 'Rang', value: 'Kumushrang' },
    ]);
    // Graphite has one product, a one-colour one: the facet shows it now.
    const cookware = await list({ category: 'cookware', per_page: 1 });
    const colours = cookware.facets.attributes.find((a) => a.code === 'color')?.values ?? [];
    expect(colours.find((v) => v.value === 'graphite')?.count).toBe(1);
    // A colour that only tints the picture is no attribute.
    const sky = await list({ attributes: { color: ['sky'] } });
    expect(sky.data.map((p) => p.slug)).not.toContain(FIXTURES.tintOnlyProduct.slug);
  });

  it('upgrades a version 4 database: names and the offer take their new texts', async () => {
    const [before] = await t.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.slug, 'terry-bathrobe'));
    if (!before) throw new Error('no bathrobe');
    await t.db
      .update(products)
      .set({ name: { ...before.name, uz: 'Mahrum xalat' } })
      .where(eq(products.id, before.id));
    await t.db
      .update(infoPages)
      .set({ body: { uz: 'Toʻlov.', ru: 'Оплата.', en: 'Payment is made on receipt.' } })
      .where(eq(infoPages.slug, 'public-offer'));
    await t.db.update(installState).set({ value: '4' }).where(eq(installState.name, 'demo_seed'));

    expect(await seedDemoData(t.db, T0)).toBe(true);
    const [after] = await t.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, before.id));
    expect(after?.name.uz).toBe('Maxrali xalat');
    const [offer] = await t.db
      .select({ body: infoPages.body })
      .from(infoPages)
      .where(eq(infoPages.slug, 'public-offer'));
    expect(offer?.body.en).toContain('through the Payme payment service');
  });

  it('upgrades a version 2 database: single-colour variants get their colour, stock stays', async () => {
    // Version 2 wrote no colour attribute on products of one colour.
    const single = FIXTURES.singleColourProduct;
    await t.db.execute(sql`
      update variants set attributes = (
        select coalesce(jsonb_agg(a), '[]'::jsonb)
        from jsonb_array_elements(attributes) a where a ->> 'code' <> 'color'
      )
      where product_id = ${single.id}`);
    const [v2] = await t.db
      .select({ keys: products.attributeKeys })
      .from(products)
      .where(eq(products.id, single.id));
    expect(v2?.keys.some((key) => key.startsWith('color:'))).toBe(false);
    const variant = single.variants[0]?.id ?? 0;
    await t.db.update(variants).set({ quantity: 2 }).where(eq(variants.id, variant));
    await t.db.update(installState).set({ value: '2' }).where(eq(installState.name, 'demo_seed'));

    expect(await seedDemoData(t.db, T0)).toBe(true);
    const [v3] = await t.db
      .select({ keys: products.attributeKeys })
      .from(products)
      .where(eq(products.id, single.id));
    expect(v3?.keys).toContain('color:black');
    expect(await stockOf(t.db, variant)).toBe(2);
  });

  it('upgrades a version 1 database and keeps the stock shoppers changed', async () => {
    // What a data directory seeded before attribute codes and search documents holds.
    await t.db.execute(sql`
      update variants set attributes = (
        select coalesce(jsonb_agg(a - 'valueCode'), '[]'::jsonb)
        from jsonb_array_elements(attributes) a
      )`);
    await t.db.update(products).set({ searchName: '', searchDescription: '', searchLoose: '' });
    await t.db.delete(attributeValues);
    const kettle = FIXTURES.partlyOutOfStockInStockVariantIds[0] ?? 0;
    await t.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, kettle));
    await t.db.update(installState).set({ value: '1' }).where(eq(installState.name, 'demo_seed'));

    expect(await seedDemoData(t.db, T0)).toBe(true);
    expect(await seedDemoData(t.db, T0)).toBe(false);

    expect(await stockOf(t.db, kettle)).toBe(1);
    const white = await catalog(t, 'POST', '/resources/products', {
      body: { attributes: { color: ['white'] }, per_page: 100 },
    });
    expect(ProductsResponseSchema.parse(white.body).data.map((p) => p.slug)).toContain(
      FIXTURES.colourVariantProduct.slug,
    );
    const found = await catalog(
      t,
      'GET',
      '/resources/products/search?q=%D0%BA%D0%B0%D0%B7%D0%B0%D0%BD',
    );
    expect(SearchResponseSchema.parse(found.body).data[0]?.slug).toBe(FIXTURES.search.slug);
  });
});

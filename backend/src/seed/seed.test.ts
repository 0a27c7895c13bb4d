import { ProductsResponseSchema, SearchResponseSchema } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeValues, installState, products, variants } from '../db/schema';
import { catalog } from '../testing/http-client';
import {
  createTestBackend,
  stockOf,
  DATABASE_KINDS,
  T0,
  type TestBackend,
} from '../testing/test-backend';
import { buildCatalog } from './catalog-seed';
import { FIXTURES } from './fixtures';
import { PRODUCTS } from './products-data';
import { seedDemoData } from './seed';

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

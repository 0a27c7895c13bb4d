import { ProductsResponseSchema, SearchResponseSchema } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeValues, installState, products, variants } from '../db/schema';
import { catalog } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, T0, type TestBackend } from '../testing/test-backend';
import { FIXTURES } from './fixtures';
import { seedDemoData } from './seed';

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

    const [stock] = await t.db
      .select({ quantity: variants.quantity })
      .from(variants)
      .where(eq(variants.id, kettle));
    expect(stock?.quantity).toBe(1);
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

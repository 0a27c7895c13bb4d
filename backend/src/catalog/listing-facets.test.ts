// Listing filters and facets. The SQL answer is compared with an oracle: the same rules written
// plainly over the seed builder's rows (the database of a fresh test backend holds exactly those),
// for hand-picked filters and for filters fast-check makes up.
import {
  ProductsResponseSchema,
  SORTS,
  type AccountType,
  type Facets,
  type ProductsFilter,
  type ProductsResponse,
} from '@shop/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog } from '../seed/catalog-seed';
import { FIXTURES } from '../seed/fixtures';
import { catalog } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

const built = buildCatalog();
const lang = 'en';

interface OracleProduct {
  id: number;
  slug: string;
  categoryId: number;
  brandSlug: string;
  price: number;
  /** The old price of the variant whose price the product shows (the cheapest, first by position). */
  oldPrice: number | null;
  popularity: number;
  createdAt: number;
  variants: { keys: Set<string>; inStock: boolean }[];
}

const oracleProducts: OracleProduct[] = built.products.map((p) => {
  const variants = built.variants.filter((v) => v.productId === p.id);
  const brand = built.brands.find((b) => b.id === p.brandId);
  const [cheapest] = [...variants].sort(
    (a, b) => a.price - b.price || (a.position ?? 0) - (b.position ?? 0) || a.id - b.id,
  );
  return {
    id: p.id,
    slug: p.slug,
    categoryId: p.categoryId,
    brandSlug: brand?.slug ?? '',
    price: Math.min(...variants.map((v) => v.price)),
    oldPrice: cheapest?.oldPrice ?? null,
    popularity: p.popularity ?? 0,
    createdAt: p.createdAt.getTime(),
    variants: variants.map((v) => ({
      keys: new Set(v.attributes.map((a) => `${a.code}:${a.valueCode}`)),
      inStock: v.quantity > 0,
    })),
  };
});

function visibleCategoryIds(accountType: AccountType): Set<number> {
  const legalOnly = (id: number | null | undefined): boolean => {
    const row = built.categories.find((c) => c.id === id);
    return row ? row.legalOnly === true || legalOnly(row.parentId) : false;
  };
  return new Set(
    built.categories.filter((c) => accountType === 'legal' || !legalOnly(c.id)).map((c) => c.id),
  );
}

function subtree(id: number, visible: Set<number>): Set<number> {
  const ids = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of built.categories) {
      if (c.parentId != null && ids.has(c.parentId) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
    }
  }
  return new Set([...ids].filter((c) => visible.has(c)));
}

/** What the listing must answer, by the rules in plain TypeScript. */
function expected(filter: ProductsFilter, accountType: AccountType) {
  const visible = visibleCategoryIds(accountType);
  const chosen = built.categories.find((c) => c.slug === filter.category);
  const scope =
    filter.category === undefined
      ? visible
      : chosen && visible.has(chosen.id)
        ? subtree(chosen.id, visible)
        : new Set<number>();
  // "On sale only" narrows the scope itself: no facet counts it, so every facet applies it.
  const onSale = (p: OracleProduct) => p.oldPrice !== null && p.oldPrice > p.price;
  const inScope = oracleProducts.filter(
    (p) => scope.has(p.categoryId) && (filter.discounted !== true || onSale(p)),
  );
  const brands = filter.brands ?? [];
  const chosenAttributes = Object.entries(filter.attributes ?? {});
  const brandOk = (p: OracleProduct) => brands.length === 0 || brands.includes(p.brandSlug);
  const priceOk = (p: OracleProduct) =>
    (filter.price_min === undefined || p.price >= filter.price_min) &&
    (filter.price_max === undefined || p.price <= filter.price_max);
  const variantOk = (
    v: OracleProduct['variants'][number],
    skip: string | null,
    stock: boolean,
  ): boolean =>
    (!stock || v.inStock) &&
    chosenAttributes.every(
      ([code, values]) => code === skip || values.some((value) => v.keys.has(`${code}:${value}`)),
    );
  const stockOnly = filter.in_stock === true;
  const matches = (p: OracleProduct) => p.variants.some((v) => variantOk(v, null, stockOnly));
  const all = inScope.filter((p) => matches(p) && brandOk(p) && priceOk(p));

  const sort = filter.sort ?? 'popular';
  const ordered = [...all].sort((a, b) => {
    const byKey =
      sort === 'new'
        ? b.createdAt - a.createdAt
        : sort === 'price_asc'
          ? a.price - b.price
          : sort === 'price_desc'
            ? b.price - a.price
            : b.popularity - a.popularity;
    return byKey || a.id - b.id;
  });
  const perPage = filter.per_page ?? 24;
  const page = filter.page ?? 1;

  // The choices are the chosen category's children, or the top level when none is chosen.
  const parentId = filter.category === undefined ? null : chosen?.id;
  const choices = built.categories.filter(
    (c) => (c.parentId ?? null) === parentId && visible.has(c.id),
  );
  const brandCounts = new Map<string, number>();
  for (const p of inScope.filter((p) => matches(p) && priceOk(p))) {
    brandCounts.set(p.brandSlug, (brandCounts.get(p.brandSlug) ?? 0) + 1);
  }
  const attributeFacets: Facets['attributes'] = [];
  for (const attribute of built.attributes) {
    const values = built.attributeValues
      .filter((v) => v.attributeCode === attribute.code)
      .flatMap((value) => {
        const key = `${attribute.code}:${value.code}`;
        const count = inScope.filter(
          (p) =>
            brandOk(p) &&
            priceOk(p) &&
            p.variants.some((v) => v.keys.has(key) && variantOk(v, attribute.code, stockOnly)),
        ).length;
        const picked = filter.attributes?.[attribute.code]?.includes(value.code) === true;
        return count > 0 || picked ? [{ value: value.code, name: value.name.en, count }] : [];
      });
    if (values.length > 0) {
      attributeFacets.push({ code: attribute.code, name: attribute.name.en, values });
    }
  }
  const priced = inScope.filter((p) => matches(p) && brandOk(p)).map((p) => p.price);
  const facets: Facets = {
    categories:
      scope.size === 0
        ? []
        : choices.flatMap((c) => {
            const ids = subtree(c.id, visible);
            const count = all.filter((p) => ids.has(p.categoryId)).length;
            return count > 0 ? [{ slug: c.slug, name: c.name.en, count }] : [];
          }),
    brands:
      scope.size === 0
        ? []
        : built.brands
            .filter((b) => (brandCounts.get(b.slug) ?? 0) > 0 || brands.includes(b.slug))
            .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug))
            .map((b) => ({ slug: b.slug, name: b.name, count: brandCounts.get(b.slug) ?? 0 })),
    attributes: scope.size === 0 ? [] : attributeFacets,
    price: priced.length === 0 ? null : { min: Math.min(...priced), max: Math.max(...priced) },
    in_stock_count: inScope.filter(
      (p) => brandOk(p) && priceOk(p) && p.variants.some((v) => variantOk(v, null, true)),
    ).length,
  };
  return {
    slugs: ordered.slice((page - 1) * perPage, page * perPage).map((p) => p.slug),
    total: all.length,
    facets,
  };
}

const colourCodes = built.attributeValues
  .filter((v) => v.attributeCode === 'color')
  .map((v) => v.code);
const sizeCodes = built.attributeValues
  .filter((v) => v.attributeCode === 'size')
  .map((v) => v.code);

const filterArbitrary: fc.Arbitrary<ProductsFilter> = fc
  .record(
    {
      category: fc.constantFrom(...built.categories.map((c) => c.slug), 'no-such-category'),
      brands: fc.subarray([...built.brands.map((b) => b.slug), 'no-such-brand'], {
        minLength: 1,
        maxLength: 3,
      }),
      price_min: fc.constantFrom(0, 50_000, 100_000, 250_000),
      price_max: fc.constantFrom(100_000, 300_000, 1_000_000),
      in_stock: fc.boolean(),
      discounted: fc.boolean(),
      attributes: fc.record(
        {
          color: fc.subarray(colourCodes, { minLength: 1, maxLength: 3 }),
          size: fc.subarray(sizeCodes, { minLength: 1, maxLength: 4 }),
        },
        { requiredKeys: [] },
      ),
      sort: fc.constantFrom(...SORTS),
      page: fc.integer({ min: 1, max: 3 }),
      per_page: fc.integer({ min: 1, max: 30 }),
    },
    { requiredKeys: [] },
  )
  .filter(
    (f) => f.price_min === undefined || f.price_max === undefined || f.price_min <= f.price_max,
  );

describe.each(DATABASE_KINDS)('listing filters and facets on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  async function list(
    filter: ProductsFilter,
    accountType: AccountType = 'individual',
  ): Promise<ProductsResponse> {
    const answer = await catalog(t, 'POST', '/resources/products', {
      body: filter,
      headers: { 'x-lang': lang, 'x-account-type': accountType },
    });
    expect(answer.status, answer.text).toBe(200);
    return ProductsResponseSchema.parse(answer.body);
  }

  async function expectOracle(filter: ProductsFilter, accountType: AccountType = 'individual') {
    const answer = await list(filter, accountType);
    const want = expected(filter, accountType);
    const label = `${accountType} ${JSON.stringify(filter)}`;
    expect(
      answer.data.map((p) => p.slug),
      label,
    ).toEqual(want.slugs);
    expect(answer.meta.total, label).toBe(want.total);
    expect(answer.facets, label).toEqual(want.facets);
  }

  it('lists the top-level categories, every brand and every attribute when nothing is chosen', async () => {
    const answer = await list({ per_page: 1 });
    expect(answer.facets.categories.map((c) => c.slug)).toEqual([
      'kitchen',
      'bathroom',
      'bedroom',
      'living-room',
      'cleaning',
    ]);
    const kitchen = answer.facets.categories[0];
    // Counts include the descendants: kitchen has no product of its own.
    expect(kitchen?.count).toBe((await list({ category: 'kitchen', per_page: 1 })).meta.total);
    expect(answer.facets.attributes.map((a) => a.code)).toEqual(['color', 'size']);
    const sizes = answer.facets.attributes[1]?.values.map((v) => v.value) ?? [];
    expect(sizes.slice(0, 4)).toEqual(['s', 'm', 'l', 'xl']);
    expect(answer.facets.in_stock_count).toBeLessThan(answer.meta.total);
    expect(answer.facets.price?.min).toBeLessThan(answer.facets.price?.max ?? 0);
    await expectOracle({ per_page: 1 });
  });

  it('hides legal-only categories and their products from individuals, in facets too', async () => {
    const individual = await list({});
    const legal = await list({}, 'legal');
    expect(individual.facets.categories.map((c) => c.slug)).not.toContain(
      FIXTURES.legalOnlyCategory,
    );
    expect(legal.facets.categories.map((c) => c.slug)).toContain(FIXTURES.legalOnlyCategory);
    expect(legal.facets.in_stock_count).toBeGreaterThan(individual.facets.in_stock_count);
    const hidden = await list({ category: FIXTURES.legalOnlyCategory });
    expect(hidden.facets).toEqual({
      categories: [],
      brands: [],
      attributes: [],
      price: null,
      in_stock_count: 0,
    });
    await expectOracle({}, 'legal');
    await expectOracle({ category: FIXTURES.legalOnlyCategory }, 'legal');
  });

  it('counts each facet without its own filter: another brand or colour still shows what it adds', async () => {
    const oneBrand = await list({ brands: [FIXTURES.brand] });
    const brandCounts = new Map(oneBrand.facets.brands.map((b) => [b.slug, b.count]));
    expect(brandCounts.get(FIXTURES.brand)).toBe(oneBrand.meta.total);
    expect(oneBrand.facets.brands.length).toBeGreaterThan(1);
    const white = await list({ attributes: { color: ['white'] } });
    const colours = white.facets.attributes.find((a) => a.code === 'color')?.values ?? [];
    expect(colours.find((v) => v.value === 'white')?.count).toBe(white.meta.total);
    expect(colours.find((v) => v.value === 'blue')?.count).toBeGreaterThan(0);
    const whiteOrBlue = await list({ attributes: { color: ['white', 'blue'] } });
    expect(whiteOrBlue.meta.total).toBeGreaterThan(white.meta.total);
    await expectOracle({ brands: [FIXTURES.brand], attributes: { color: ['white'] } });
  });

  it('matches attributes on one variant: every chosen attribute, and in stock when asked', async () => {
    const towel = FIXTURES.colourAndSizeProduct;
    const towelVariants = built.variants.filter((v) => v.productId === towel.id);
    const soldOut = towelVariants.find((v) => v.quantity === 0);
    const keys = new Map(soldOut?.attributes.map((a) => [a.code, a.valueCode]));
    const colour = keys.get('color') ?? '';
    const size = keys.get('size') ?? '';
    const filter: ProductsFilter = { attributes: { color: [colour], size: [size] } };
    // The sold-out variant has both attributes, so the product matches…
    expect((await list(filter)).data.map((p) => p.slug)).toContain(towel.slug);
    // …but not "in stock only", though other variants of it are in stock.
    const inStock = await list({ ...filter, in_stock: true });
    expect(inStock.data.map((p) => p.slug)).not.toContain(towel.slug);
    const anyInStock = await list({ in_stock: true, per_page: 100 });
    expect(anyInStock.data.map((p) => p.slug)).toContain(towel.slug);
    // A colour of one variant and a size of another do not make a match.
    const mug = await list({ attributes: { color: ['white'], size: ['l'] } });
    expect(mug.data.map((p) => p.slug)).not.toContain(FIXTURES.colourVariantProduct.slug);
    await expectOracle({ ...filter, in_stock: true });
    await expectOracle({ attributes: { color: ['white'], size: ['l'] } });
  });

  it('keeps chosen brands and values in the facets at zero, and unknown codes match nothing', async () => {
    const answer = await list({
      category: 'towels',
      brands: ['olov-kitchen'],
      attributes: { color: ['gold'] },
    });
    expect(answer.meta.total).toBe(0);
    expect(answer.facets.brands.find((b) => b.slug === 'olov-kitchen')?.count).toBe(0);
    const unknown = await list({ attributes: { material: ['unobtainium'] } });
    expect(unknown.meta.total).toBe(0);
    expect(unknown.data).toEqual([]);
  });

  it('narrows to products on sale, facets included, with variant filters too', async () => {
    const onSale = await list({ discounted: true, per_page: 100 });
    expect(onSale.meta.total).toBeGreaterThan(0);
    expect(onSale.meta.total).toBeLessThan((await list({ per_page: 1 })).meta.total);
    for (const product of onSale.data)
      expect(product.old_price ?? 0).toBeGreaterThan(product.price);
    await expectOracle({ discounted: true });
    await expectOracle({ discounted: true, in_stock: true, sort: 'price_asc' });
    await expectOracle({ discounted: true, attributes: { color: ['white'] } }, 'legal');
    await expectOracle({ discounted: false, per_page: 5 });
  });

  it('agrees with the oracle on any filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        filterArbitrary,
        fc.constantFrom<AccountType>('individual', 'legal'),
        async (filter, accountType) => {
          await expectOracle(filter, accountType);
        },
      ),
      { numRuns: 60 },
    );
  });
});

// A large made-up catalogue for the benchmark (bench/catalog.bench.ts): departments and leaf
// categories, brands, products named in uz/ru/en from a home-goods vocabulary
// (synthetic-vocabulary.ts), colour and size variants with stock, and the same derived columns
// the demo seed writes. Deterministic for a given seed, so runs compare: every draw from the
// generator happens in the same order.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  attributeValues,
  attributes,
  brands,
  categories,
  productImages,
  products,
  variants,
  type LocalizedText,
  type StoredAttribute,
} from '../db/schema';
import { searchDocuments } from '../catalog/search-text';
import { PRODUCT_IMAGE_SIZE } from '../media/drawings';
import type { BuiltCatalog } from './catalog-seed';
import { t } from './localized';
import { createPrng, randomIntBetween } from './prng';
import {
  ADJECTIVES,
  DEPARTMENTS,
  EXTRA_SENTENCES,
  NOUNS,
  SERIES,
  SIZE_FAMILIES,
  SYLLABLES,
  type Noun,
} from './synthetic-vocabulary';
import {
  ATTRIBUTE_NAMES,
  ATTRIBUTE_ORDER,
  COLORS,
  compareSizeCodes,
  sizeCode,
  type ColorKey,
} from './taxonomy';

export const LEAVES_PER_DEPARTMENT = 8;

type Random = () => number;

interface Leaf {
  id: number;
  noun: Noun;
  name: LocalizedText;
}

function pick<T>(next: Random, list: readonly T[]): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickSome<T>(next: Random, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(...pool.splice(Math.floor(next() * pool.length), 1));
  }
  return chosen;
}

export interface SyntheticOptions {
  products: number;
  brands?: number;
  seed?: number;
}

/** The departments, and under each its leaf categories, one noun each; answers the leaves. */
function addCategories(catalog: BuiltCatalog): Leaf[] {
  const leaves: Leaf[] = [];
  DEPARTMENTS.forEach((department, d) => {
    const id = d + 1;
    catalog.categories.push({
      id,
      slug: department.slug,
      parentId: null,
      name: department.name,
      legalOnly: department.legalOnly ?? false,
      position: d,
      icon: 'box',
      color: '#3F6FB5',
    });
    for (let i = 0; i < LEAVES_PER_DEPARTMENT; i += 1) {
      const noun = NOUNS[(d * LEAVES_PER_DEPARTMENT + i) % NOUNS.length] ?? NOUNS[0];
      if (!noun) throw new Error('No nouns');
      const leafId = DEPARTMENTS.length + d * LEAVES_PER_DEPARTMENT + i + 1;
      const name = t(
        `${noun.name.uz} (${department.name.uz})`,
        `${noun.name.ru} (${department.name.ru})`,
        `${noun.name.en} (${department.name.en})`,
      );
      catalog.categories.push({
        id: leafId,
        slug: `${department.slug}-${i + 1}`,
        parentId: id,
        name,
        legalOnly: false,
        position: i,
        icon: noun.kind,
        color: '#C46A4A',
      });
      leaves.push({ id: leafId, noun, name });
    }
  });
  return leaves;
}

function addBrands(catalog: BuiltCatalog, next: Random, count: number): void {
  for (let id = 1; id <= count; id += 1) {
    const word = `${pick(next, SYLLABLES)}${pick(next, SYLLABLES)}`;
    const name = `${word.charAt(0).toUpperCase()}${word.slice(1)} ${id}`;
    catalog.brands.push({ id, slug: `${word}-${id}`, name });
  }
}

const FIRST_DATE = Date.UTC(2024, 0, 1);

/** One product: its leaf, a noun (mostly the leaf's), its words, brand, popularity and date. */
function addProduct(catalog: BuiltCatalog, next: Random, id: number, leaves: readonly Leaf[]) {
  const leaf = pick(next, leaves);
  const noun = next() < 0.8 ? leaf.noun : pick(next, NOUNS);
  const adjective = pick(next, ADJECTIVES);
  const series = pick(next, SERIES);
  const model = randomIntBetween(next, 10, 990);
  const brand = catalog.brands[randomIntBetween(next, 0, catalog.brands.length - 1)];
  if (!brand) throw new Error('No brand');
  const name = t(
    `${adjective.uz} ${noun.name.uz} «${series.uz}» ${model}`,
    `${noun.name.ru} ${adjective.ru} «${series.ru}» ${model}`,
    `${adjective.en} ${noun.name.en} ${series.en} ${model}`,
  );
  const extra = pick(next, EXTRA_SENTENCES);
  const description = t(
    `${adjective.uz} ${noun.name.uz} kundalik foydalanish uchun qulay va chidamli, «${series.uz}» kolleksiyasidan. ${extra.uz}`,
    `${noun.name.ru} ${adjective.ru}: удобно и надёжно на каждый день, из коллекции «${series.ru}». ${extra.ru}`,
    `A ${adjective.en} ${noun.name.en} that is easy to live with every day, from the ${series.en} collection. ${extra.en}`,
  );
  catalog.products.push({
    id,
    slug: `${noun.name.en.replace(/[^a-z]+/g, '-')}-${series.en.toLowerCase()}-${id}`,
    categoryId: leaf.id,
    brandId: brand.id,
    name,
    description,
    ...searchDocuments({ name, description, brand: brand.name, category: leaf.name }),
    kind: noun.kind,
    mxik: `0732300100${String(id).padStart(7, '0')}`,
    packageCode: String(1_500_000 + id),
    specifications: [],
    popularity: randomIntBetween(next, 0, 5_000),
    active: true,
    createdAt: new Date(FIRST_DATE + randomIntBetween(next, 0, 700 * 24) * 3_600_000),
  });
}

/**
 * The product's variants: one to four colours, each in no size or two to four of one size family,
 * priced from one base price, with stock; one picture per colour. Sizes used are added to
 * `sizeNames`, for the attribute values.
 */
function addVariants(
  catalog: BuiltCatalog,
  next: Random,
  productId: number,
  sizeNames: Map<string, LocalizedText>,
): void {
  const colorKeys = Object.keys(COLORS) as ColorKey[];
  const colours = pickSome(next, colorKeys, next() < 0.4 ? 1 : randomIntBetween(next, 2, 4));
  const sizes =
    next() < 0.5
      ? []
      : pickSome(next, pick(next, SIZE_FAMILIES), randomIntBetween(next, 2, 4)).sort((a, b) =>
          compareSizeCodes(sizeCode(a), sizeCode(b)),
        );
  const basePrice = randomIntBetween(next, 20, 3_000) * 1_000;
  const discounted = next() < 0.2;
  colours.forEach((colour, c) => {
    const slots = sizes.length > 0 ? sizes : [null];
    slots.forEach((size, s) => {
      const stored: StoredAttribute[] = [];
      if (colours.length > 1) {
        stored.push({
          code: 'color',
          valueCode: colour,
          name: ATTRIBUTE_NAMES.color,
          value: COLORS[colour].name,
        });
      }
      if (size) {
        const code = sizeCode(size);
        if (!sizeNames.has(code)) sizeNames.set(code, size);
        stored.push({ code: 'size', valueCode: code, name: ATTRIBUTE_NAMES.size, value: size });
      }
      const position = c * slots.length + s;
      const price = basePrice + s * 10_000;
      catalog.variants.push({
        id: productId * 100 + position + 1,
        productId,
        position,
        attributes: stored,
        color: COLORS[colour].hex,
        price,
        oldPrice: discounted ? Math.round(price * 1.2) : null,
        quantity: next() < 0.15 ? 0 : randomIntBetween(next, 1, 80),
      });
    });
    catalog.images.push({
      productId,
      position: c + 1,
      color: COLORS[colour].hex,
      width: PRODUCT_IMAGE_SIZE,
      height: PRODUCT_IMAGE_SIZE,
    });
  });
}

/** Rows of a made-up catalogue of `options.products` products; ids start at 1 in every table. */
export function buildSyntheticCatalog(options: SyntheticOptions): BuiltCatalog {
  const next = createPrng(options.seed ?? 2026);
  const catalog: BuiltCatalog = {
    categories: [],
    brands: [],
    attributes: ATTRIBUTE_ORDER.map((code, position) => ({
      code,
      name: ATTRIBUTE_NAMES[code],
      position,
    })),
    attributeValues: [],
    products: [],
    variants: [],
    images: [],
  };
  const leaves = addCategories(catalog);
  addBrands(catalog, next, options.brands ?? 120);
  const sizeNames = new Map<string, LocalizedText>();
  for (let id = 1; id <= options.products; id += 1) {
    addProduct(catalog, next, id, leaves);
    addVariants(catalog, next, id, sizeNames);
  }
  const colorKeys = Object.keys(COLORS) as ColorKey[];
  catalog.attributeValues = [
    ...colorKeys.map((key, position) => ({
      attributeCode: 'color',
      code: key,
      name: COLORS[key].name,
      position,
    })),
    ...[...sizeNames.entries()]
      .sort(([a], [b]) => compareSizeCodes(a, b))
      .map(([code, name], position) => ({ attributeCode: 'size', code, name, position })),
  ];
  return catalog;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 1_000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/**
 * Writes a built catalogue into an empty, migrated database in one transaction, then does what
 * autovacuum would do a while later on a server (PGlite has none): VACUUM marks the pages
 * all-visible, so the listing's covering indexes are read without visiting the table, and
 * ANALYZE gives the planner statistics of the full tables instead of empty ones.
 */
export async function insertCatalog(db: Db, catalog: BuiltCatalog): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(catalog.categories);
    await tx.insert(brands).values(catalog.brands);
    await tx.insert(attributes).values(catalog.attributes);
    await tx.insert(attributeValues).values(catalog.attributeValues);
    await insertInBatches(catalog.products, (batch) => tx.insert(products).values(batch));
    await insertInBatches(catalog.variants, (batch) => tx.insert(variants).values(batch));
    await insertInBatches(catalog.images, (batch) => tx.insert(productImages).values(batch));
  });
  await db.execute(sql`vacuum analyze`);
}

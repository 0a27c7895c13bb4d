// Turns the readable seed data into table rows. Pure and deterministic: ids, stock, popularity
// and dates come from the data's order and a seeded PRNG, so fixtures.ts can compute the same
// facts the database will hold.
import type { LocalizedText, StoredAttribute } from '../db/schema';
import type * as schema from '../db/schema';
import {
  ATTRIBUTE_NAMES,
  ATTRIBUTE_ORDER,
  BRANDS,
  CATEGORIES,
  COLORS,
  compareSizeCodes,
  sizeCode,
  type ColorKey,
} from './taxonomy';
import { PRODUCTS, type ProductSeed } from './products-data';
import { createPrng, randomIntBetween } from './prng';
import { PRODUCT_IMAGE_SIZE } from '../media/drawings';
import { searchDocuments } from '../catalog/search-text';

type CategoryRow = typeof schema.categories.$inferInsert;
type BrandRow = typeof schema.brands.$inferInsert;
type ProductRow = typeof schema.products.$inferInsert;
type VariantRow = typeof schema.variants.$inferInsert & { id: number; quantity: number };
type ImageRow = typeof schema.productImages.$inferInsert;
type AttributeRow = typeof schema.attributes.$inferInsert;
type AttributeValueRow = typeof schema.attributeValues.$inferInsert;

export interface BuiltCatalog {
  categories: CategoryRow[];
  brands: BrandRow[];
  attributes: AttributeRow[];
  attributeValues: AttributeValueRow[];
  products: (ProductRow & { id: number; slug: string })[];
  variants: VariantRow[];
  images: ImageRow[];
}

const FIRST_PRODUCT_DATE = Date.UTC(2025, 0, 6, 9, 0, 0);
const DAY_MS = 24 * 3600 * 1000;

/** Variant ids live in their own range (product id × 100 + n) so a product id is never purchasable by mistake. */
export function variantId(productId: number, index: number): number {
  return productId * 100 + index + 1;
}

function lookup<T extends { slug: string }>(list: readonly T[], slug: string, what: string): T {
  const found = list.find((item) => item.slug === slug);
  if (!found) throw new Error(`Seed data refers to unknown ${what} '${slug}'`);
  return found;
}

function variantsOf(seed: ProductSeed, productId: number, next: () => number): VariantRow[] {
  if (seed.sizes === undefined && seed.price === undefined) {
    throw new Error(`Seed product ${seed.slug} has neither sizes nor a price`);
  }
  if (seed.tintOnly === true && seed.colors.length !== 1) {
    throw new Error(`Seed product ${seed.slug} is tint-only but has ${seed.colors.length} colours`);
  }
  const sizes = seed.sizes ?? [{ label: null, price: seed.price ?? 0, oldPrice: seed.oldPrice }];
  const rows: VariantRow[] = [];
  seed.colors.forEach((colorKey) => {
    const color = COLORS[colorKey];
    sizes.forEach((size) => {
      const index = rows.length;
      const attributes: StoredAttribute[] = [];
      // One colour is an attribute too, so the product is in the colour facet; a colour that
      // only tints the picture is not.
      if (seed.tintOnly !== true) {
        attributes.push({
          code: 'color',
          valueCode: colorKey,
          name: ATTRIBUTE_NAMES.color,
          value: color.name,
        });
      }
      if (size.label) {
        attributes.push({
          code: 'size',
          valueCode: sizeCode(size.label),
          name: ATTRIBUTE_NAMES.size,
          value: size.label,
        });
      }
      const soldOut =
        seed.soldOut === 'all' || (Array.isArray(seed.soldOut) && seed.soldOut.includes(index));
      rows.push({
        id: variantId(productId, index),
        productId,
        position: index,
        attributes,
        color: color.hex,
        price: size.price,
        oldPrice: size.oldPrice ?? null,
        quantity: soldOut ? 0 : randomIntBetween(next, 3, 60),
      });
    });
  });
  return rows;
}

/** The attribute dictionary: every colour, and the sizes the products use, in shopping order. */
function attributeDictionary(): Pick<BuiltCatalog, 'attributes' | 'attributeValues'> {
  const sizes = new Map<string, LocalizedText>();
  for (const seed of PRODUCTS) {
    for (const size of seed.sizes ?? []) {
      const code = sizeCode(size.label);
      if (!sizes.has(code)) sizes.set(code, size.label);
    }
  }
  const colorKeys = Object.keys(COLORS) as ColorKey[];
  return {
    attributes: ATTRIBUTE_ORDER.map((code, position) => ({
      code,
      name: ATTRIBUTE_NAMES[code],
      position,
    })),
    attributeValues: [
      ...colorKeys.map((key, position) => ({
        attributeCode: 'color',
        code: key,
        name: COLORS[key].name,
        position,
      })),
      ...[...sizes.keys()].sort(compareSizeCodes).map((code, position) => ({
        attributeCode: 'size',
        code,
        name: sizes.get(code) ?? { uz: code, ru: code, en: code },
        position,
      })),
    ],
  };
}

export function buildCatalog(): BuiltCatalog {
  const next = createPrng(20_250_601);
  const categories: CategoryRow[] = CATEGORIES.map((c, position) => ({
    id: c.id,
    slug: c.slug,
    parentId: c.parent === null ? null : lookup(CATEGORIES, c.parent, 'category').id,
    name: c.name,
    legalOnly: c.legalOnly ?? false,
    position,
    icon: c.icon,
    color: c.color,
  }));
  const brands: BrandRow[] = BRANDS.map((b) => ({ id: b.id, slug: b.slug, name: b.name }));
  const products: BuiltCatalog['products'] = [];
  const variants: VariantRow[] = [];
  const images: ImageRow[] = [];

  PRODUCTS.forEach((seed, index) => {
    const id = index + 1;
    const category = lookup(CATEGORIES, seed.category, 'category');
    const brand = lookup(BRANDS, seed.brand, 'brand');
    if (products.some((p) => p.slug === seed.slug)) throw new Error(`Duplicate slug ${seed.slug}`);
    products.push({
      id,
      slug: seed.slug,
      categoryId: category.id,
      brandId: brand.id,
      name: seed.name,
      description: seed.description,
      ...searchDocuments({
        name: seed.name,
        description: seed.description,
        brand: brand.name,
        category: category.name,
      }),
      kind: seed.kind,
      mxik: `${category.mxikGroup}${String(id).padStart(3, '0')}001`,
      packageCode: String(1_500_000 + id * 37),
      specifications: [...seed.specs],
      popularity: randomIntBetween(next, 10, 900),
      active: true,
      createdAt: new Date(
        FIRST_PRODUCT_DATE + index * 4 * DAY_MS + randomIntBetween(next, 0, 23) * 3600_000,
      ),
    });
    variants.push(...variantsOf(seed, id, next));
    seed.colors.forEach((colorKey, position) => {
      images.push({
        productId: id,
        position: position + 1,
        color: COLORS[colorKey].hex,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
      });
    });
  });

  return { categories, brands, ...attributeDictionary(), products, variants, images };
}

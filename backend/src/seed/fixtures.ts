// Key facts of the demo seed for tests and the end-to-end suite. Computed from the same pure
// builder the seed uses, so they cannot drift from what the database holds after a fresh start.
import { buildCatalog } from './catalog-seed';
import { CATEGORIES } from './taxonomy';
import { LEGAL_USER, STORES } from './content-data';

const catalog = buildCatalog();

function product(slug: string) {
  const found = catalog.products.find((p) => p.slug === slug);
  if (!found) throw new Error(`No seeded product ${slug}`);
  const variants = catalog.variants.filter((v) => v.productId === found.id);
  return {
    slug,
    id: found.id,
    mxik: found.mxik,
    packageCode: found.packageCode,
    variants: variants.map((v) => ({
      id: v.id,
      price: v.price,
      oldPrice: v.oldPrice ?? null,
      quantity: v.quantity,
    })),
  };
}

function catalogCategorySlug(id: number): string | undefined {
  return catalog.categories.find((c) => c.id === id)?.slug;
}

function inStockIds(slug: string): number[] {
  return product(slug)
    .variants.filter((v) => v.quantity > 0)
    .map((v) => v.id);
}

export const FIXTURES = {
  productCount: catalog.products.length,
  /** Products an individual shopper can see (legal-only categories excluded). */
  individualProductCount: catalog.products.filter((p) => {
    const category = CATEGORIES.find((c) => c.slug === catalogCategorySlug(p.categoryId));
    return category !== undefined && category.legalOnly !== true;
  }).length,
  /** In stock, four colour variants (white, blue, mint, terracotta), one price. */
  colourVariantProduct: product('porcelain-mug'),
  /** Colour × size variants; two of the eight are sold out. */
  colourAndSizeProduct: product('terry-bath-towel'),
  colourAndSizeSoldOutVariantIds: product('terry-bath-towel')
    .variants.filter((v) => v.quantity === 0)
    .map((v) => v.id),
  /** Every variant sold out. */
  outOfStockProduct: product('ceramic-casserole'),
  /** The red variant is sold out, the silver one in stock. */
  partlyOutOfStockProduct: product('whistling-kettle'),
  partlyOutOfStockInStockVariantIds: inStockIds('whistling-kettle'),
  /** Discounted on every size (old_price set). */
  discountedProduct: product('granite-frying-pan'),
  /** Single variant: one colour (Silver, an attribute like any colour), no sizes. */
  singleVariantProduct: product('stainless-saucepan-set'),
  /** One colour (black), three sizes: in the colour facet all the same. */
  singleColourProduct: product('cast-iron-kazan'),
  /** Its one colour only tints the picture (clear glass): no colour attribute. */
  tintOnlyProduct: product('glass-tumbler-set'),
  /** The most expensive item, for the free-courier threshold. */
  expensiveProduct: product('soft-armchair'),
  legalOnlyCategory: 'office-horeca',
  legalOnlyChildCategory: 'bulk-packs',
  legalOnlyProduct: product('hotel-towel-bulk-pack'),
  /** A root category with children: filtering by it includes the children's products. */
  parentCategory: {
    slug: 'kitchen',
    children: ['cookware', 'tableware', 'kitchen-textiles', 'kitchen-tools'],
  },
  leafCategory: 'cookware',
  brand: 'chinnigar',
  /** Search words that find the cast-iron kazan in each language. */
  search: { uz: 'qozon', ru: 'казан', en: 'kazan', slug: 'cast-iron-kazan' },
  storeIds: STORES.map((s) => s.id),
  legalUser: LEGAL_USER,
  unknownSlug: 'no-such-product',
} as const;

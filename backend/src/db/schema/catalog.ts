// The catalogue: the category tree, brands, products and their variants (what is bought), the
// attribute dictionary that names facet values, product pictures and the search vocabulary.
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz, type LocalizedText } from './columns';

export interface StoredAttribute {
  code: string;
  /** Stable code of the value ('white', 'l', '24cm'): what filters and facets match on, in every
   * language. `name` and `value` are the display texts, copied from the attribute dictionary. */
  valueCode: string;
  name: LocalizedText;
  value: LocalizedText;
}

export interface StoredSpecification {
  name: LocalizedText;
  value: LocalizedText;
}

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    // Categories for legal entities only (bulk packs, HoReCa); hidden with their products from
    // individual shoppers.
    legalOnly: boolean('legal_only').notNull().default(false),
    position: integer('position').notNull().default(0),
    icon: text('icon').notNull(),
    color: text('color').notNull(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parentId),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('brands_slug_key').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** Which flat drawing the media route renders for this product. */
    kind: text('kind').notNull(),
    mxik: text('mxik').notNull(),
    packageCode: text('package_code').notNull(),
    specifications: jsonb('specifications').$type<StoredSpecification[]>().notNull(),
    /** Units sold in the last 90 days; drives the 'popular' sort. */
    popularity: integer('popularity').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamptz('created_at').notNull(),
    // Kept in step with the variants by triggers (drizzle/0003), so listings filter, sort and page
    // on indexed product columns instead of aggregating every variant per request: the cheapest
    // variant's price and old price (null until the product has a variant) and the union of the
    // variants' attribute keys. Stock is not copied here: it changes with every order, and a copy
    // kept by concurrent orders could go stale.
    price: integer('price'),
    oldPrice: integer('old_price'),
    attributeKeys: text('attribute_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Search documents, written with the product (catalog/search-text.ts), each ' word word '
    // padded with spaces so LIKE '% word%' finds word starts: the names, brand and category names
    // in all three languages folded to one Latin spelling; the descriptions; the names with the
    // q/k, o/a, x/h spellings merged; and all three at once, which alone is indexed for finding
    // candidates (one trigram index scan per word instead of three). The parts rank the matches.
    searchName: text('search_name').notNull().default(''),
    searchDescription: text('search_description').notNull().default(''),
    searchLoose: text('search_loose').notNull().default(''),
    searchDocument: text('search_document').notNull().default(''),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    // One per sort, each ending in the id tie-break, so a page of a large listing is read in
    // order from the index instead of sorting every product.
    index('products_popular_idx').on(t.popularity.desc(), t.id),
    index('products_new_idx').on(t.createdAt.desc(), t.id),
    index('products_price_asc_idx').on(t.price, t.id),
    index('products_price_desc_idx').on(t.price.desc(), t.id),
    index('products_attribute_keys_idx').using('gin', t.attributeKeys),
    // Candidates by word start: LIKE '% word%' is answered from the trigrams.
    index('products_search_document_trgm_idx').using('gin', t.searchDocument.op('gin_trgm_ops')),
    check('products_mxik_check', sql`${t.mxik} ~ '^[0-9]{17}$'`),
  ],
);

/**
 * Every word of the products' search_name (4 letters or more), kept by a trigger (drizzle/0003):
 * a typo is corrected against these few thousand short words, by trigram similarity, instead of
 * being compared with the name of every product.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/** The filterable attributes (colour, size) and their names, for the listing's facets. */
export const attributes = pgTable('attributes', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  position: integer('position').notNull().default(0),
});

/** The values of each attribute by stable code, with display names and facet order. */
export const attributeValues = pgTable(
  'attribute_values',
  {
    attributeCode: text('attribute_code')
      .notNull()
      .references(() => attributes.code),
    code: text('code').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.attributeCode, t.code] })],
);

/** A purchasable item: its id is the `product_id` of cart lines and order items. */
export const variants = pgTable(
  'variants',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull().default(0),
    attributes: jsonb('attributes').$type<StoredAttribute[]>().notNull(),
    /** 'code:valueCode' of each attribute ({color:white,size:l}), derived by the database. */
    attributeKeys: text('attribute_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`shop_attribute_keys(attributes)`),
    /** Hex colour the product drawing uses for this variant. */
    color: text('color').notNull(),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('variants_product_idx').on(t.productId),
    // "Has a variant in stock" for the in-stock filter and count, without reading sold-out rows.
    index('variants_in_stock_idx')
      .on(t.productId)
      .where(sql`${t.quantity} > 0`),
    // The last line of defence against overselling: even a buggy update cannot go below zero.
    check('variants_quantity_check', sql`${t.quantity} >= 0`),
    check('variants_price_check', sql`${t.price} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    color: text('color').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

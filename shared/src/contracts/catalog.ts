import * as z from 'zod/mini';
import { AttributeSchema } from './cart';
import { ImageSchema, MoneyAmountSchema, PageMetaSchema, SlugSchema } from './common';

export const NamedRefSchema = z.object({ slug: SlugSchema, name: z.string() });
export type NamedRef = z.infer<typeof NamedRefSchema>;

export const VariantSchema = z.object({
  /** The purchasable id: what a cart line and an order item refer to. */
  product_id: z.int().check(z.positive()),
  attributes: z.array(AttributeSchema),
  price: MoneyAmountSchema,
  old_price: z.nullable(MoneyAmountSchema),
  in_stock: z.boolean(),
  quantity: z.int().check(z.nonnegative()),
});
export type Variant = z.infer<typeof VariantSchema>;

export const SpecificationSchema = z.object({ name: z.string(), value: z.string() });

/**
 * A product. Every product has at least one variant (a product without options has one variant with
 * no attributes), so a cart line always points at a variant's product_id. The product-level price is
 * the lowest variant price, in_stock is true when any variant is, quantity is their sum.
 */
export const ProductSchema = z.object({
  product_id: z.int().check(z.positive()),
  slug: SlugSchema,
  name: z.string(),
  description: z.string(),
  price: MoneyAmountSchema,
  old_price: z.nullable(MoneyAmountSchema),
  images: z.array(ImageSchema),
  in_stock: z.boolean(),
  quantity: z.int().check(z.nonnegative()),
  category: NamedRefSchema,
  brand: NamedRefSchema,
  /** MXIK (IKPU): the 17-digit product code of the tax catalogue. */
  mxik: z.string().check(z.regex(/^\d{17}$/)),
  package_code: z.string().check(z.minLength(1), z.maxLength(20)),
  specifications: z.array(SpecificationSchema),
  variants: z.array(VariantSchema).check(z.minLength(1)),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductDetailSchema = z.extend(ProductSchema, {
  breadcrumbs: z.array(NamedRefSchema),
  relateds: z.array(ProductSchema),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export interface Category {
  slug: string;
  name: string;
  image: string | null;
  children: Category[];
}
export const CategorySchema: z.ZodMiniType<Category> = z.lazy(() =>
  z.object({
    slug: SlugSchema,
    name: z.string(),
    image: z.nullable(z.string()),
    children: z.array(CategorySchema),
  }),
);

export const CategoriesResponseSchema = z.object({ data: z.array(CategorySchema) });
export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;

export const SORTS = ['popular', 'new', 'price_asc', 'price_desc'] as const;
export const SortSchema = z.enum(SORTS);
export type Sort = z.infer<typeof SortSchema>;

export const ProductsFilterSchema = z
  .strictObject({
    category: z.optional(SlugSchema),
    brands: z.optional(z.array(SlugSchema).check(z.maxLength(50))),
    price_min: z.optional(MoneyAmountSchema),
    price_max: z.optional(MoneyAmountSchema),
    in_stock: z.optional(z.boolean()),
    /** On sale only (the home page's discounted section): the product's price has an old price
     * above it. Like in_stock, false or absent does not filter. */
    discounted: z.optional(z.boolean()),
    /** Attribute facets by attribute code and stable value codes, e.g. { color: ['white'] }. */
    attributes: z.optional(
      z
        .record(
          z.string().check(z.regex(/^[a-z][a-z0-9_]{0,39}$/, 'Not an attribute code')),
          z
            .array(z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,59}$/, 'Not a value code')))
            .check(z.minLength(1), z.maxLength(30)),
        )
        .check(z.refine((record) => Object.keys(record).length <= 10, 'At most 10 attributes')),
    ),
    sort: z.optional(SortSchema),
    page: z.optional(z.int().check(z.minimum(1), z.maximum(10_000))),
    per_page: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  })
  .check(
    z.refine(
      (f) => f.price_min === undefined || f.price_max === undefined || f.price_min <= f.price_max,
      {
        message: 'price_min must not be greater than price_max',
        path: ['price_min'],
      },
    ),
  );
export type ProductsFilter = z.infer<typeof ProductsFilterSchema>;

const FacetCountSchema = z.object({
  slug: SlugSchema,
  name: z.string(),
  count: z.int().check(z.nonnegative()),
});

/**
 * What the shopper can narrow the current listing by, with how many products each choice would
 * leave. Counts of one dimension are computed with every other filter applied but not its own
 * (choosing a second brand adds products, so its count must not be zero just because another
 * brand is chosen).
 */
export const FacetsSchema = z.object({
  categories: z.array(FacetCountSchema),
  brands: z.array(FacetCountSchema),
  attributes: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      values: z.array(
        z.object({ value: z.string(), name: z.string(), count: z.int().check(z.nonnegative()) }),
      ),
    }),
  ),
  /** Lowest and highest price among the products the other filters leave; null when none. */
  price: z.nullable(z.object({ min: MoneyAmountSchema, max: MoneyAmountSchema })),
  in_stock_count: z.int().check(z.nonnegative()),
});
export type Facets = z.infer<typeof FacetsSchema>;

export const ProductsResponseSchema = z.object({
  data: z.array(ProductSchema),
  meta: PageMetaSchema,
  facets: FacetsSchema,
});
export type ProductsResponse = z.infer<typeof ProductsResponseSchema>;

export const ProductResponseSchema = z.object({ data: ProductDetailSchema });
export type ProductResponse = z.infer<typeof ProductResponseSchema>;

export const ProductQuerySchema = z.strictObject({
  'resources[]': z.optional(z.union([z.literal('relateds'), z.array(z.literal('relateds'))])),
});

export const SearchQuerySchema = z.strictObject({
  q: z.string().check(z.trim(), z.minLength(1, 'Type something to search for'), z.maxLength(100)),
  /** Fewer results for suggestions while typing; the results view uses the default 24. */
  limit: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.regex(/^[1-9]\d?$/, 'Must be a whole number from 1 to 48')),
        z.transform(Number),
      ),
      z.int().check(z.minimum(1), z.maximum(48)),
    ),
  ),
});
export const SearchResponseSchema = z.object({ data: z.array(ProductSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const HOME_SECTIONS = ['new', 'popular', 'discounted'] as const;
export const HomeResponseSchema = z.object({
  data: z.object({
    sections: z.array(
      z.object({ key: z.enum(HOME_SECTIONS), title: z.string(), products: z.array(ProductSchema) }),
    ),
    categories: z.array(CategorySchema),
  }),
});
export type HomeResponse = z.infer<typeof HomeResponseSchema>;

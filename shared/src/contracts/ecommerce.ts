import * as z from 'zod/mini';
import { CartSchema } from './cart';
import { AccountTypeSchema, ImageSchema, PageMetaSchema } from './common';

// The ecommerce backend's shop-wide answers: the shopper, the cart and the content. Sign-in,
// orders and cards have modules of their own (sign-in.ts, orders.ts, cards.ts), so a browser page
// that only shows the shop does not bundle their rules (phone numbers, regions, card numbers).

// ---- The shopper ---------------------------------------------------------------------------

export const UserSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.nullable(z.string()),
  surname: z.nullable(z.string()),
  phone: z.string(),
  photo: z.nullable(z.string()),
  email: z.nullable(z.string()),
  company: z.nullable(z.string()),
  user_type: AccountTypeSchema,
});
export type User = z.infer<typeof UserSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const PersonNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Required'), z.maxLength(60));

export const ProfileUpdateSchema = z.strictObject({
  name: PersonNameSchema,
  surname: PersonNameSchema,
  email: z.optional(z.nullable(z.email().check(z.maxLength(200)))),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

// ---- Cart ----------------------------------------------------------------------------------

export const CartResponseSchema = CartSchema;
export const SaveCartRequestSchema = z.strictObject({ cart_data: CartSchema });
export type SaveCartRequest = z.infer<typeof SaveCartRequestSchema>;

// ---- Content and settings -------------------------------------------------------------------

export const StoreSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export type Store = z.infer<typeof StoreSchema>;
export const StoresResponseSchema = z.object({ data: z.array(StoreSchema) });

export const SlideSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  subtitle: z.nullable(z.string()),
  image: ImageSchema,
  /** An in-app path ('/products?...') or an absolute URL, or null for a banner without a link. */
  link: z.nullable(z.string()),
});
export type Slide = z.infer<typeof SlideSchema>;
export const SlidesResponseSchema = z.object({ data: z.array(SlideSchema) });

// ---- Blog and info pages (content of the ecommerce backend, like the slides) --------------

export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: z.nullable(ImageSchema),
  published_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** Bodies are plain text: paragraphs separated by a blank line. No HTML ever reaches the page. */
export const BlogPostSchema = z.extend(BlogPostSummarySchema, { body: z.string() });
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogsQuerySchema = z.strictObject({
  page: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,3}$/, 'Must be a whole number')),
      z.transform(Number),
    ),
  ),
});
export const BlogsResponseSchema = z.object({
  data: z.array(BlogPostSummarySchema),
  meta: PageMetaSchema,
});
export const BlogResponseSchema = z.object({ data: BlogPostSchema });

export const INFO_PAGE_SLUGS = [
  'about',
  'contacts',
  'delivery',
  'how-to-buy',
  'public-offer',
  'return',
] as const;
export const InfoPageSlugSchema = z.enum(INFO_PAGE_SLUGS);
export type InfoPageSlug = z.infer<typeof InfoPageSlugSchema>;

export const InfoPageSchema = z.object({
  slug: InfoPageSlugSchema,
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type InfoPage = z.infer<typeof InfoPageSchema>;
export const InfoPagesResponseSchema = z.object({
  data: z.array(z.pick(InfoPageSchema, { slug: true, title: true })),
});
export const InfoPageResponseSchema = z.object({ data: InfoPageSchema });

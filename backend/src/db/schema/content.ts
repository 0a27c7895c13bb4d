// The shop's own content: pickup shops, home slides, delivery methods and payment types (the
// checkout's rules), blog posts and info pages.
import {
  doublePrecision,
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamptz, type LocalizedText } from './columns';

export const stores = pgTable('stores', {
  id: integer('id').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  address: jsonb('address').$type<LocalizedText>().notNull(),
  phone: text('phone').notNull(),
  hours: jsonb('hours').$type<LocalizedText>().notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  position: integer('position').notNull().default(0),
});

export const slides = pgTable('slides', {
  id: integer('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  subtitle: jsonb('subtitle').$type<LocalizedText>(),
  link: text('link'),
  color: text('color').notNull(),
  /** Drawing kinds the banner shows (see media/drawings.ts). */
  artwork: jsonb('artwork').$type<string[]>().notNull(),
  position: integer('position').notNull().default(0),
});

export const deliveryMethods = pgTable('delivery_methods', {
  type: text('type').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<LocalizedText>().notNull(),
  price: integer('price').notNull(),
  freeFrom: integer('free_from'),
  enabled: boolean('enabled').notNull(),
  position: integer('position').notNull().default(0),
  /** Region slugs whose addresses the method reaches (pickup: every region). */
  regions: text('regions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Payment types allowed with this method ('on_receipt', 'card'). */
  paymentTypes: text('payment_types')
    .array()
    .notNull()
    .default(sql`'{on_receipt}'::text[]`),
  /** How an on-receipt payment is made with it: 'cash', and 'card' at a shop's till. */
  receiptPayments: text('receipt_payments')
    .array()
    .notNull()
    .default(sql`'{cash}'::text[]`),
});

export const paymentTypes = pgTable('payment_types', {
  type: text('type').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  enabled: boolean('enabled').notNull(),
  position: integer('position').notNull().default(0),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    excerpt: jsonb('excerpt').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    color: text('color').notNull(),
    /** Drawing kinds the cover shows, like a slide's (see media/drawings.ts). */
    artwork: jsonb('artwork')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    publishedAt: timestamptz('published_at').notNull(),
  },
  (t) => [uniqueIndex('blog_posts_slug_key').on(t.slug)],
);

export const infoPages = pgTable('info_pages', {
  slug: text('slug').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  /** Plain text, paragraphs separated by a blank line. */
  body: jsonb('body').$type<LocalizedText>().notNull(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .default(sql`now()`),
});

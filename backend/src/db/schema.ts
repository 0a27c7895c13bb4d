// The database schema of both backends. Catalogue texts are stored per language in one jsonb
// column ({ uz, ru, en }) so adding a field never means three columns, and a query picks the
// shopper's language with `->>`.
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  doublePrecision,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export interface LocalizedText {
  uz: string;
  ru: string;
  en: string;
}

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

export interface StoredCartItem {
  product_id: number;
  name: string;
  img_url: string | null;
  quantity: number;
  attributes: { code: string; name: string; value: string }[];
  price: number;
  slug: string;
  mxit: string;
  mxit_unit: string;
}

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// ---- Catalogue ---------------------------------------------------------------------------------

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

// ---- Content -----------------------------------------------------------------------------------

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

// ---- Accounts ----------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** E.164 without spaces: +998XXXXXXXXX. */
    phone: text('phone').notNull(),
    name: text('name'),
    surname: text('surname'),
    email: text('email'),
    company: text('company'),
    photo: text('photo'),
    userType: text('user_type').notNull().default('individual'),
    createdAt: timestamptz('created_at').notNull(),
    /** The address of the last courier or express order, offered again at the next checkout. */
    lastAddress: jsonb('last_address').$type<StoredLastAddress>(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_user_type_check', sql`${t.userType} in ('individual', 'legal')`),
  ],
);

/**
 * One row per phone: the current sign-in challenge and the send counters. Kept in the database so
 * several backend instances enforce the same limits.
 */
export const otpChallenges = pgTable('otp_challenges', {
  phone: text('phone').primaryKey(),
  /** HMAC-SHA256 of phone and code (hex); null once used. */
  codeHash: text('code_hash'),
  expiresAt: timestamptz('expires_at'),
  attempts: integer('attempts').notNull().default(0),
  lastSentAt: timestamptz('last_sent_at'),
  /** Tashkent calendar day (YYYY-MM-DD) the counter below belongs to. */
  sendDay: text('send_day'),
  sendsToday: integer('sends_today').notNull().default(0),
  /**
   * When the latest wrong codes were tried (ISO times, oldest first, at most the configured
   * limit): a rolling window that no midnight and no new code resets.
   */
  failedChecks: jsonb('failed_checks').$type<string[]>().notNull().default([]),
  /** Too many wrong codes: no code is sent or checked for this phone until then. */
  lockedUntil: timestamptz('locked_until'),
});

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** sha256 of the bearer token (hex): a leaked table does not hand out sessions. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Values generated once per installation and shared by all instances: the OTP HMAC key and the
 * marker that the demo seed ran.
 */
export const installState = pgTable('install_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  items: jsonb('items').$type<StoredCartItem[]>().notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

// ---- Orders ------------------------------------------------------------------------------------

// Order numbers come from a sequence, not from max()+1, so concurrent orders never collide.
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

export interface StoredAddress {
  region: string | null;
  city: string | null;
  address: string | null;
  flat: string | null;
  entrance: string | null;
  floor: string | null;
  intercom: string | null;
  comment: string | null;
}

export interface StoredLastAddress {
  region: string;
  city: string | null;
  address: string;
  flat: string | null;
  entrance: string | null;
  floor: string | null;
  intercom: string | null;
  comment: string | null;
  location: { lat: number; lng: number } | null;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** What the shopper sees and types: 'UY-001001'. */
    number: text('number')
      .notNull()
      .default(sql`('UY-' || lpad(nextval('order_number_seq')::text, 6, '0'))`),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    lang: text('lang').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    deliveryPrice: integer('delivery_price').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    deliveryType: text('delivery_type').notNull(),
    storeId: integer('store_id').references(() => stores.id),
    address: jsonb('address').$type<StoredAddress>(),
    location: jsonb('location').$type<{ lat: number; lng: number }>(),
    recipientName: text('recipient_name').notNull(),
    recipientSurname: text('recipient_surname').notNull(),
    recipientPhone: text('recipient_phone').notNull(),
    paymentType: text('payment_type').notNull(),
    /** On-receipt orders: 'cash' or 'card' (a shop's till); null for card orders. */
    receiptPayment: text('receipt_payment'),
    /** 'not_required' (on receipt), 'unpaid' (card, waiting for its charge) or 'paid'. */
    paymentStatus: text('payment_status').notNull().default('not_required'),
    /** An unpaid card order still unpaid at this time is cancelled and its stock returned. */
    payUntil: timestamptz('pay_until'),
    paidAt: timestamptz('paid_at'),
    comment: text('comment'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // The hold sweep reads only the few unpaid card orders still open, oldest deadline first
    // (a cancelled order stays 'unpaid' for ever and would otherwise pile up in the index).
    index('orders_unpaid_idx')
      .on(t.payUntil)
      .where(sql`${t.paymentStatus} = 'unpaid' and ${t.status} <> 'cancelled'`),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('not_required', 'unpaid', 'paid')`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    position: integer('position').notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    attributes: jsonb('attributes')
      .$type<{ code: string; name: string; value: string }[]>()
      .notNull(),
    price: integer('price').notNull(),
    quantity: integer('quantity').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    mxik: text('mxik').notNull(),
    packageCode: text('package_code').notNull(),
    imgUrl: text('img_url'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/**
 * The outbox of order events (contract: shared/src/contracts/order-events.ts): each row is
 * written in the transaction of the change it tells about, so an event exists exactly when its
 * change committed. The deliverer claims due rows (SKIP LOCKED, then a lease in `available_at`),
 * posts them, and marks them delivered; a failure pushes `available_at` further each time.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    /** orderEventId(): the same change always has the same id, so a retry cannot add a row. */
    id: text('id').primaryKey(),
    /** Commit order within the outbox: deliveries go oldest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The OrderEvent exactly as it is sent. */
    payload: jsonb('payload').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Not claimable before this time: a delivery in progress (lease) or a backoff. */
    availableAt: timestamptz('available_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    uniqueIndex('order_events_seq_key').on(t.seq),
    index('order_events_undelivered_idx')
      .on(t.seq)
      .where(sql`${t.deliveredAt} is null`),
    index('order_events_order_idx').on(t.orderId, t.seq),
  ],
);

/**
 * Stripe-style idempotency: (user, key) is bound to its request's hash from the moment the first
 * attempt starts, and the created order's answer is replayed for 24 hours. `status_code` is 0
 * while an attempt runs, the answer's status once it succeeded, or the status of its refusal
 * (an attempt that changed nothing, which the same request may run again).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** The latest attempt: only it may record the answer (null on rows from before attempts). */
    attemptId: text('attempt_id'),
    /** When that attempt started: one running far longer died with its process. */
    attemptStartedAt: timestamptz('attempt_started_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

// ---- Cards and payments ------------------------------------------------------------------------

/**
 * A shopper's card at the card processor. Only what may be kept: the processor's token (it
 * charges only through our merchant account), the number masked to first 6 and last 4 digits,
 * brand and expiry. Never the full number, anywhere.
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The processor's card token. Never sent to a browser. */
    providerToken: text('provider_token').notNull(),
    maskedNumber: text('masked_number').notNull(),
    brand: text('brand').notNull(),
    /** MM/YY. */
    expiry: text('expiry').notNull(),
    /** 'pending' (code sent, not confirmed), 'active' or 'removed'. */
    state: text('state').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** The masked phone the processor sent the code to. */
    codePhone: text('code_phone'),
    codeSentAt: timestamptz('code_sent_at'),
    /** When another code may be asked for (the processor says how long to wait). */
    codeResendAt: timestamptz('code_resend_at'),
    /** Codes tried for this card; never reset by a resend, so a resend cannot buy more guesses. */
    codeTries: integer('code_tries').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    verifiedAt: timestamptz('verified_at'),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId),
    // At most one default card per shopper.
    uniqueIndex('payment_cards_one_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.state} = 'active'`),
    check('payment_cards_state_check', sql`${t.state} in ('pending', 'active', 'removed')`),
  ],
);

/**
 * One charge attempt of an order: a receipt at the processor paid with one card. An order has at
 * most one attempt in flight ('paying', or 'unknown' until settled) and at most one 'paid'.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    cardId: integer('card_id')
      .notNull()
      .references(() => paymentCards.id),
    /** Tiyin, as the processor counts. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The processor's receipt id, once created. */
    receiptId: text('receipt_id'),
    /** 'paying', 'paid', 'declined', 'failed' (not charged) or 'unknown' (to be settled). */
    state: text('state').notNull(),
    /** The processor's error code of a declined or failed attempt. */
    errorCode: integer('error_code'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId),
    // The database itself refuses a second attempt in flight or a second charge for one order.
    uniqueIndex('payment_attempts_in_flight_key')
      .on(t.orderId)
      .where(sql`${t.state} in ('paying', 'unknown')`),
    uniqueIndex('payment_attempts_paid_key')
      .on(t.orderId)
      .where(sql`${t.state} = 'paid'`),
    index('payment_attempts_unknown_idx')
      .on(t.updatedAt)
      .where(sql`${t.state} = 'unknown'`),
    check(
      'payment_attempts_state_check',
      sql`${t.state} in ('paying', 'paid', 'declined', 'failed', 'unknown')`,
    ),
  ],
);

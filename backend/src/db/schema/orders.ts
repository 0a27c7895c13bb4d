// Orders: the order with its lines and status history, the outbox of its events, and the
// Idempotency-Keys that keep a retried order from being placed twice.
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Language } from '@shop/shared';
import { users } from './accounts';
import { variants } from './catalog';
import { timestamptz } from './columns';
import { stores } from './content';

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

export type StoredLineNames = Partial<
  Record<Language, { name: string; attributes: { code: string; name: string; value: string }[] }>
>;

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
    /** 'not_required' (on receipt), 'unpaid' (prepaid, waiting for its payment) or 'paid'. */
    paymentStatus: text('payment_status').notNull().default('not_required'),
    /** An unpaid card order still unpaid at this time is cancelled and its stock returned. */
    payUntil: timestamptz('pay_until'),
    paidAt: timestamptz('paid_at'),
    /** Paid orders: PaymentProvider that took the money, and its id of the payment. */
    paidProvider: text('paid_provider'),
    paidTransactionId: text('paid_transaction_id'),
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
    /**
     * The line's name and attributes in each language, as the catalogue had them when it was
     * bought, so the order reads in whatever language it is opened in. Null on lines written
     * before they were kept: `name` and `attributes` (the order's language) serve every language.
     */
    names: jsonb('names').$type<StoredLineNames>(),
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
    /** Who made the move, as the caller named them (a staff member in Telegram); null: the shop. */
    actor: text('actor'),
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

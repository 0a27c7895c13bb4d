// Card payments: a shopper's saved cards (the processor's token, never the number) and the
// charge attempts of card orders.
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';
import { timestamptz } from './columns';
import { orders } from './orders';

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
    /** The card processor that charged: 'payme_card' (Payme's Subscribe API) or 'click_card'. */
    processor: text('processor').notNull().default('payme_card'),
    /** The processor's receipt id, once created (Click: our transaction id, made before). */
    receiptId: text('receipt_id'),
    /** The processor's payment id, when it differs from the receipt (Click's payment_id). */
    providerPaymentId: text('provider_payment_id'),
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

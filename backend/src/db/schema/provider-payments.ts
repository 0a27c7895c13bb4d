// Payments made outside the shop's pages (the Click and Payme apps, Telegram's payment sheet),
// each as its provider reported it, and the refunds of paid orders whichever way they were paid.
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
import { timestamptz } from './columns';
import { orders } from './orders';
import { paymentAttempts } from './payments';

/**
 * One transaction of a provider that calls the shop back (Click's Prepare/Complete, Payme's
 * Merchant API, Telegram's successful_payment). Its provider id is unique, so a repeated call
 * finds the row it made instead of making another.
 */
export const providerPayments = pgTable(
  'provider_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** 'click', 'payme' or 'telegram'. */
    provider: text('provider').notNull(),
    /** The provider's id: click_trans_id, Payme's transaction id, telegram_payment_charge_id. */
    providerId: text('provider_id').notNull(),
    /** The provider's second id, when it has one: click_paydoc_id, provider_payment_charge_id. */
    providerRef: text('provider_ref'),
    /** Tiyin, whatever unit the provider speaks. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** 'created' (prepared, not yet paid), 'performed' (paid), 'cancelled' (never paid). */
    state: text('state').notNull(),
    /** The provider's own time of the transaction in ms (Payme's `time`), when it gives one. */
    providerTime: bigint('provider_time', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    performedAt: timestamptz('performed_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /** The provider's reason for a cancel (Payme's 1–10), when it gave one. */
    cancelReason: integer('cancel_reason'),
  },
  (t) => [
    uniqueIndex('provider_payments_provider_id_key').on(t.provider, t.providerId),
    index('provider_payments_order_idx').on(t.orderId),
    index('provider_payments_created_idx').on(t.provider, t.createdAt),
    check('provider_payments_provider_check', sql`${t.provider} in ('click', 'payme', 'telegram')`),
    check(
      'provider_payments_state_check',
      sql`${t.state} in ('created', 'performed', 'cancelled')`,
    ),
  ],
);

/**
 * The money of one payment going back: a paid order cancelled, or a payment that came for an
 * order already paid or over. One refund per payment (unique card charge or provider payment),
 * so two cancels at once cannot refund twice. Automatic refunds are asked of the provider by the
 * refund worker, which claims a due row with a lease; the others wait for staff to refund in the
 * provider's office and for the provider (or staff) to report it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The card charge refunded, when a saved card paid. */
    attemptId: integer('attempt_id').references(() => paymentAttempts.id),
    /** The provider transaction refunded, when an app or Telegram paid. */
    providerPaymentId: integer('provider_payment_id').references(() => providerPayments.id),
    /** PaymentProvider: who took the money and must give it back. */
    provider: text('provider').notNull(),
    /** The provider's id of the payment, as staff find it in the provider's office. */
    transactionId: text('transaction_id').notNull(),
    /** Tiyin. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Whether the shop asks the provider itself; else staff refund it by hand. */
    automatic: boolean('automatic').notNull(),
    /** 'due' or 'made'. */
    state: text('state').notNull(),
    /** An automatic refund being asked for: no other worker takes it before this time. */
    leaseUntil: timestamptz('lease_until'),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    madeAt: timestamptz('made_at'),
  },
  (t) => [
    uniqueIndex('refunds_attempt_key').on(t.attemptId),
    uniqueIndex('refunds_provider_payment_key').on(t.providerPaymentId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_due_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'due' and ${t.automatic}`),
    check('refunds_state_check', sql`${t.state} in ('due', 'made')`),
    check(
      'refunds_one_source_check',
      sql`(${t.attemptId} is null) <> (${t.providerPaymentId} is null)`,
    ),
  ],
);

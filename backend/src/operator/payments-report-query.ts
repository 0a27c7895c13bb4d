// What the providers took and gave back in a window, as each provider's statement shows it: one
// query per kind, bounded by the window. Ids are the ones the order's paid_with and refund name.
import {
  PAYMENT_PROVIDERS,
  type PaymentProvider,
  type PaymentsReportAnswer,
  type PaymentsReportLine,
} from '@shop/shared';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, paymentAttempts, providerPayments, refunds } from '../db/schema';

export interface LineRow {
  provider: string;
  transactionId: string;
  orderNumber: string;
  amount: number;
  at: Date | null;
}

function providerOf(value: string): PaymentProvider {
  const provider = PAYMENT_PROVIDERS.find((known) => known === value);
  // The tables' checks allow no other value: one would mean a schema this code does not know.
  if (provider === undefined) throw new Error(`Unknown payment provider in the database: ${value}`);
  return provider;
}

/** A row as the report shows it. */
export function toLine(row: LineRow): PaymentsReportLine {
  if (row.at === null) throw new Error('A reported payment or refund has no time');
  return {
    provider: providerOf(row.provider),
    transaction_id: row.transactionId,
    order_number: row.orderNumber,
    amount_tiyin: row.amount,
    at: row.at.toISOString(),
  };
}

/** Card charges paid in the window (a charge is paid once; its last change is its payment). */
function cardPayments(db: Db, from: Date, to: Date): Promise<LineRow[]> {
  return db
    .select({
      provider: paymentAttempts.processor,
      transactionId: sql<string>`coalesce(${paymentAttempts.providerPaymentId}, ${paymentAttempts.receiptId}, ${paymentAttempts.id}::text)`,
      orderNumber: orders.number,
      amount: paymentAttempts.amount,
      at: paymentAttempts.updatedAt,
    })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .where(
      and(
        eq(paymentAttempts.state, 'paid'),
        gte(paymentAttempts.updatedAt, from),
        lt(paymentAttempts.updatedAt, to),
      ),
    )
    .orderBy(asc(paymentAttempts.updatedAt), asc(paymentAttempts.id));
}

/**
 * App and Telegram payments performed in the window, those the provider gave back since included
 * (a Payme transaction refunded by Payme is 'cancelled' but keeps its perform time).
 */
function providerPaymentsIn(db: Db, from: Date, to: Date): Promise<LineRow[]> {
  return db
    .select({
      provider: providerPayments.provider,
      // Click's paydoc and Telegram's provider charge are what their statements show.
      transactionId: sql<string>`coalesce(${providerPayments.providerRef}, ${providerPayments.providerId})`,
      orderNumber: orders.number,
      amount: providerPayments.amount,
      at: providerPayments.performedAt,
    })
    .from(providerPayments)
    .innerJoin(orders, eq(orders.id, providerPayments.orderId))
    .where(
      and(
        isNotNull(providerPayments.performedAt),
        gte(providerPayments.performedAt, from),
        lt(providerPayments.performedAt, to),
      ),
    )
    .orderBy(asc(providerPayments.performedAt), asc(providerPayments.id));
}

const refundColumns = {
  provider: refunds.provider,
  transactionId: refunds.transactionId,
  orderNumber: orders.number,
  amount: refunds.amount,
};

function refundsMade(db: Db, from: Date, to: Date): Promise<LineRow[]> {
  return db
    .select({ ...refundColumns, at: refunds.madeAt })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.state, 'made'), gte(refunds.madeAt, from), lt(refunds.madeAt, to)))
    .orderBy(asc(refunds.madeAt), asc(refunds.id));
}

/** Every refund owed now, whenever it was owed: staff must act on each. */
function refundsDue(db: Db): Promise<LineRow[]> {
  return db
    .select({ ...refundColumns, at: refunds.createdAt })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.state, 'due'))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

function byTime(a: PaymentsReportLine, b: PaymentsReportLine): number {
  return Date.parse(a.at) - Date.parse(b.at);
}

export async function paymentsReport(db: Db, from: Date, to: Date): Promise<PaymentsReportAnswer> {
  const [cards, others, made, due] = await Promise.all([
    cardPayments(db, from, to),
    providerPaymentsIn(db, from, to),
    refundsMade(db, from, to),
    refundsDue(db),
  ]);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    payments: [...cards, ...others].map(toLine).sort(byTime),
    refunds: made.map(toLine),
    refunds_due: due.map(toLine),
  };
}

// Payme's transactions as the shop keeps them (provider_payments rows of provider 'payme'): found
// and locked by Payme's id, and read back in the fields Payme's answers carry.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, providerPayments } from '../../db/schema';
import type { OrderRow } from '../../orders/order-view';
import { MERCHANT_ERRORS, MerchantFailure, TRANSACTION_STATE } from './merchant-protocol';

export const PAYME = 'payme';

export type PaymeRow = typeof providerPayments.$inferSelect;

/** Payme's transaction `id`, its row locked for the rest of `tx` when `lock`; undefined if none. */
export async function findTransaction(
  tx: Db,
  paymeId: string,
  lock = false,
): Promise<PaymeRow | undefined> {
  const query = tx
    .select()
    .from(providerPayments)
    .where(and(eq(providerPayments.provider, PAYME), eq(providerPayments.providerId, paymeId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The transaction or Payme's "transaction not found". */
export async function requireTransaction(tx: Db, paymeId: string, lock = false): Promise<PaymeRow> {
  const row = await findTransaction(tx, paymeId, lock);
  if (!row) throw new MerchantFailure(MERCHANT_ERRORS.transactionNotFound);
  return row;
}

/** The order of a transaction, its row locked (always before the transaction's own row). */
export async function lockOrderById(tx: Db, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`Payme transaction of a missing order ${orderId}`);
  return order;
}

/** Payme's state of a transaction: a cancel after perform is a refund (−2). */
export function paymeState(row: PaymeRow): number {
  if (row.state === 'created') return TRANSACTION_STATE.created;
  if (row.state === 'performed') return TRANSACTION_STATE.performed;
  return row.performedAt === null
    ? TRANSACTION_STATE.cancelled
    : TRANSACTION_STATE.cancelledAfterPerform;
}

const millis = (at: Date | null): number => at?.getTime() ?? 0;

export function createAnswer(row: PaymeRow) {
  return {
    create_time: millis(row.createdAt),
    transaction: String(row.id),
    state: paymeState(row),
  };
}

export function performAnswer(row: PaymeRow) {
  return {
    transaction: String(row.id),
    perform_time: millis(row.performedAt),
    state: paymeState(row),
  };
}

export function cancelAnswer(row: PaymeRow) {
  return {
    transaction: String(row.id),
    cancel_time: millis(row.cancelledAt),
    state: paymeState(row),
  };
}

export function checkAnswer(row: PaymeRow) {
  return {
    create_time: millis(row.createdAt),
    perform_time: millis(row.performedAt),
    cancel_time: millis(row.cancelledAt),
    transaction: String(row.id),
    state: paymeState(row),
    reason: row.state === 'cancelled' ? row.cancelReason : null,
  };
}

/** Cancels a transaction never performed; answers the row as it is now. */
export async function cancelCreated(
  tx: Db,
  row: PaymeRow,
  reason: number,
  at: Date,
): Promise<PaymeRow> {
  const [cancelled] = await tx
    .update(providerPayments)
    .set({ state: 'cancelled', cancelledAt: at, cancelReason: reason })
    .where(and(eq(providerPayments.id, row.id), eq(providerPayments.state, 'created')))
    .returning();
  return cancelled ?? row;
}

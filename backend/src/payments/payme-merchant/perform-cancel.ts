// PerformTransaction and CancelTransaction: Payme took the shopper's money, or gave it back. Each
// locks the order, then the transaction, so repeats and races of one transaction run one after
// another and all answer alike; the order is paid once and refunded once.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerPayments, refunds } from '../../db/schema';
import { cancelOrders } from '../../orders/order-status';
import type { OrderRow } from '../../orders/order-view';
import { payability, receivePayment } from '../paid-orders';
import { markRefundMade, owePaymentBack } from '../refunds/refund-rows';
import { commitThen, type MerchantContext } from './merchant-context';
import {
  CANCEL_REASON,
  MERCHANT_ERRORS,
  MerchantFailure,
  TRANSACTION_TIMEOUT_MS,
  type MerchantParams,
} from './merchant-protocol';
import {
  PAYME,
  cancelAnswer,
  cancelCreated,
  lockOrderById,
  performAnswer,
  requireTransaction,
  type PaymeRow,
} from './merchant-rows';

/** The transaction and its order, both locked (the order first, as every method locks). */
async function lockBoth(tx: Db, paymeId: string): Promise<{ order: OrderRow; row: PaymeRow }> {
  const seen = await requireTransaction(tx, paymeId);
  const order = await lockOrderById(tx, seen.orderId);
  const row = await requireTransaction(tx, paymeId, true);
  return { order, row };
}

/** Marks a created transaction paid and pays its order with it, or cancels it when it cannot. */
async function performCreated(tx: Db, order: OrderRow, row: PaymeRow, at: Date) {
  if (at.getTime() - row.createdAt.getTime() >= TRANSACTION_TIMEOUT_MS) {
    await cancelCreated(tx, row, CANCEL_REASON.timeout, at);
    return new MerchantFailure(MERCHANT_ERRORS.cannotPerform);
  }
  const state = await payability(tx, order, at);
  if (state !== 'payable') {
    // The hold ran out (or the order went another way) while the shopper was in Payme's app.
    const reason = state === 'expired' ? CANCEL_REASON.timeout : CANCEL_REASON.executionFailed;
    await cancelCreated(tx, row, reason, at);
    return new MerchantFailure(MERCHANT_ERRORS.cannotPerform);
  }
  const [performed] = await tx
    .update(providerPayments)
    .set({ state: 'performed', performedAt: at })
    .where(eq(providerPayments.id, row.id))
    .returning();
  if (!performed) throw new Error('Payme transaction vanished');
  await receivePayment(
    tx,
    order,
    {
      provider: PAYME,
      transactionId: row.providerId,
      amount: row.amount,
      providerPaymentId: row.id,
      eventKey: `payme-${row.id}`,
    },
    at,
  );
  return performAnswer(performed);
}

export async function performTransaction(
  context: MerchantContext,
  params: MerchantParams<'PerformTransaction'>,
) {
  const at = context.now();
  const changed = { paid: false };
  const answer = await commitThen(context.db, async (tx) => {
    const { order, row } = await lockBoth(tx, params.id);
    if (row.state === 'performed') return performAnswer(row);
    if (row.state === 'cancelled') return new MerchantFailure(MERCHANT_ERRORS.cannotPerform);
    const outcome = await performCreated(tx, order, row, at);
    changed.paid = !(outcome instanceof MerchantFailure);
    return outcome;
  });
  if (changed.paid) context.onOrderEvents?.();
  return answer;
}

/**
 * Payme gave a performed transaction's money back: the order is cancelled if still open (its
 * stock returns), and the refund it owes is recorded as made, since Payme made it.
 */
async function refundPerformed(tx: Db, order: OrderRow, row: PaymeRow, reason: number, at: Date) {
  const cancelled = await cancelOrders(tx, [order.id], at, undefined, null);
  await owePaymentBack(
    tx,
    {
      orderId: order.id,
      provider: PAYME,
      transactionId: row.providerId,
      amount: row.amount,
      source: { providerPaymentId: row.id },
    },
    at,
  );
  const [refund] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.providerPaymentId, row.id));
  if (!refund) throw new Error('The refund of a Payme transaction is missing');
  const refunded = await markRefundMade(tx, refund.id, at);
  const [updated] = await tx
    .update(providerPayments)
    .set({ state: 'cancelled', cancelledAt: at, cancelReason: reason })
    .where(and(eq(providerPayments.id, row.id), eq(providerPayments.state, 'performed')))
    .returning();
  if (!updated) throw new Error('Payme transaction vanished');
  return { row: updated, events: refunded || cancelled.length > 0, stock: cancelled.length > 0 };
}

export async function cancelTransaction(
  context: MerchantContext,
  params: MerchantParams<'CancelTransaction'>,
) {
  const at = context.now();
  const changed = { events: false, stock: false };
  const answer = await commitThen(context.db, async (tx) => {
    const { order, row } = await lockBoth(tx, params.id);
    if (row.state === 'cancelled') return cancelAnswer(row);
    if (row.state === 'created')
      return cancelAnswer(await cancelCreated(tx, row, params.reason, at));
    if (order.status === 'completed') return new MerchantFailure(MERCHANT_ERRORS.cannotCancel);
    const refunded = await refundPerformed(tx, order, row, params.reason, at);
    changed.events = refunded.events;
    changed.stock = refunded.stock;
    return cancelAnswer(refunded.row);
  });
  if (changed.events) context.onOrderEvents?.();
  if (changed.stock) context.onStockReturned?.();
  return answer;
}

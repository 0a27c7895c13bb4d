// CheckPerformTransaction and CreateTransaction: may this order be paid with this amount, and
// Payme's transaction for it. One order has one live (created) transaction at a time, and it
// holds the order while the shopper pays.
import { toTiyin } from '@shop/shared';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerPayments } from '../../db/schema';
import type { OrderRow } from '../../orders/order-view';
import { holdWhilePaying, lockOrderByNumber, payability } from '../paid-orders';
import { commitThen, type MerchantContext } from './merchant-context';
import {
  CANCEL_REASON,
  MERCHANT_ERRORS,
  MerchantFailure,
  ORDER_ERRORS,
  TRANSACTION_TIMEOUT_MS,
  type MerchantParams,
} from './merchant-protocol';
import {
  PAYME,
  cancelCreated,
  createAnswer,
  findTransaction,
  type PaymeRow,
} from './merchant-rows';

/** The order stays held this much longer once Payme creates its transaction. */
export const PAYING_GRACE_MS = 15 * 60_000;

/** The order numbered `orderNumber`, its row locked for the rest of `tx`. */
async function lockOrder(tx: Db, orderNumber: string): Promise<OrderRow> {
  const order = await lockOrderByNumber(tx, orderNumber);
  if (!order) throw new MerchantFailure(ORDER_ERRORS.not_found);
  return order;
}

/** Refuses unless `order` (locked) can take `amount` tiyin now. */
async function refuseUnpayable(tx: Db, order: OrderRow, amount: number, at: Date): Promise<void> {
  if (amount !== toTiyin(order.total)) throw new MerchantFailure(MERCHANT_ERRORS.wrongAmount);
  const state = await payability(tx, order, at);
  if (state !== 'payable') throw new MerchantFailure(ORDER_ERRORS[state]);
}

export async function checkPerformTransaction(
  context: MerchantContext,
  params: MerchantParams<'CheckPerformTransaction'>,
): Promise<{ allow: true }> {
  await context.db.transaction(async (tx) => {
    const order = await lockOrder(tx, params.account.order_id);
    await refuseUnpayable(tx, order, params.amount, context.now());
  });
  return { allow: true };
}

const isStale = (row: PaymeRow, at: Date) =>
  at.getTime() - row.createdAt.getTime() >= TRANSACTION_TIMEOUT_MS;

/** The same id again: the same answer while it is live; a timed-out one is cancelled. */
async function repeatedCreate(tx: Db, row: PaymeRow, at: Date) {
  if (row.state !== 'created') return new MerchantFailure(MERCHANT_ERRORS.cannotPerform);
  if (isStale(row, at)) {
    await cancelCreated(tx, row, CANCEL_REASON.timeout, at);
    return new MerchantFailure(MERCHANT_ERRORS.cannotPerform);
  }
  return createAnswer(row);
}

/** Whether the order waits for another transaction (timed-out ones are cancelled first). */
async function waitsForAnother(tx: Db, orderId: number, at: Date): Promise<boolean> {
  const mine = and(
    eq(providerPayments.provider, PAYME),
    eq(providerPayments.orderId, orderId),
    eq(providerPayments.state, 'created'),
  );
  await tx
    .update(providerPayments)
    .set({ state: 'cancelled', cancelledAt: at, cancelReason: CANCEL_REASON.timeout })
    .where(
      and(mine, lte(providerPayments.createdAt, new Date(at.getTime() - TRANSACTION_TIMEOUT_MS))),
    );
  const live = await tx.select({ id: providerPayments.id }).from(providerPayments).where(mine);
  return live.length > 0;
}

export function createTransaction(
  context: MerchantContext,
  params: MerchantParams<'CreateTransaction'>,
) {
  const at = context.now();
  return commitThen(context.db, async (tx) => {
    const order = await lockOrder(tx, params.account.order_id);
    const existing = await findTransaction(tx, params.id, true);
    if (existing) return repeatedCreate(tx, existing, at);
    await refuseUnpayable(tx, order, params.amount, at);
    if (await waitsForAnother(tx, order.id, at)) {
      return new MerchantFailure(MERCHANT_ERRORS.cannotPerform);
    }
    const [row] = await tx
      .insert(providerPayments)
      .values({
        orderId: order.id,
        provider: PAYME,
        providerId: params.id,
        amount: params.amount,
        state: 'created',
        providerTime: params.time,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('Payme transaction insert returned nothing');
    await holdWhilePaying(tx, order, at, PAYING_GRACE_MS);
    return createAnswer(row);
  });
}

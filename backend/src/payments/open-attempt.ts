// Opening a charge: whether the order can take a card payment now, and its attempt's 'paying'
// row, committed under the order's row lock before the processor hears of it. The database
// allows one attempt in flight per order (a partial unique index), so however many "Pay" taps
// arrive at once, one attempt opens.
import { toTiyin } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, paymentAttempts } from '../db/schema';
import { ShopError, notFound } from '@shop/shared/server';
import type { OrderRow } from '../orders/order-view';
import type { AttemptRow } from './attempt-outcomes';
import type { CardProcessor } from './card-processor';
import { hasChargeInFlight } from './in-flight';

function notPayable(message: string): ShopError {
  return new ShopError('order_not_payable', message);
}

/** Why this order cannot take a card payment now, or null when it can. */
export function payableProblem(order: OrderRow, now: Date): ShopError | null {
  if (order.paymentType === 'on_receipt') return notPayable('This order is paid on receipt.');
  if (order.status === 'cancelled') return notPayable('This order was cancelled.');
  if (order.paymentStatus === 'paid') return notPayable('This order is already paid.');
  if (order.paymentStatus !== 'unpaid') return notPayable('This order takes no card payment.');
  if (order.payUntil !== null && order.payUntil.getTime() <= now.getTime()) {
    return notPayable('The time to pay this order has passed.');
  }
  return null;
}

/** A unique-index refusal, whichever driver raised it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null;) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

const inProgress = () =>
  new ShopError(
    'payment_in_progress',
    'A payment for this order is already under way. Wait for its result before paying again.',
  );

/**
 * The 'paying' row of a new attempt, committed under the order's row lock after the order is
 * checked again; a second attempt in flight is refused, by this check or by the unique index.
 */
export async function openAttempt(
  deps: { db: Db; now: () => Date; processor: Pick<CardProcessor, 'provider'> },
  orderId: number,
  cardId: number,
): Promise<AttemptRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!locked) throw notFound('Order not found');
      const lockedProblem = payableProblem(locked, deps.now());
      if (lockedProblem) throw lockedProblem;
      if (await hasChargeInFlight(tx, locked.id)) throw inProgress();
      const at = deps.now();
      const [inserted] = await tx
        .insert(paymentAttempts)
        .values({
          orderId: locked.id,
          cardId,
          processor: deps.processor.provider,
          // The order's own total from the database, never a number from the client.
          amount: toTiyin(locked.total),
          state: 'paying',
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!inserted) throw new Error('Attempt insert returned nothing');
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw inProgress();
    throw error;
  }
}

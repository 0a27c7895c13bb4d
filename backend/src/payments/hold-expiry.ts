// Cancelling card orders left unpaid past their hold, and putting their stock back. Orders are
// claimed with SKIP LOCKED, so several instances sweeping at once each take different orders,
// and an order with a charge in flight is never touched.
import { OPEN_ORDER_STATUSES } from '@shop/shared';
import { and, asc, eq, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders, paymentAttempts } from '../db/schema';
import { cancelOrders } from '../orders/order-status';
import { IN_FLIGHT } from './in-flight';

/** Orders cancelled per transaction. */
const BATCH = 20;

export interface HoldExpiryDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Stock went back on sale. */
  onStockReturned?: () => void;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
}

/** Cancels every order whose hold has passed, a batch per transaction; answers how many. */
export async function expireHolds(deps: HoldExpiryDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await expireBatch(deps.db, deps.now());
    total += batch.cancelled;
    if (!batch.more) break;
  }
  if (total > 0) {
    deps.log.info({ orders: total }, 'unpaid card orders cancelled after their hold');
    deps.onOrderEvents?.();
    deps.onStockReturned?.();
  }
  return total;
}

/** One transaction: claims up to BATCH expired orders and cancels those with no charge in
 * flight; `more` when the batch was full and another may follow. */
async function expireBatch(db: Db, now: Date): Promise<{ cancelled: number; more: boolean }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.paymentStatus, 'unpaid'),
          // The hold never undoes an order that is over (completed by the operator).
          inArray(orders.status, OPEN_ORDER_STATUSES),
          lte(orders.payUntil, now),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(paymentAttempts)
              .where(
                and(
                  eq(paymentAttempts.orderId, orders.id),
                  inArray(paymentAttempts.state, IN_FLIGHT),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(orders.payUntil))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { cancelled: 0, more: false };
    const more = due.length === BATCH;
    const dueIds = due.map((row) => row.id);
    // Asked again now that the rows are locked: a pay request that committed its attempt
    // after this transaction's first look is seen here, and its order is left alone.
    const busy = await tx
      .select({ orderId: paymentAttempts.orderId })
      .from(paymentAttempts)
      .where(
        and(inArray(paymentAttempts.orderId, dueIds), inArray(paymentAttempts.state, IN_FLIGHT)),
      );
    const ids = dueIds.filter((id) => !busy.some((row) => row.orderId === id));
    if (ids.length === 0) return { cancelled: 0, more };
    const cancelledIds = await cancelOrders(tx, ids, now, eq(orders.paymentStatus, 'unpaid'));
    return { cancelled: cancelledIds.length, more };
  });
}

// DEMO_ORDER_FLOW: moves every open order one step along its normal life each round, so a
// newcomer sees an order go from new to completed without typing operator commands. It goes
// through the same status service as the operator, so history, events and rules are the same.
// Card orders still waiting for their payment are left alone (the hold expiry deals with them).
import { and, asc, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { OPEN_ORDER_STATUSES, isOrderStatus, nextStatus } from '@shop/shared';
import type { OrderStatusService } from './order-status';

export const DEFAULT_DEMO_ORDER_FLOW_INTERVAL_MS = 2 * 60_000;
const ROUND_LIMIT = 200;

/** One round: every open, paid-or-pay-on-receipt order goes one step; answers how many moved. */
export async function advanceOpenOrders(db: Db, statuses: OrderStatusService): Promise<number> {
  const open = await db
    .select({
      number: orders.number,
      status: orders.status,
      deliveryType: orders.deliveryType,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        // An unpaid prepaid order waits for its money, whichever way it is paid.
        ne(orders.paymentStatus, 'unpaid'),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(ROUND_LIMIT);
  let moved = 0;
  for (const order of open) {
    if (!isOrderStatus(order.status)) continue;
    const next = nextStatus(order.status, order.deliveryType);
    if (next === null) continue;
    try {
      // Only from the status just read: an order the operator moved meanwhile is left as is.
      await statuses.changeStatus(order.number, next, { expectedFrom: order.status });
      moved += 1;
    } catch (error) {
      if (!(error instanceof ShopError && error.code === 'conflict')) throw error;
    }
  }
  return moved;
}

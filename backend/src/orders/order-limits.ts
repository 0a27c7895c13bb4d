// Limits that keep one account from holding the stock: without them one fresh account could
// reserve every unit of the best-stocked items with a handful of pay-on-receipt orders (orders
// at once, orders a day, and the units its open orders hold, per item and in all).
// Checked inside the order's transaction after the account's row is locked, so simultaneous
// orders of one account are counted one after another and cannot slip past the caps together.
import { OPEN_ORDER_STATUSES, type FieldError } from '@shop/shared';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orders, users } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import type { OrderLimits } from '../abuse-limits';
import type { OrderedItem } from './order-input';

const DAY_MS = 24 * 3600 * 1000;

/** The field of a refusal that is about the account, not about one field of the order. */
const WHOLE_ORDER = '(root)';

/** Lines asking for more of one item than an order may carry, as field errors on the lines. */
export function lineQuantityViolations(
  items: readonly { quantity: number }[],
  limit: number,
): FieldError[] {
  return items.flatMap((item, index) =>
    item.quantity > limit
      ? [
          {
            field: `items.${index}.quantity`,
            message: `At most ${limit} of one item per order`,
            rule: 'quantity_limit',
          },
        ]
      : [],
  );
}

/**
 * The units this order would add over what the account's open orders may hold: per item, as
 * field errors on its lines, and in all. Paid orders count too: their goods are still the
 * shop's to hand over, so they are off the shelf for everyone else.
 */
async function openUnitsViolations(
  tx: Db,
  userId: number,
  items: readonly OrderedItem[],
  limits: OrderLimits,
): Promise<FieldError[]> {
  const heldRows = await tx
    .select({
      variantId: orderItems.variantId,
      units: sql<number>`sum(${orderItems.quantity})`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, OPEN_ORDER_STATUSES)))
    .groupBy(orderItems.variantId);
  const held = new Map(heldRows.map((row) => [row.variantId, row.units]));
  const details: FieldError[] = [];
  items.forEach((item, index) => {
    const already = held.get(item.product_id) ?? 0;
    if (already + item.quantity <= limits.openItemUnits) return;
    details.push({
      field: `items.${index}.quantity`,
      message: `Open orders already hold ${already} of this item; at most ${limits.openItemUnits} of one item at once`,
      rule: 'open_item_units_limit',
      available: Math.max(0, limits.openItemUnits - already),
    });
  });
  const heldUnits = heldRows.reduce((sum, row) => sum + row.units, 0);
  const units = heldUnits + items.reduce((sum, item) => sum + item.quantity, 0);
  if (units > limits.openUnits) {
    details.push({
      field: WHOLE_ORDER,
      message: `Open orders would hold ${units} units; at most ${limits.openUnits} at once`,
      rule: 'open_units_limit',
      available: Math.max(0, limits.openUnits - heldUnits),
    });
  }
  return details;
}

const REFUSAL_MESSAGES: Readonly<Record<string, string>> = {
  open_item_units_limit:
    'Together with your open orders this order holds more of one item than one account may at once. Lower the quantity, or order again once an order is received or cancelled.',
  open_units_limit:
    'Together with your open orders this order holds more items than one account may at once. Lower the quantities, or order again once an order is received or cancelled.',
};

/**
 * Locks the account's row (so its orders are placed one at a time) and answers why it may not
 * place this order now, or null. Call inside the order's transaction, before any stock is
 * taken; throwing the answer rolls everything back.
 */
export async function accountOrderRefusal(
  tx: Db,
  userId: number,
  items: readonly OrderedItem[],
  limits: OrderLimits,
  now: Date,
): Promise<ShopError | null> {
  // NO KEY UPDATE: queues this account's orders behind each other but, unlike FOR UPDATE, does
  // not block rows elsewhere that merely reference the account (its tokens, cards, orders).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const since = new Date(now.getTime() - DAY_MS);
  // On receipt counts as unpaid: the shop has not been paid until the goods are handed over.
  const openUnpaid = and(
    ne(orders.paymentStatus, 'paid'),
    inArray(orders.status, OPEN_ORDER_STATUSES),
  );
  const [counted] = await tx
    .select({
      open: sql<number>`count(*) filter (where ${openUnpaid})`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${gt(orders.createdAt, since)})`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  const open = counted?.open ?? 0;
  const recent = counted?.recent ?? 0;

  const details: FieldError[] = [];
  if (open >= limits.openUnpaidOrders) {
    details.push({
      field: WHOLE_ORDER,
      message: `At most ${limits.openUnpaidOrders} orders that are neither paid nor completed at once`,
      rule: 'open_orders_limit',
    });
  }
  if (recent >= limits.ordersPerDay) {
    details.push({
      field: WHOLE_ORDER,
      message: `At most ${limits.ordersPerDay} orders in 24 hours`,
      rule: 'daily_orders_limit',
    });
  }
  details.push(...(await openUnitsViolations(tx, userId, items, limits)));
  const [first] = details;
  if (!first) return null;

  const message =
    first.rule === 'open_orders_limit'
      ? `You have ${open} orders that are neither paid nor completed, the most allowed at once. Order again once one of them is paid, received or cancelled.`
      : first.rule === 'daily_orders_limit'
        ? `You have placed ${recent} orders in the last 24 hours, the most allowed. Try again later.`
        : (REFUSAL_MESSAGES[first.rule ?? ''] ?? first.message);
  // Waiting helps only when the daily count is the one reason: then say how long.
  if (details.length > 1 || first.rule !== 'daily_orders_limit') {
    return new ShopError('order_refused', message, { details });
  }
  // The window falls below the limit once the order `recent - limit` places from the oldest in
  // it is 24 hours old.
  const [oldestToExpire] = await tx
    .select({ createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.userId, userId), gt(orders.createdAt, since)))
    .orderBy(asc(orders.createdAt))
    .offset(recent - limits.ordersPerDay)
    .limit(1);
  const freeAt = (oldestToExpire?.createdAt.getTime() ?? now.getTime()) + DAY_MS;
  const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  return new ShopError('order_refused', message, { details, retryAfter });
}

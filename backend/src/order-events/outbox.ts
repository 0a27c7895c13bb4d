// The writing half of the order-event outbox: every change an order goes through calls
// recordOrderEvent inside its own transaction, so the event exists exactly when the change
// committed (a rolled-back change leaves no event, a committed one cannot lose its event).
import {
  isLanguage,
  orderEventId,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderEvents, orders } from '../db/schema';
import { renderOrders } from '../orders/order-service';

export type OrderChange =
  | { type: 'order_placed' }
  | { type: 'status_changed'; status: OrderStatus }
  | { type: 'payment_received' | 'payment_declined'; attempt: number };

/**
 * Writes the event of `change` to order `orderId`, with the order as it is now inside `tx` (in
 * the language it was placed in). An event id already written (the same change told twice) is
 * left as it is.
 */
export async function recordOrderEvent(
  tx: Db,
  orderId: number,
  change: OrderChange,
  at: Date,
  rendered?: Order,
): Promise<OrderEvent> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`Order ${orderId} vanished while recording its event`);
  const order =
    rendered ?? (await renderOrders(tx, [row], isLanguage(row.lang) ? row.lang : 'uz'))[0];
  if (!order) throw new Error(`Order ${orderId} could not be rendered`);
  const event: OrderEvent = {
    id: orderEventId(row.number, change),
    type: change.type,
    at: at.toISOString(),
    user_id: row.userId,
    order,
    ...(change.type === 'status_changed' ? { status: change.status } : {}),
  };
  await tx
    .insert(orderEvents)
    .values({ id: event.id, orderId, payload: event, createdAt: at, availableAt: at })
    .onConflictDoNothing();
  return event;
}

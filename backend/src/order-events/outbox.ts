// The writing half of the order-event outbox: every change an order goes through calls
// recordOrderEvent inside its own transaction, so the event exists exactly when the change
// committed (a rolled-back change leaves no event, a committed one cannot lose its event). It
// takes the order already rendered, so it knows nothing of how orders are stored or placed.
import { orderEventId, type Order, type OrderEvent, type OrderStatus } from '@shop/shared';
import type { Db } from '../db/client';
import { orderEvents } from '../db/schema';

export type OrderChange =
  | { type: 'order_placed' }
  | { type: 'status_changed'; status: OrderStatus; by?: string | null }
  | { type: 'payment_received' | 'payment_declined'; attempt: number | string }
  | { type: 'refund_made'; refund: number };

/**
 * Writes the event of `change` to `order` (as it is now, inside `tx`, in the language it was
 * placed in), for its customer `userId`. An event id already written (the same change told
 * twice) is left as it is.
 */
export async function recordOrderEvent(
  tx: Db,
  { order, userId }: { order: Order; userId: number },
  change: OrderChange,
  at: Date,
): Promise<OrderEvent> {
  const event: OrderEvent = {
    id: orderEventId(order.number, change),
    type: change.type,
    at: at.toISOString(),
    user_id: userId,
    order,
    ...(change.type === 'status_changed' ? { status: change.status } : {}),
    ...(change.type === 'status_changed' && change.by ? { by: change.by } : {}),
  };
  await tx
    .insert(orderEvents)
    .values({ id: event.id, orderId: order.id, payload: event, createdAt: at, availableAt: at })
    .onConflictDoNothing();
  return event;
}

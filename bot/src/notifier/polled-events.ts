// The events an order's polled details stand for: a `status_changed` event for every status in
// its history after `new` (an order's start is its `order_placed` event, which the backend never
// sends as a status change), with the id orderEventId gives and `at` from the history, the same id
// and time the backend's own event has, so a polled and a pushed copy of one change are stored
// once.
import { OrderEventSchema, orderEventId, type Order, type OrderEvent } from '@shop/shared';

/**
 * The status changes an order's details show, as the events the backend makes of them: one per
 * status reached after `new`, oldest first. A history time that is not an ISO date with an
 * offset is normalised when it can be read at all (the event id, not the time, makes a copy one
 * event); a status whose time cannot be read is left out.
 */
export function statusEventsFromDetails(userId: number, order: Order): OrderEvent[] {
  const events = new Map<string, OrderEvent>();
  for (const entry of order.statuses) {
    if (entry.status === 'new') continue;
    const id = orderEventId(order.number, { type: 'status_changed', status: entry.status });
    if (events.has(id)) continue;
    const time = new Date(entry.at);
    const event: OrderEvent = {
      id,
      type: 'status_changed',
      at: entry.at,
      user_id: userId,
      order,
      status: entry.status,
    };
    if (OrderEventSchema.safeParse(event).success) events.set(id, event);
    else if (!Number.isNaN(time.getTime())) events.set(id, { ...event, at: time.toISOString() });
  }
  return [...events.values()];
}

// What the backend tells the server in bot/ about an order, so the bot can message the shopper.
// The reference backend writes each event in the same transaction as the change (an outbox) and
// delivers it at least once to `POST /tg/order-events`; the server stores each event once by its
// id, however many times it arrives. A backend that cannot push is polled instead, and the
// server then makes the same events itself from the order's details (ids below are stable, so a
// polled and a pushed copy of one change are one event).
import * as z from 'zod/mini';
import { OrderSchema, OrderStatusSchema } from './orders';

export const ORDER_EVENT_TYPES = [
  'order_placed',
  'status_changed',
  'payment_received',
  'payment_declined',
  'refund_made',
] as const;
export const OrderEventTypeSchema = z.enum(ORDER_EVENT_TYPES);
export type OrderEventType = z.infer<typeof OrderEventTypeSchema>;

/**
 * The id of an event, the same whoever makes it: `<order number>:placed`,
 * `<order number>:status:<status>` (each status is reached at most once), or
 * `<order number>:payment:<attempt id>:<paid|declined>`, or `<order number>:refund:<refund id>`.
 */
export function orderEventId(
  number: string,
  change:
    | { type: 'order_placed' }
    | { type: 'status_changed'; status: z.infer<typeof OrderStatusSchema> }
    | { type: 'payment_received' | 'payment_declined'; attempt: string | number }
    | { type: 'refund_made'; refund: string | number },
): string {
  switch (change.type) {
    case 'refund_made':
      return `${number}:refund:${change.refund}`;
    case 'order_placed':
      return `${number}:placed`;
    case 'status_changed':
      return `${number}:status:${change.status}`;
    default:
      return `${number}:payment:${change.attempt}:${change.type === 'payment_received' ? 'paid' : 'declined'}`;
  }
}

/** The longest name of whoever moved an order (a staff member's Telegram name and id). */
export const MOVED_BY_MAX_LENGTH = 120;

export const OrderEventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(120)),
  type: OrderEventTypeSchema,
  /** When the change happened (ISO 8601). */
  at: z.iso.datetime({ offset: true }),
  /** The shop account the order belongs to: whose linked chats are told. */
  user_id: z.int().check(z.positive()),
  /** The order as it is after the change. */
  order: OrderSchema,
  /** status_changed: the status reached. */
  status: z.optional(OrderStatusSchema),
  /** status_changed: who made the move, as the caller named them; absent: the shop itself. */
  by: z.optional(z.string().check(z.minLength(1), z.maxLength(MOVED_BY_MAX_LENGTH))),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

/** The body of `POST /tg/order-events`: one or more events, oldest first. */
export const OrderEventsDeliverySchema = z.object({
  events: z.array(OrderEventSchema).check(z.minLength(1), z.maxLength(100)),
});
export type OrderEventsDelivery = z.infer<typeof OrderEventsDeliverySchema>;

/**
 * How a delivery is signed (see `@shop/shared/server` for the code): `X-Shop-Timestamp` is the
 * sending time in Unix seconds; `X-Shop-Signature` is `v1=` and the hex HMAC-SHA256, keyed with
 * ORDER_EVENTS_SECRET, of `<timestamp>.<raw body>`. The server refuses a signature that does not
 * match or a timestamp more than ORDER_EVENT_MAX_SKEW_SECONDS away from its clock (401), so a
 * captured delivery cannot be replayed later; a replay within the window is harmless, because
 * events are stored once by id.
 */
export const ORDER_EVENT_HEADERS = {
  timestamp: 'x-shop-timestamp',
  signature: 'x-shop-signature',
} as const;
export const ORDER_EVENT_MAX_SKEW_SECONDS = 300;

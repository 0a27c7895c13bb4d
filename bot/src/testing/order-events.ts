// Test support for the notifier: orders and events shaped as the contract says, and deliveries
// signed the way a backend signs them.
import {
  ORDER_EVENT_HEADERS,
  orderEventId,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '@shop/shared';
import { signOrderEvents } from '@shop/shared/server';
import type { InjectOptions } from 'fastify';

export function sampleOrder(number: string, overrides: Partial<Order> = {}): Order {
  return {
    id: Number(number.replace(/\D/g, '')) || 1,
    number,
    status: 'new',
    created_at: '2026-11-24T07:00:00.000Z',
    items: [
      {
        product_id: 11,
        slug: 'tea-cup',
        name: 'Tea cup',
        attributes: [],
        price: 45_000,
        quantity: 2,
        total: 90_000,
        mxik: '00000000000000000',
        package_code: '000000',
        img_url: null,
      },
    ],
    subtotal: 90_000,
    delivery_price: 25_000,
    total: 115_000,
    delivery_type: 'courier',
    store: null,
    address: {
      region: 'tashkent-city',
      city: 'Tashkent',
      address: 'Amir Temur 1',
      flat: null,
      entrance: null,
      floor: null,
      intercom: null,
      comment: null,
    },
    recipient: { name: 'Dilnoza', surname: 'Karimova', phone: '+998901234567' },
    location: null,
    payment_type: 'on_receipt',
    receipt_payment: 'cash',
    payment_status: 'not_required',
    pay_until: null,
    statuses: [{ status: 'new', at: '2026-11-24T07:00:00.000Z' }],
    ...overrides,
  };
}

export function placedEvent(userId: number, order: Order): OrderEvent {
  return {
    id: orderEventId(order.number, { type: 'order_placed' }),
    type: 'order_placed',
    at: order.created_at,
    user_id: userId,
    order,
  };
}

export function statusEvent(userId: number, order: Order, status: OrderStatus): OrderEvent {
  return {
    id: orderEventId(order.number, { type: 'status_changed', status }),
    type: 'status_changed',
    at: '2026-11-24T08:00:00.000Z',
    user_id: userId,
    order: { ...order, status },
    status,
  };
}

/** A delivery as `inject` options, signed with `secret` at `nowMs`. */
export function signedDelivery(
  secret: string,
  events: readonly OrderEvent[],
  nowMs: number = Date.now(),
): InjectOptions & { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify({ events });
  return {
    method: 'POST',
    url: '/tg/order-events',
    payload,
    headers: { 'content-type': 'application/json', ...signOrderEvents(secret, payload, nowMs) },
  };
}

export { ORDER_EVENT_HEADERS };

/** Resolves once `check` holds, looking every 20 ms; fails after `timeoutMs` saying what it waited for. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

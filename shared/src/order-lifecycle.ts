// An order's life as data: every status it can have, which of them it can still leave, and the
// road it follows for each way of delivery. The backend moves orders by it, the notifier stops
// watching an order by it and the webapp draws the steps ahead by it, so the three cannot drift.

export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'assembling',
  'ready_for_pickup',
  'delivering',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses after which an order changes no more. */
export const FINAL_ORDER_STATUSES = ['completed', 'cancelled'] as const satisfies OrderStatus[];

/** Statuses an order can still leave, and be cancelled from. */
export const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter(
  (status): status is Exclude<OrderStatus, (typeof FINAL_ORDER_STATUSES)[number]> =>
    !(FINAL_ORDER_STATUSES as readonly string[]).includes(status),
);

/**
 * The normal road of an order from `new` to `completed`: a shop hands it over (pickup), or a
 * courier or taxi brings it (courier, express). Cancelled is off every road.
 */
const PICKUP_ROAD = [
  'new',
  'confirmed',
  'assembling',
  'ready_for_pickup',
  'completed',
] as const satisfies OrderStatus[];
const DELIVERY_ROAD = [
  'new',
  'confirmed',
  'assembling',
  'delivering',
  'completed',
] as const satisfies OrderStatus[];

/** The road an order delivered this way follows; an unknown way is delivered, not picked up. */
export function orderRoad(deliveryType: string): readonly OrderStatus[] {
  return deliveryType === 'pickup' ? PICKUP_ROAD : DELIVERY_ROAD;
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isOpenStatus(status: string): boolean {
  return (OPEN_ORDER_STATUSES as readonly string[]).includes(status);
}

export function isFinalStatus(status: string): boolean {
  return (FINAL_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * The next step of an order's normal life, or null once it is over. An order found on the other
 * road's handover step (an outside backend may put it there) still goes on to completed.
 */
export function nextStatus(status: OrderStatus, deliveryType: string): OrderStatus | null {
  const own = orderRoad(deliveryType);
  const road = own.includes(status) ? own : own === PICKUP_ROAD ? DELIVERY_ROAD : PICKUP_ROAD;
  const here = road.indexOf(status);
  return here === -1 ? null : (road[here + 1] ?? null);
}

/** Whether an order may go from `from` to `to`: one step forward, or cancelled while open. */
export function transitionAllowed(
  from: OrderStatus,
  to: OrderStatus,
  deliveryType: string,
): boolean {
  if (to === 'cancelled') return isOpenStatus(from);
  return nextStatus(from, deliveryType) === to;
}

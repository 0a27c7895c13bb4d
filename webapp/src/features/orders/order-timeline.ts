import { isFinalStatus, orderRoad, type Order, type OrderStatus } from '@shop/shared';

export interface TimelineStep {
  status: OrderStatus;
  /** When the order reached it; null for a step still ahead. */
  at: string | null;
  /** The status the order is in now. */
  current: boolean;
}

/**
 * The order's history, oldest first, followed by the steps still ahead on its road (none once it
 * is completed or cancelled). The history is the backend's, as recorded: a status the road does
 * not expect (an operator's jump) is shown as it happened, not hidden.
 */
export function orderTimeline(
  order: Pick<Order, 'status' | 'delivery_type' | 'statuses' | 'created_at'>,
): TimelineStep[] {
  const history =
    order.statuses.length > 0
      ? [...order.statuses].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
      : [{ status: order.status, at: order.created_at }];
  const passed: TimelineStep[] = history.map((entry, index) => ({
    status: entry.status,
    at: entry.at,
    current: index === history.length - 1,
  }));
  if (isFinalStatus(order.status)) return passed;
  const road = orderRoad(order.delivery_type);
  const here = road.indexOf(order.status);
  if (here === -1) return passed;
  const ahead = road
    .slice(here + 1)
    .map((status): TimelineStep => ({ status, at: null, current: false }));
  return [...passed, ...ahead];
}

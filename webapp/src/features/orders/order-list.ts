import type { Order } from '@shop/shared';

/**
 * The pages read so far as one list. Pages are by position, so an order placed between two
 * "Show more" taps pushes one already shown onto the next page: it is shown once, where it first
 * appeared.
 */
export function ordersOfPages(pages: readonly { data: readonly Order[] }[]): Order[] {
  const seen = new Set<number>();
  const orders: Order[] = [];
  for (const page of pages) {
    for (const order of page.data) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      orders.push(order);
    }
  }
  return orders;
}

/** Pieces in an order, for a card's line "Items: 3". */
export function pieceCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

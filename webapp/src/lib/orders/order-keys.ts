import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the shopper's orders, one hierarchy for every screen that reads them, so paying
 * an order (checkout, payment page) or signing out can refresh or drop all of them at once.
 * The queries themselves live in the orders feature (list, order page) and the checkout
 * (confirmation, payment page); this factory sits in lib because both features use it and a
 * feature may not import another one.
 */
export const orderKeys = {
  all: ['orders'] as const,
  /** Every page of the "My orders" list, whatever the language or shopper. */
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (language: string, customerId: number | null) =>
    [...orderKeys.lists(), language, customerId] as const,
  /** One order by its number (confirmation, payment page, the order page's lookup). */
  detail: (language: string, number: string) =>
    [...orderKeys.all, 'one', language, number] as const,
  /** The order page's details call with its status history (`resources[]=statuses`). */
  histories: () => [...orderKeys.all, 'history'] as const,
  history: (language: string, customerId: number | null, orderId: number) =>
    [...orderKeys.histories(), language, customerId, orderId] as const,
};

/**
 * After an order is placed or paid: the list gains it or shows its new payment state, and an
 * order page read before shows a history that has moved on. Marked stale (and refetched where
 * shown), so the next visit asks again instead of waiting out the cache's minute.
 */
export function refreshOrderLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: orderKeys.histories() }),
  ]).then(() => undefined);
}

/**
 * Query keys of the shopper's orders, one hierarchy for every screen that reads them, so paying
 * an order (checkout, payment page) or signing out can refresh or drop all of them at once.
 */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  detail: (language: string, number: string) =>
    [...orderKeys.all, 'one', language, number] as const,
};

/**
 * Query keys of the saved cards: every card mutation invalidates through `cardKeys.all`. The
 * queries live in the cards feature; this factory sits in lib because paying an order (the
 * checkout's call) changes the list too, and a feature may not import another one.
 */
export const cardKeys = {
  all: ['cards'] as const,
  list: () => [...cardKeys.all, 'list'] as const,
};

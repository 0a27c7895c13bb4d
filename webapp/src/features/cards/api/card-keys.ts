/** Query keys of the saved cards: every card mutation invalidates through `cardKeys.all`. */
export const cardKeys = {
  all: ['cards'] as const,
  list: () => [...cardKeys.all, 'list'] as const,
};

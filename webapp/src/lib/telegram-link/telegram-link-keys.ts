/**
 * Query keys of the Telegram link (`GET /tg/link`): per shopper, so another account signing in on
 * the device never sees the previous one's answer; the app drops them all on logout.
 */
export const telegramLinkKeys = {
  all: ['telegramLink'] as const,
  status: (customerId: number | null) => [...telegramLinkKeys.all, 'status', customerId] as const,
};

import type { InfoPageSlug, RouteId } from '@shop/shared';

/** Each info page of the content backend and the route that shows it. */
export const INFO_PAGE_ROUTES = {
  about: 'about',
  contacts: 'contacts',
  delivery: 'delivery',
  'how-to-buy': 'howToBuy',
  'public-offer': 'publicOffer',
  return: 'return',
} as const satisfies Record<InfoPageSlug, RouteId>;

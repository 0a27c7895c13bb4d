import { buildPath, matchRoute, type Language } from '@shop/shared';

// Where a placed order leads, in a module of its own: the held-order watcher on every page needs
// the confirmation's path without the checkout's code.

export function paymentPath(lang: Language, number: string): string {
  return `${buildPath(lang, 'payment')}?order=${encodeURIComponent(number)}`;
}

export function confirmedPath(lang: Language, number: string): string {
  return `${buildPath(lang, 'confirmed')}?order=${encodeURIComponent(number)}`;
}

/**
 * Where a shopper is told that an order held offline has gone out: a shopper filling in a
 * checkout (or paying) meanwhile gets a toast and stays; anywhere else the confirmation opens.
 */
export function heldOrderLanding(pathname: string): 'toast' | 'confirmation' {
  return matchRoute(pathname)?.route.layout === 'checkout' ? 'toast' : 'confirmation';
}

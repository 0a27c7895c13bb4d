import { buildPath, type Language } from '@shop/shared';

// Where a placed order leads, in a module of its own: the held-order watcher on every page needs
// the confirmation's path without the checkout's code.

export function paymentPath(lang: Language, number: string): string {
  return `${buildPath(lang, 'payment')}?order=${encodeURIComponent(number)}`;
}

export function confirmedPath(lang: Language, number: string): string {
  return `${buildPath(lang, 'confirmed')}?order=${encodeURIComponent(number)}`;
}

/** How a link that leaves the app is opened inside Telegram. */
export type OutsideLinkKind = 'web' | 'tel' | 'other';

export function outsideLinkKind(href: string): OutsideLinkKind {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return 'other';
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return 'web';
  if (url.protocol === 'tel:') return 'tel';
  return 'other';
}

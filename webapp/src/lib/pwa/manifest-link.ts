import { webManifestPath, type Language } from '@shop/shared';

/**
 * Points the page's manifest link at `language`'s manifest, so installing after a language switch
 * installs an app that opens in that language (the server links the first page's own).
 */
export function linkManifestOf(language: Language): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = webManifestPath(language);
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

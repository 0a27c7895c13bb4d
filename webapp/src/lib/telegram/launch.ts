/**
 * Where the Telegram SDK looks for a Mini App's launch parameters: the page address (hash or
 * query), the address the page was first loaded from (the router may have rewritten it since),
 * and the copy the SDK kept in sessionStorage (`tapps/launchParams`) for a reload.
 */
export interface LaunchSources {
  href: string;
  navigationUrl: string | null;
  stored: string | null;
}

/**
 * Whether any source carries Telegram's launch parameters (all are named `tgWebApp…`). Only then
 * is the SDK downloaded, which decides for itself; a plain browser never pays for it.
 */
export function mayBeTelegramLaunch(sources: LaunchSources): boolean {
  return [sources.href, sources.navigationUrl, sources.stored].some(
    (source) => source !== null && source.includes('tgWebApp'),
  );
}

/** The sources as this page has them; storage a browser refuses counts as empty. */
export function pageLaunchSources(): LaunchSources {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem('tapps/launchParams');
  } catch {
    // Storage blocked (a partitioned iframe, private mode): the address still tells.
  }
  const navigation = performance.getEntriesByType('navigation')[0];
  return { href: window.location.href, navigationUrl: navigation?.name ?? null, stored };
}

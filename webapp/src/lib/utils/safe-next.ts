import { matchRoute } from '@shop/shared';

const PROBE_ORIGIN = 'https://shop.invalid';

/**
 * The `next` of /sign-in?next=… only if it is one of our own pages: a same-origin path that the
 * route table knows. Anything else (another origin, '//evil.example', 'javascript:', the
 * sign-in page itself) is dropped, so the parameter cannot become an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const match = matchRoute(url.pathname);
  if (!match || match.route.id === 'signIn') return null;
  return url.pathname + url.search + url.hash;
}

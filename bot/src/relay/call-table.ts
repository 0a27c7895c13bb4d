import { CALLS, type CallDef, type CallId } from '@shop/shared';

interface CompiledCall {
  id: CallId;
  call: CallDef;
  segments: readonly string[];
}

export type CallMatch =
  | { kind: 'call'; id: CallId; call: CallDef; rawParams: Record<string, string> }
  | { kind: 'wrong-method'; allow: readonly string[] }
  | { kind: 'none' };

const COMPILED: readonly CompiledCall[] = (Object.entries(CALLS) as [CallId, CallDef][]).map(
  ([id, call]) => ({ id, call, segments: call.path.split('/') }),
);

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Path parameters of `call` in `segments`, or null when the shape differs. */
function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const actual = segments[index];
    if (actual === undefined) return null;
    if (part.startsWith(':')) {
      const decoded = decodeSegment(actual);
      // An empty or undecodable segment is not a parameter value; the shape simply differs.
      if (decoded === null || decoded === '') return null;
      params[part.slice(1)] = decoded;
    } else if (part !== actual) {
      return null;
    }
  }
  return params;
}

/**
 * A request URL's path as sent, without its query string: the relay's gate and the rate limits
 * both match calls on it, so they always agree on which call a request is.
 */
export function requestPathname(url: string): string {
  const cut = url.indexOf('?');
  return cut === -1 ? url : url.slice(0, cut);
}

/**
 * Finds the call in CALLS (the backends' contract) for a request. One trailing slash is ignored
 * because the shop's original API description writes `POST /api/orders/` while every other path
 * has none; parameter values are checked against their schemas later, so a bad value is a 400
 * and not a 404.
 */
export function matchCall(method: string, pathname: string): CallMatch {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = trimmed.split('/');
  const allow = new Set<string>();
  for (const { id, call, segments: pattern } of COMPILED) {
    const rawParams = matchSegments(pattern, segments);
    if (rawParams === null) continue;
    if (call.method === method) return { kind: 'call', id, call, rawParams };
    allow.add(call.method);
  }
  return allow.size > 0 ? { kind: 'wrong-method', allow: [...allow] } : { kind: 'none' };
}

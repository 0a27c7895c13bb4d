// A page's read of the backend, made as a guest through the relay's cache and bounded by the
// page's deadline: the page never waits long, and a failure is only a page without that data.
import { CALLS, type AccountType, type CallDef, type Language } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type { PublicAnswer, PublicReads } from '../../relay/public-reads';

/** The reads a page makes for itself. */
export type PageCall = 'product' | 'blog' | 'home' | 'slides' | 'categories' | 'products';

/** `body` is the answer as the relay sends it to the browser, before the server's own parse. */
export type Lookup<T> =
  { kind: 'found'; data: T; body: unknown } | { kind: 'missing' } | { kind: 'unavailable' };

/** The page the reads are for. */
export interface PageRequest {
  language: Language;
  log: FastifyBaseLogger;
  /** When the page stops waiting (Date.now() time): one bound for all of a page's lookups. */
  deadline: number;
}

/** What the read names: an item's slug, a listing's filter (body), another account type. */
export interface LookupRequest {
  slug?: string;
  body?: unknown;
  accountType?: AccountType;
}

export type PageLookup = <T>(
  id: PageCall,
  request: LookupRequest,
  schema: z.ZodMiniType<{ data: T }>,
  page: PageRequest,
) => Promise<Lookup<T>>;

/** The backend's answer, or 'timeout' once the deadline passes (the read is then cancelled). */
async function readBefore(
  reads: PublicReads,
  id: PageCall,
  { slug, body, accountType }: LookupRequest,
  { language, log, deadline }: PageRequest,
): Promise<PublicAnswer | 'failed' | 'timeout'> {
  // Ends an unshared call at the same moment; a shared one goes on and fills the cache.
  const cancel = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(
      () => {
        cancel.abort();
        resolve('timeout');
      },
      Math.max(0, deadline - Date.now()),
    );
  });
  const query: Record<string, string> = id === 'product' ? { 'resources[]': 'relateds' } : {};
  // Through a promise: a request the call's schema refuses throws, and is only a page without data.
  const answer = Promise.resolve()
    .then(() =>
      reads.readAsGuest(
        id,
        {
          ...(slug === undefined ? {} : { params: { slug } }),
          query,
          ...(body === undefined ? {} : { body }),
          language,
          ...(accountType ? { accountType } : {}),
        },
        cancel.signal,
        log,
      ),
    )
    .catch((error: unknown): 'failed' => {
      log.debug({ call: id, err: error }, 'Page head without backend data');
      return 'failed';
    });
  try {
    return await Promise.race([answer, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export function createPageLookup(reads: PublicReads): PageLookup {
  return async <T>(
    id: PageCall,
    request: LookupRequest,
    schema: z.ZodMiniType<{ data: T }>,
    page: PageRequest,
  ): Promise<Lookup<T>> => {
    const call: CallDef = CALLS[id];
    // A slug the call would refuse cannot name anything: no need to ask.
    const { slug } = request;
    if (slug !== undefined && call.params?.safeParse({ slug }).success !== true) {
      return { kind: 'missing' };
    }
    const result = await readBefore(reads, id, request, page);
    if (result === 'timeout' || result === 'failed') return { kind: 'unavailable' };
    if (result.kind === 'error') {
      if (result.status === 404) return { kind: 'missing' };
      page.log.warn({ call: id, status: result.status }, 'Page head without backend data');
      return { kind: 'unavailable' };
    }
    const body: unknown = JSON.parse(result.body);
    const parsed = schema.safeParse(body);
    return parsed.success
      ? { kind: 'found', data: parsed.data.data, body }
      : { kind: 'unavailable' };
  };
}

import { hash } from 'node:crypto';
import {
  CALLS,
  HEADERS,
  isLanguage,
  parseAccountTypeHeader,
  stableStringify,
  type AccountType,
  type CallDef,
  type CallId,
  type Language,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createMemoryCache } from './memory-cache';
import type { RequestDeadline } from './upstream';
import {
  queryString,
  upstreamPath,
  type Outgoing,
  type UpstreamAnswer,
  type UpstreamClient,
} from './upstream-client';

/**
 * Calls whose answer is the same for every shopper with the same language and account type:
 * the public catalogue and content reads. POST products is a filtered read, not a change.
 */
const SHAREABLE_CALLS: ReadonlySet<CallId> = new Set<CallId>([
  'categories',
  'categoriesAlias',
  'home',
  'product',
  'products',
  'search',
  'slides',
  'stores',
  'deliverySettings',
  'blogs',
  'blog',
  'infoPages',
  'infoPage',
]);

/** The shareable reads whose answers carry stock: an order makes them stale at once. */
const STOCK_PATH_PREFIXES: readonly string[] = (
  ['home', 'products', 'product', 'search'] as const
).map((id) => CALLS[id].path.split(':')[0] ?? '');

/** The backend path of a cache key (its second part). */
function keyPath(key: string): string {
  const parts: unknown = JSON.parse(key);
  return Array.isArray(parts) && typeof parts[1] === 'string' ? parts[1] : '';
}

const RELAY_CACHE_DEFAULTS = {
  maxEntries: 500,
  /**
   * On the demo catalogue a product with its related ones is ~8 KiB, home ~30 KiB, a listing
   * of 100 ~80 KiB: 500 typical answers stay well under this, a flood of big listings cannot.
   */
  maxBytes: 32 * 1024 * 1024,
} as const;

/** The request headers the answer depends on; they are also the answer's `Vary`. */
export const SHARED_VARY = `${HEADERS.language}, ${HEADERS.accountType}`;

/** A 2xx answer as the browser gets it: the JSON text and a strong validator for it. */
export interface Representation {
  kind: 'representation';
  status: number;
  body: string;
  etag: string;
}
/** A shared read's answer: a refusal passes on as the backend gave it. */
export type PublicAnswer = Representation | Extract<UpstreamAnswer, { kind: 'error' }>;

export interface KeyInput {
  id: CallId;
  call: CallDef;
  /** Backend path with the parameters filled in (one encoding for one value). */
  path: string;
  /** The validated query and body: what the backend will read, whatever the spelling. */
  query: unknown;
  body: unknown;
  /** Header values as received (undefined when absent). */
  language: string | undefined;
  accountType: string | undefined;
  authorization: string | undefined;
}

export interface PublicReads {
  readonly ttlMs: number;
  /** The cache key of a public read, or null when this request's answer may not be shared. */
  keyFor(input: KeyInput): string | null;
  /**
   * The answer for `out`, from the cache when fresh; concurrent misses of one key share a single
   * backend call, made within `deadline`. Its `cancel` (the browser leaving) only cancels an
   * unshared call: a shared one finishes for whoever else waits, and for the next shopper.
   */
  read(
    out: Outgoing,
    key: string,
    deadline: RequestDeadline,
    log: FastifyBaseLogger,
  ): Promise<PublicAnswer>;
  /**
   * A read the server makes for itself (a page's head), as a guest in `language` would: same
   * backend request, same cache entry as the browser's own call a moment later. `accountType`
   * (default: none sent, an individual) asks as that account type would without a token.
   */
  readAsGuest(
    id: CallId,
    input: {
      params?: Record<string, string>;
      query?: Record<string, string>;
      /** A JSON body, for a read made with one (POST products: a filtered list). */
      body?: unknown;
      language: Language;
      accountType?: AccountType;
    },
    cancel: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<PublicAnswer>;
  /**
   * Stock changed (an order took some, or was refused for want of it): the stored catalogue
   * answers are dropped, so the next read shows the stock the order met.
   */
  stockChanged(): void;
}

export interface PublicReadsOptions {
  client: UpstreamClient;
  /** 0 stores nothing: every read goes to the backend (answers still carry an ETag). */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

function strongEtag(body: string): string {
  // The one-shot hash: no Hash object per answer on the relay's hottest path.
  return `"${hash('sha256', body, 'base64url')}"`;
}

/**
 * Whether an If-None-Match header names `etag`. RFC 9110, section 13.1.2: If-None-Match uses the weak
 * comparison, so W/"x" matches "x" (a proxy that recompressed the answer weakens it).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

/** The cache key of a read any shopper with the same language and account type may share. */
function publicReadKey(input: KeyInput): string | null {
  const { call } = input;
  if (!SHAREABLE_CALLS.has(input.id) || call.auth !== 'none' || call.customerScoped === true) {
    return null;
  }
  // A token may change what a backend answers (and is nobody else's business): never shared.
  if (input.authorization !== undefined) return null;
  const language = input.language ?? '';
  // A value the backend refuses is a 400 anyway; keeping junk out keeps the key space small.
  if (language !== '' && !isLanguage(language)) return null;
  const accountType = parseAccountTypeHeader(input.accountType);
  if (accountType === null) return null;
  return JSON.stringify([
    call.method,
    input.path,
    stableStringify(input.query ?? {}),
    stableStringify(input.body ?? null),
    language,
    accountType,
  ]);
}

export function createPublicReads(opts: PublicReadsOptions): PublicReads {
  const { client, ttlMs } = opts;
  const cache = createMemoryCache<PublicAnswer>({
    ttlMs,
    maxEntries: opts.maxEntries ?? RELAY_CACHE_DEFAULTS.maxEntries,
    maxBytes: opts.maxBytes ?? RELAY_CACHE_DEFAULTS.maxBytes,
    now: opts.now ?? Date.now,
    // Only a plain 200 is kept: an error or another status is asked again next time.
    sizeOf: (answer) =>
      answer.kind === 'representation' && answer.status === 200
        ? Buffer.byteLength(answer.body, 'utf8')
        : null,
  });

  async function load(
    out: Outgoing,
    deadline: RequestDeadline,
    log: FastifyBaseLogger,
  ): Promise<PublicAnswer> {
    const answer = await client.send(out, deadline, log);
    if (answer.kind === 'error') return answer;
    const body = JSON.stringify(answer.data);
    return { kind: 'representation', status: answer.status, body, etag: strongEtag(body) };
  }

  function read(
    out: Outgoing,
    key: string,
    deadline: RequestDeadline,
    log: FastifyBaseLogger,
  ): Promise<PublicAnswer> {
    if (ttlMs === 0) return load(out, deadline, log);
    // A fresh signal per shared call: the deadline still applies, one browser leaving does not.
    // (Whoever joins it has a later deadline of their own, so waits no longer than theirs.)
    return cache.through(key, () =>
      load(out, { at: deadline.at, cancel: new AbortController().signal }, log),
    );
  }

  return {
    ttlMs,
    keyFor: publicReadKey,
    read,
    stockChanged() {
      cache.dropWhere((key) => {
        const path = keyPath(key);
        return STOCK_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
      });
    },
    readAsGuest(id, input, cancel, log) {
      const call: CallDef = CALLS[id];
      const path = upstreamPath(call, input.params ?? {});
      const query = input.query ?? {};
      // The key takes the validated query, as the relay's does; a query that fails its schema
      // here is a programming error, so parse (and throw) rather than safeParse.
      // The body too: keyed by its parsed form, sent as given, as the relay does a browser's.
      const bodySchema = typeof call.body === 'object' ? call.body : undefined;
      const key = publicReadKey({
        id,
        call,
        path,
        query: call.query?.parse(query) ?? {},
        body: input.body === undefined ? undefined : bodySchema?.parse(input.body),
        language: input.language,
        accountType: input.accountType,
        authorization: undefined,
      });
      const headers: Record<string, string> = { [HEADERS.language]: input.language };
      if (input.accountType !== undefined) headers[HEADERS.accountType] = input.accountType;
      const out: Outgoing = { id, call, target: `${path}${queryString(query)}`, headers };
      if (input.body !== undefined) {
        out.body = JSON.stringify(input.body);
        headers['content-type'] = 'application/json';
      }
      // The server's own read starts now: it is not a browser's request with time already spent.
      const deadline = client.deadlineFor(call, cancel);
      return key === null ? load(out, deadline, log) : read(out, key, deadline, log);
    },
  };
}

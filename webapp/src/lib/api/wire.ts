import { ApiErrorSchema, HEADERS, type CallDef, type Language } from '@shop/shared';
import { ApiError } from './api-error';

// What a call puts on the wire and how its answer is read back, the same for fetch and for the
// upload's XMLHttpRequest: query string, headers, JSON, the error of a non-2xx answer, the
// answer checked with its call's schema.

/** What every call carries, read fresh per call so a language switch or login applies at once. */
export interface ApiContext {
  language: Language;
  /** The auth store's userType: "null" while signed out, as the backend expects it. */
  accountType: string;
  token: string | null;
  /** Raw Telegram init data inside the Mini App, sent with bearer calls so the server can link the chat. */
  telegramInitData: string | null;
}

/** A call's options, whichever call it is (the client's signature types them per call). */
export interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Past the browser's HTTP cache: a shared read the shop has just said is out of date. */
  revalidate?: boolean;
}

export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
        search.append(key, String(item));
      }
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** What sending a call needs to know of its definition, relayed or the server's own. */
export type SendDef = Pick<CallDef, 'method' | 'path' | 'auth' | 'response' | 'minTimeoutMs'>;

/** The headers every call carries, read fresh from the context. */
export function callHeaders(
  def: SendDef,
  context: ApiContext,
  extra: Record<string, string> | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [HEADERS.language]: context.language,
    [HEADERS.accountType]: context.accountType,
    ...extra,
  };
  // The token goes only where it is needed: public reads stay shareable in the relay's cache,
  // and a token that is never sent cannot leak.
  if (def.auth === 'bearer' && context.token) headers.authorization = `Bearer ${context.token}`;
  // Only with the shopper's own calls: that is where the server may link the Telegram chat.
  if (def.auth === 'bearer' && context.telegramInitData) {
    headers[HEADERS.telegramInitData] = context.telegramInitData;
  }
  return headers;
}

export function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The error of a non-2xx answer: the server's own when it is in the shared shape. */
export function answerError(status: number, json: unknown): ApiError {
  const parsed = ApiErrorSchema.safeParse(json);
  if (parsed.success) {
    return new ApiError({
      code: parsed.data.code,
      message: parsed.data.message,
      status,
      details: parsed.data.details ?? [],
      retryAfter: parsed.data.retry_after,
      attemptsLeft: parsed.data.attempts_left,
      body: json,
    });
  }
  return new ApiError({
    code: status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : 'internal_error',
    message: `HTTP ${status}`,
    status,
    body: json,
  });
}

/** The answer parsed with the call's response schema, or an invalid_response error. */
export function parseAnswer(def: SendDef, status: number, json: unknown): unknown {
  const parsed = def.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({
      code: 'invalid_response',
      message: `Unexpected answer from ${def.path}`,
      status,
      body: json,
    });
  }
  return parsed.data;
}

/**
 * fetch, ended after `timeoutMs` or when the caller's `signal` aborts. A failure is a retryable
 * network_error, except the caller's own abort, which is passed on as it is.
 */
export async function fetchWithin(
  fetcher: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Response> {
  // A manual timer rather than AbortSignal.any/timeout: older Android webviews inside Telegram
  // lack both, and a hung call must still end in a retryable error.
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => {
    controller.abort();
  };
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  try {
    return await fetcher(url, { ...init, signal: controller.signal, credentials: 'same-origin' });
  } catch (error) {
    if (signal?.aborted && isAbort(error)) throw error;
    throw new ApiError({
      code: 'network_error',
      message: error instanceof Error ? error.message : 'Network error',
      status: 0,
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

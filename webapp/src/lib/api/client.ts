import {
  ApiErrorSchema,
  CALLS,
  HEADERS,
  callPath,
  type CallDef,
  type CallId,
  type Language,
} from '@shop/shared';
import type { z } from 'zod';
import { ApiError } from './api-error';

type Def<Id extends CallId> = (typeof CALLS)[Id];

/** Parsed answer of a call, as its response schema outputs it. */
export type CallResponse<Id extends CallId> = z.output<Def<Id>['response']>;

type ParamsInput<Id extends CallId> =
  Def<Id> extends { params: infer S extends z.ZodType } ? { params: z.input<S> } : unknown;

/** A query schema that an empty object satisfies makes the query optional. */
type NoKeys = Record<string, never>;

type QueryInput<Id extends CallId> =
  Def<Id> extends { query: infer S extends z.ZodType }
    ? NoKeys extends z.input<S>
      ? { query?: z.input<S> }
      : { query: z.input<S> }
    : unknown;

type BodyInput<Id extends CallId> =
  Def<Id> extends { body: infer B }
    ? B extends z.ZodType
      ? { body: z.input<B> }
      : { body: FormData }
    : unknown;

export type CallOptions<Id extends CallId> = ParamsInput<Id> &
  QueryInput<Id> &
  BodyInput<Id> & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** What every call carries, read fresh per call so a language switch or login applies at once. */
export interface ApiContext {
  language: Language;
  /** The auth store's userType: "null" while signed out, as the spec's client sends it. */
  accountType: string;
  token: string | null;
  /** Raw Telegram init data inside the Mini App, sent with bearer calls so the server can link the chat. */
  telegramInitData: string | null;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getContext: () => ApiContext;
  /** Spec §8: a 401 while loading the user forces a logout. */
  onUnauthorized?: () => void;
  /** Milliseconds before a call is abandoned; the relay answers slow upstreams itself first. */
  timeoutMs?: number;
}

export interface ApiClient {
  call<Id extends CallId>(id: Id, options: CallOptions<Id>): Promise<CallResponse<Id>>;
}

interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function queryString(query: Record<string, unknown> | undefined): string {
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

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeoutMs = deps.timeoutMs ?? 20_000;

  async function call(id: CallId, options: LooseOptions): Promise<unknown> {
    const def: CallDef = CALLS[id];
    const context = deps.getContext();
    const url = callPath(def.path, options.params) + queryString(options.query);

    const headers: Record<string, string> = {
      accept: 'application/json',
      [HEADERS.language]: context.language,
      [HEADERS.accountType]: context.accountType,
      ...options.headers,
    };
    // The token goes only where it is needed: public reads stay shareable in the relay's cache,
    // and a token that is never sent cannot leak.
    if (def.auth === 'bearer' && context.token) headers.authorization = `Bearer ${context.token}`;
    // Only with the shopper's own calls: that is where the server may link the Telegram chat.
    if (def.auth === 'bearer' && context.telegramInitData) {
      headers[HEADERS.telegramInitData] = context.telegramInitData;
    }

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    // A manual timer rather than AbortSignal.any/timeout: older Android webviews inside Telegram
    // lack both, and a hung call must still end in a retryable error.
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        controller.abort();
      },
      Math.max(timeoutMs, def.minTimeoutMs ?? 0),
    );
    const onCallerAbort = () => {
      controller.abort();
    };
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });

    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: def.method,
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (options.signal?.aborted && isAbort(error)) throw error;
      throw new ApiError({
        code: 'network_error',
        message: error instanceof Error ? error.message : 'Network error',
        status: 0,
      });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }

    let json: unknown = undefined;
    const text = await response.text().catch(() => '');
    if (text !== '') {
      try {
        json = JSON.parse(text) as unknown;
      } catch {
        json = undefined;
      }
    }

    if (!response.ok) {
      if (response.status === 401 && id === 'authUser') deps.onUnauthorized?.();
      const parsed = ApiErrorSchema.safeParse(json);
      if (parsed.success) {
        throw new ApiError({
          code: parsed.data.code,
          message: parsed.data.message,
          status: response.status,
          details: parsed.data.details ?? [],
          retryAfter: parsed.data.retry_after,
          attemptsLeft: parsed.data.attempts_left,
          body: json,
        });
      }
      throw new ApiError({
        code:
          response.status === 401
            ? 'unauthorized'
            : response.status === 404
              ? 'not_found'
              : 'internal_error',
        message: `HTTP ${response.status}`,
        status: response.status,
        body: json,
      });
    }

    const parsed = def.response.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({
        code: 'invalid_response',
        message: `Unexpected answer from ${def.path}`,
        status: response.status,
        body: json,
      });
    }
    return parsed.data;
  }

  return {
    // The public signature is fully typed per call; inside, one loose implementation serves all.
    call: call as ApiClient['call'],
  };
}

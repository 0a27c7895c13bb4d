import {
  ApiErrorSchema,
  HEADERS,
  SHOP_CALLS,
  callPath,
  type CALLS,
  type CallDef,
  type CallId,
  type HttpMethod,
  type Language,
  type ShopCallId,
} from '@shop/shared';
import type * as z from 'zod/mini';
import { ApiError } from './api-error';

type Def<Id extends CallId> = (typeof CALLS)[Id];

/** Parsed answer of a call, as its response schema outputs it. */
export type CallResponse<Id extends CallId> = z.output<Def<Id>['response']>;

type ParamsInput<Id extends CallId> =
  Def<Id> extends { params: infer S extends z.ZodMiniType } ? { params: z.input<S> } : unknown;

/** A query schema that an empty object satisfies makes the query optional. */
type NoKeys = Record<string, never>;

type QueryInput<Id extends CallId> =
  Def<Id> extends { query: infer S extends z.ZodMiniType }
    ? NoKeys extends z.input<S>
      ? { query?: z.input<S> }
      : { query: z.input<S> }
    : unknown;

type BodyInput<Id extends CallId> =
  Def<Id> extends { body: infer B }
    ? B extends z.ZodMiniType
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
  /** The auth store's userType: "null" while signed out, as the backend expects it. */
  accountType: string;
  token: string | null;
  /** Raw Telegram init data inside the Mini App, sent with bearer calls so the server can link the chat. */
  telegramInitData: string | null;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** Uploads go through XMLHttpRequest: fetch cannot report upload progress. */
  createXhr?: () => XMLHttpRequest;
  getContext: () => ApiContext;
  /** A 401 while loading the user: the server ended the session, so the app logs out. */
  onUnauthorized?: () => void;
  /** Milliseconds before a call is abandoned; the relay answers slow upstreams itself first. */
  timeoutMs?: number;
}

/** The calls whose body is a multipart upload. */
export type UploadCallId = {
  [Id in CallId]: Def<Id> extends { body: 'multipart' } ? Id : never;
}[CallId];

export interface UploadOptions {
  body: FormData;
  /** Called as the body goes out, with the share sent so far (0…1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/**
 * A call the shop's own server answers itself rather than relaying to a backend (the Telegram
 * link calls): the same headers, timeout, error mapping and answer check as the relayed calls.
 */
export interface ServerCallDef<Response extends z.ZodMiniType = z.ZodMiniType> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly auth: 'none' | 'bearer';
  readonly response: Response;
}

export interface ServerCallOptions {
  /** Sent as JSON; without it the request has no body. */
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClient {
  call<Id extends CallId>(id: Id, options: CallOptions<Id>): Promise<CallResponse<Id>>;
  /** One of the server's own calls; a 401 here never signs the shopper out by itself. */
  server<Response extends z.ZodMiniType>(
    def: ServerCallDef<Response>,
    options?: ServerCallOptions,
  ): Promise<z.output<Response>>;
  /** A multipart call with upload progress; same headers, errors and answer checks as `call`. */
  upload<Id extends UploadCallId>(id: Id, options: UploadOptions): Promise<CallResponse<Id>>;
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

/** What sending a call needs to know of its definition, relayed or the server's own. */
type SendDef = Pick<CallDef, 'method' | 'path' | 'auth' | 'response' | 'minTimeoutMs'>;

/** The headers every call carries, read fresh from the context. */
function callHeaders(
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

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The error of a non-2xx answer: the server's own when it is in the shared shape. */
function answerError(status: number, json: unknown): ApiError {
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

/**
 * The schemas of sign-in, checkout, payment, cards and orders: a chunk loaded with the first page
 * that needs them (app/router.tsx) or the first such call, not before home. A failed load is
 * forgotten, so the next call tries again.
 */
let orderingCalls: Promise<Readonly<Record<CallId, CallDef>>> | null = null;

export function loadOrderingCalls(): Promise<Readonly<Record<CallId, CallDef>>> {
  orderingCalls ??= import('./ordering-calls').then(({ ORDERING_CALLS }) => ({
    ...SHOP_CALLS,
    ...ORDERING_CALLS,
  }));
  orderingCalls.catch(() => {
    orderingCalls = null;
  });
  return orderingCalls;
}

function isShopCall(id: CallId): id is ShopCallId {
  return Object.hasOwn(SHOP_CALLS, id);
}

/**
 * A call's definition: at once for the shop's calls, after its chunk for the others. A chunk that
 * cannot load (offline, inside Telegram where no worker keeps it) fails as the call itself would.
 */
async function callDef(id: CallId): Promise<CallDef> {
  if (isShopCall(id)) return SHOP_CALLS[id];
  try {
    return (await loadOrderingCalls())[id];
  } catch (error) {
    throw new ApiError({
      code: 'network_error',
      message: error instanceof Error ? error.message : 'Network error',
      status: 0,
    });
  }
}

/**
 * An answer that came by another way than this client (the server's HTML carries a page's data),
 * checked as a call's own answer is: parsed with its response schema, null when it does not fit.
 */
export function parseCallResponse<Id extends ShopCallId>(
  id: Id,
  json: unknown,
): CallResponse<Id> | null {
  const def: CallDef = SHOP_CALLS[id];
  const parsed = def.response.safeParse(json);
  return parsed.success ? (parsed.data as CallResponse<Id>) : null;
}

/** The answer parsed with the call's response schema, or an invalid_response error. */
function parseAnswer(def: SendDef, status: number, json: unknown): unknown {
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

/** An upload may take minutes on a slow phone connection; a hung one must still end. */
const UPLOAD_TIMEOUT_MS = 180_000;

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeoutMs = deps.timeoutMs ?? 20_000;

  async function call(id: CallId, options: LooseOptions): Promise<unknown> {
    const def = await callDef(id);
    const url = callPath(def.path, options.params) + queryString(options.query);
    return send(def, url, options, (status) => {
      if (status === 401 && id === 'authUser') deps.onUnauthorized?.();
    });
  }

  function server(def: ServerCallDef, options: ServerCallOptions = {}): Promise<unknown> {
    return send(def, def.path, options, () => undefined);
  }

  async function send(
    def: SendDef,
    url: string,
    options: LooseOptions,
    onFailure: (status: number) => void,
  ): Promise<unknown> {
    const context = deps.getContext();
    const headers = callHeaders(def, context, options.headers);

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

    const json = parseJson(await response.text().catch(() => ''));
    if (!response.ok) {
      onFailure(response.status);
      throw answerError(response.status, json);
    }
    return parseAnswer(def, response.status, json);
  }

  async function upload(id: UploadCallId, options: UploadOptions): Promise<unknown> {
    const def = await callDef(id);
    const headers = callHeaders(def, deps.getContext(), undefined);
    return new Promise((resolve, reject) => {
      const xhr = deps.createXhr ? deps.createXhr() : new XMLHttpRequest();
      const onCallerAbort = () => {
        xhr.abort();
      };
      const settle = (outcome: () => unknown) => {
        options.signal?.removeEventListener('abort', onCallerAbort);
        try {
          resolve(outcome());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      const failed = (message: string) => () => {
        throw new ApiError({ code: 'network_error', message, status: 0 });
      };
      xhr.open(def.method, callPath(def.path, undefined));
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.timeout = Math.max(UPLOAD_TIMEOUT_MS, def.minTimeoutMs ?? 0);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) {
          options.onProgress?.(Math.min(1, event.loaded / event.total));
        }
      };
      xhr.onload = () => {
        settle(() => {
          const json = parseJson(xhr.responseText);
          if (xhr.status < 200 || xhr.status >= 300) throw answerError(xhr.status, json);
          return parseAnswer(def, xhr.status, json);
        });
      };
      xhr.onerror = () => {
        settle(failed('Network error'));
      };
      xhr.ontimeout = () => {
        settle(failed('Upload timed out'));
      };
      xhr.onabort = () => {
        settle(() => {
          throw new DOMException('The upload was cancelled', 'AbortError');
        });
      };
      if (options.signal?.aborted) {
        xhr.abort();
        return;
      }
      options.signal?.addEventListener('abort', onCallerAbort, { once: true });
      xhr.send(options.body);
    });
  }

  return {
    // The public signature is fully typed per call; inside, one loose implementation serves all.
    call: call as ApiClient['call'],
    server: server as ApiClient['server'],
    upload: upload as ApiClient['upload'],
  };
}

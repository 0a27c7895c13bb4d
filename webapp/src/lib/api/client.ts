import { callPath, type CALLS, type CallId, type HttpMethod } from '@shop/shared';
import type * as z from 'zod/mini';
import { callDef } from './call-defs';
import {
  answerError,
  callHeaders,
  fetchWithin,
  parseAnswer,
  parseJson,
  queryString,
  type ApiContext,
  type LooseOptions,
  type SendDef,
} from './wire';
import { xhrUpload } from './xhr-upload';

export type { ApiContext } from './wire';

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

    const response = await fetchWithin(
      deps.fetch,
      url,
      { method: def.method, headers, body },
      Math.max(timeoutMs, def.minTimeoutMs ?? 0),
      options.signal,
    );

    const json = parseJson(await response.text().catch(() => ''));
    if (!response.ok) {
      onFailure(response.status);
      throw answerError(response.status, json);
    }
    return parseAnswer(def, response.status, json);
  }

  async function upload(id: UploadCallId, options: UploadOptions): Promise<unknown> {
    const def = await callDef(id);
    return xhrUpload(def, callHeaders(def, deps.getContext(), undefined), options, deps.createXhr);
  }

  return {
    // The public signature is fully typed per call; inside, one loose implementation serves all.
    call: call as ApiClient['call'],
    server: server as ApiClient['server'],
    upload: upload as ApiClient['upload'],
  };
}

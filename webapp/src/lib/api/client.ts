import { callPath, type CallId } from '@shop/shared';
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
import type {
  CallOptions,
  CallResponse,
  ServerCallDef,
  ServerCallOptions,
  UploadCallId,
  UploadOptions,
} from './call-types';

export type { ApiContext } from './wire';
export type {
  CallOptions,
  CallResponse,
  ServerCallDef,
  ServerCallOptions,
  UploadCallId,
  UploadOptions,
} from './call-types';

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
      {
        method: def.method,
        headers,
        body,
        // Asks the relay again (with the ETag): a stored answer within its max-age may be stale.
        ...(options.revalidate ? { cache: 'no-cache' as const } : {}),
      },
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
    // Only the account page uploads (a photo): its code loads with the first upload.
    const [def, { xhrUpload }] = await Promise.all([callDef(id), import('./xhr-upload')]);
    return xhrUpload(def, callHeaders(def, deps.getContext(), undefined), options, deps.createXhr);
  }

  return {
    // The public signature is fully typed per call; inside, one loose implementation serves all.
    call: call as ApiClient['call'],
    server: server as ApiClient['server'],
    upload: upload as ApiClient['upload'],
  };
}

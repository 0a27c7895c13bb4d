// The types of the api client's calls, derived from the shared call table: what each call takes
// and answers. Apart from the client so the modules it uses can name them without importing it.
import type { CALLS, CallId, HttpMethod } from '@shop/shared';
import type * as z from 'zod/mini';

export type Def<Id extends CallId> = (typeof CALLS)[Id];

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
    /** Past the browser's HTTP cache: a shared read the shop has just said is out of date. */
    revalidate?: boolean;
  };

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

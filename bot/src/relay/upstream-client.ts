import type { Readable } from 'node:stream';
import { request } from 'undici';
import {
  ApiErrorSchema,
  ERROR_STATUS,
  HEADERS,
  callPath,
  type ApiError,
  type ErrorCode,
  type CallDef,
  type CallId,
} from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import { compile } from 'zod/mini';
import { DEFAULT_UPSTREAM_MAX_ANSWER_BYTES, type Upstreams } from '../config';
import { responseHeaderValue, readLimited } from './answer-body';
import { createBackendConnections } from './backend-connections';
import {
  failureReason,
  startDeadlineAt,
  upstreamBadStatus,
  upstreamFailure,
  upstreamInvalid,
  type RequestDeadline,
} from './upstream';

/**
 * A backend's answer as the relay passes it on. Of the backend's own headers only these reach
 * the browser, each read to the one value it may have: its others (cookies, server names, hosts)
 * say nothing a shopper needs and may say what nobody outside should know.
 */
interface PassedOn {
  /** The answer is the first attempt's, replayed for the same Idempotency-Key. */
  replayed: boolean;
}

export type UpstreamAnswer =
  | ({ kind: 'ok'; status: number; data: unknown } & PassedOn)
  | ({ kind: 'error'; status: number; error: ApiError; retryAfter: string | null } & PassedOn);

export interface Outgoing {
  id: CallId;
  call: CallDef;
  /** Path and query on the backend, e.g. '/api/orders/A-1' or '/backend/.../search?q=mug'. */
  target: string;
  headers: Record<string, string>;
  body?: string | Readable;
}

/** The call's path on its backend, parameters filled in (the categories alias has its own). */
export function upstreamPath(call: CallDef, params: Record<string, string>): string {
  return callPath(call.upstreamPath ?? call.path, params);
}

/** Re-serialises a query object (as Fastify parsed it, or as the server builds it). */
export function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') search.append(key, item);
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Which backend errors reach the browser as they are: a refusal (4xx) in our error shape whose
 * code is a refusal too, and a 5xx only when it is exactly its code's status (the card processor
 * not answering is a 503 the shopper should read as such). Any other failure, an internal error
 * above all, becomes the relay's own 502: its body could say more than a browser should see.
 */
function passesThrough(code: ErrorCode, status: number): boolean {
  if (code === 'internal_error') return false;
  const expected = ERROR_STATUS[code];
  return status < 500 ? expected < 500 : expected === status;
}

/**
 * The connections to the backends, kept open between calls: JSON calls here and pictures
 * (media.ts); a call given up on closes its own (backend-connections.ts). undici's own `request`
 * rather than `fetch`: on a relayed read fetch's WHATWG
 * streams and header objects cost the relay more CPU than the backend spends answering
 * (bench/load.bench.ts, "relay overhead"). It follows no redirect, so the API key never goes
 * anywhere but the backend.
 */
export const backendConnections = createBackendConnections();

/**
 * Each call's answer schema as the relay checks it: compiled by zod (`z.compile`) on first use.
 * A valid answer takes generated code, about ten times faster than the schema walk on a product
 * page; an invalid one falls back to the runtime parser, so the issues logged are the same. A
 * schema zod cannot compile (the category tree refers to itself) keeps the runtime parser.
 */
const compiledAnswers = new WeakMap<CallDef, CallDef['response']>();

function answerSchema(call: CallDef): CallDef['response'] {
  let schema = compiledAnswers.get(call);
  if (schema === undefined) {
    schema = compile(call.response);
    compiledAnswers.set(call, schema);
  }
  return schema;
}

/** A backend's answer as it came, before the contract check. */
interface RawAnswer {
  status: number;
  retryAfter: string | null;
  replayed: boolean;
  text: string;
}

/**
 * The round trip: the request, and the answer's text read within what is left of the deadline and
 * under the size limit. Throws the ShopError the browser should see when either fails.
 */
async function exchange(
  out: Outgoing,
  url: string,
  headers: Record<string, string>,
  requestDeadline: RequestDeadline,
  { log, maxAnswerBytes }: { log: FastifyBaseLogger; maxAnswerBytes: number },
): Promise<RawAnswer> {
  const { call } = out;
  const deadline = startDeadlineAt(requestDeadline);
  let status: number;
  let retryAfter: string | null;
  let replayed: boolean;
  let text: string | null;
  try {
    // The deadline covers the body too: a backend that sends headers and then stalls is as
    // stuck as one that never answers.
    const response = await request(url, {
      method: call.method,
      headers,
      ...(out.body === undefined ? {} : { body: out.body }),
      signal: deadline.signal,
      dispatcher: backendConnections,
    });
    status = response.statusCode;
    retryAfter = responseHeaderValue(response.headers['retry-after']);
    replayed = responseHeaderValue(response.headers[HEADERS.idempotentReplayed]) === 'true';
    text = await readLimited(response.body, response.headers, maxAnswerBytes);
  } catch (error) {
    if (!deadline.clientGone()) {
      log.warn(
        { call: out.id, reason: failureReason(error), timedOut: deadline.timedOut() },
        'Upstream call failed',
      );
    }
    throw upstreamFailure(call.backend, deadline);
  } finally {
    deadline.clear();
  }
  if (text === null) {
    // Whatever it holds, no answer of the contract is this large: a runaway or hostile backend
    // must not take the relay's memory with it.
    log.warn(
      { call: out.id, status, limit: maxAnswerBytes },
      'Upstream answer larger than the relay takes',
    );
    throw upstreamInvalid(call.backend);
  }
  return { status, retryAfter, replayed, text };
}

/**
 * The answer as the browser may see it: a 2xx that matches the call's response schema, or a
 * well-formed refusal that passes through; anything else throws the relay's own 502.
 */
function checkedAnswer(
  out: Outgoing,
  { status, retryAfter, replayed, text }: RawAnswer,
  log: FastifyBaseLogger,
): UpstreamAnswer {
  const { call } = out;
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }

  if (status >= 200 && status < 300) {
    const parsed = answerSchema(call).safeParse(json);
    if (!parsed.success) {
      // Which call and which fields, never the body: it may hold a customer's data.
      log.error(
        { call: out.id, status, issues: parsed.error.issues.slice(0, 20) },
        'Upstream answer breaks the contract',
      );
      throw upstreamInvalid(call.backend);
    }
    return { kind: 'ok', status, data: parsed.data, replayed };
  }
  if (status >= 400) {
    const error = ApiErrorSchema.safeParse(json);
    if (error.success && passesThrough(error.data.code, status)) {
      // The browser sees the code's one status, whatever spelling the backend used for it.
      const code = error.data.code;
      return {
        kind: 'error',
        status: ERROR_STATUS[code],
        error: error.data,
        retryAfter,
        replayed,
      };
    }
  }
  log.warn({ call: out.id, status }, 'Upstream answered with an error status');
  throw upstreamBadStatus(call.backend);
}

/**
 * Told of every backend call once it is over (the operator's figures): the contract-checked
 * answer or the error the browser is given, how long it took in seconds, and whether it was cut
 * short because nobody waited any more. It must not throw.
 */
export type UpstreamObserver = (
  out: Outgoing,
  result: UpstreamAnswer | ShopError,
  seconds: number,
  cancelled: boolean,
) => void;

export interface UpstreamClient {
  /**
   * The deadline of a request for `call` that arrived at `since` (default: now): the configured
   * limit, or the call's own longer one when it waits on the card processor. Every backend call
   * made for that request is given this one deadline.
   */
  deadlineFor(call: CallDef, cancel: AbortSignal, since?: number): RequestDeadline;
  /**
   * One call to the backend that owns it, within what is left of `deadline`. Resolves with a
   * contract-checked answer or a well-formed 4xx; throws the ShopError the browser should see
   * for anything else.
   */
  send(out: Outgoing, deadline: RequestDeadline, log: FastifyBaseLogger): Promise<UpstreamAnswer>;
}

/**
 * The only HTTP client to the backends for JSON calls: the relay, the page heads and the
 * sitemap all go through it, so the API key, the deadline and the contract check live here once.
 */
export function createUpstreamClient(opts: {
  upstreams: Upstreams;
  timeoutMs: number;
  /** The largest answer read (UPSTREAM_MAX_ANSWER_BYTES); a larger one is a 502. */
  maxAnswerBytes?: number;
  observe?: UpstreamObserver;
}): UpstreamClient {
  const { upstreams, timeoutMs, observe } = opts;
  const maxAnswerBytes = opts.maxAnswerBytes ?? DEFAULT_UPSTREAM_MAX_ANSWER_BYTES;

  function deadlineFor(call: CallDef, cancel: AbortSignal, since = Date.now()): RequestDeadline {
    return { at: since + Math.max(timeoutMs, call.minTimeoutMs ?? 0), cancel };
  }

  async function send(
    out: Outgoing,
    requestDeadline: RequestDeadline,
    log: FastifyBaseLogger,
  ): Promise<UpstreamAnswer> {
    const { call } = out;
    const headers: Record<string, string> = {
      accept: 'application/json',
      // Beside the backend, packing and unpacking each answer costs more than the bytes saved.
      'accept-encoding': 'identity',
      ...out.headers,
    };
    if (call.backend === 'catalog') headers[HEADERS.apiKey] = upstreams.catalogApiKey;
    const base = call.backend === 'catalog' ? upstreams.catalogUrl : upstreams.ecommerceUrl;
    const started = performance.now();
    let answer: UpstreamAnswer;
    try {
      const raw = await exchange(out, `${base}${out.target}`, headers, requestDeadline, {
        log,
        maxAnswerBytes,
      });
      answer = checkedAnswer(out, raw, log);
    } catch (error) {
      if (observe && error instanceof ShopError) {
        const seconds = (performance.now() - started) / 1000;
        observe(out, error, seconds, requestDeadline.cancel.aborted);
      }
      throw error;
    }
    observe?.(out, answer, (performance.now() - started) / 1000, false);
    return answer;
  }

  return { deadlineFor, send };
}

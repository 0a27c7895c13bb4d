import { Readable, Transform } from 'node:stream';
import {
  ApiErrorSchema,
  CALLS,
  HEADERS,
  UserSchema,
  callPath,
  fieldErrors,
  type ApiError,
  type CallDef,
  type CallId,
  type FieldError,
} from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Upstreams } from '../config';
import { HttpError } from '../errors';
import { matchCall } from './call-table';
import {
  clientCloseSignal,
  failureReason,
  startDeadline,
  upstreamBadStatus,
  upstreamFailure,
  upstreamInvalid,
} from './upstream';

export const JSON_BODY_LIMIT = 64 * 1024;
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024;

export interface RelayOptions {
  upstreams: Upstreams;
  timeoutMs: number;
}

/** Request headers a backend may see; everything else (cookies above all) stays here. */
const FORWARDED_HEADERS = [
  'authorization',
  HEADERS.language,
  HEADERS.accountType,
  HEADERS.idempotencyKey,
  'accept-language',
] as const;

const EmptyQuery = z.object({}).strict();
const BEARER = /^Bearer [A-Za-z0-9._~+/=-]{1,512}$/;
const UserIdSchema = UserSchema.pick({ id: true });

type UpstreamAnswer =
  | { kind: 'ok'; status: number; data: unknown }
  | { kind: 'error'; status: number; error: ApiError; retryAfter: string | null };

interface Outgoing {
  id: CallId;
  call: CallDef;
  /** Path and query on the backend, e.g. '/api/orders/A-1' or '/backend/.../search?q=mug'. */
  target: string;
  headers: Record<string, string>;
  body?: string | Readable;
}

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType);
}

/** Re-serialises the validated query as the browser sent it. */
function queryString(query: unknown): string {
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

function tooLarge(limit: number): HttpError {
  return new HttpError(
    413,
    'payload_too_large',
    `The request body is larger than ${limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MiB` : `${limit / 1024} KiB`}`,
  );
}

/** Passes an upload through while counting it, and fails it past the limit. */
function limitedUpload(
  source: Readable,
  limit: number,
): { stream: Readable; exceeded: () => boolean } {
  let seen = 0;
  let exceeded = false;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen <= limit) {
        callback(null, chunk);
        return;
      }
      exceeded = true;
      callback(tooLarge(limit));
    },
  });
  source.on('error', (error) => counter.destroy(error));
  return { stream: source.pipe(counter), exceeded: () => exceeded };
}

/**
 * The relay: the only way from a browser to a backend. A request passes only when it is one of
 * the calls in CALLS and matches that call's schemas; the answer passes only when it matches the
 * call's response schema or is a well-formed error. The catalogue API key is added here and
 * nowhere else, and only on the way out.
 */
export async function registerRelay(app: FastifyInstance, opts: RelayOptions): Promise<void> {
  const { upstreams, timeoutMs } = opts;

  async function send(
    out: Outgoing,
    clientClosed: AbortSignal,
    log: FastifyBaseLogger,
  ): Promise<UpstreamAnswer> {
    const { call } = out;
    const headers: Record<string, string> = { accept: 'application/json', ...out.headers };
    if (call.backend === 'catalog') headers[HEADERS.apiKey] = upstreams.catalogApiKey;
    const base = call.backend === 'catalog' ? upstreams.catalogUrl : upstreams.ecommerceUrl;
    const deadline = startDeadline(timeoutMs, clientClosed);
    const init: RequestInit & { duplex?: 'half' } = {
      method: call.method,
      headers,
      signal: deadline.signal,
      // A redirect would carry the API key to wherever it points: treat it as a failure instead.
      redirect: 'manual',
    };
    if (typeof out.body === 'string') init.body = out.body;
    else if (out.body !== undefined) {
      init.body = Readable.toWeb(out.body) as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }

    let status: number;
    let retryAfter: string | null;
    let text: string;
    try {
      // The deadline covers the body too: a backend that sends headers and then stalls is as
      // stuck as one that never answers.
      const response = await fetch(`${base}${out.target}`, init);
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
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

    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }

    if (status >= 200 && status < 300) {
      const parsed = call.response.safeParse(json);
      if (!parsed.success) {
        // Which call and which fields, never the body: it may hold a customer's data.
        log.error(
          { call: out.id, status, issues: parsed.error.issues.slice(0, 20) },
          'Upstream answer breaks the contract',
        );
        throw upstreamInvalid(call.backend);
      }
      return { kind: 'ok', status, data: parsed.data };
    }
    if (status >= 400 && status < 500) {
      const error = ApiErrorSchema.safeParse(json);
      if (error.success) return { kind: 'error', status, error: error.data, retryAfter };
    }
    log.warn({ call: out.id, status }, 'Upstream answered with an error status');
    throw upstreamBadStatus(call.backend);
  }

  function respond(reply: FastifyReply, call: CallDef, answer: UpstreamAnswer): FastifyReply {
    // Answers for a signed-in user must not land in a shared or back-forward cache.
    if (call.auth === 'bearer') reply.header('cache-control', 'no-store');
    if (answer.kind === 'ok') return reply.code(answer.status).send(answer.data);
    if (answer.retryAfter !== null) reply.header('retry-after', answer.retryAfter);
    return reply.code(answer.status).send(answer.error);
  }

  /** Everything that can be refused without asking a backend, in the order a caller would fix it. */
  function admit(request: FastifyRequest, reply: FastifyReply) {
    const cut = request.url.indexOf('?');
    const pathname = cut === -1 ? request.url : request.url.slice(0, cut);
    const match = matchCall(request.method, pathname);
    if (match.kind === 'none') {
      throw new HttpError(404, 'not_found', `No such call: ${request.method} ${pathname}`);
    }
    if (match.kind === 'wrong-method') {
      reply.header('allow', match.allow.join(', '));
      throw new HttpError(405, 'method_not_allowed', `${request.method} is not allowed here`);
    }
    const { call } = match;

    const authorization = headerValue(request, 'authorization');
    if (call.auth === 'bearer' && (authorization === undefined || !BEARER.test(authorization))) {
      throw new HttpError(401, 'unauthorized', 'Sign in to continue');
    }

    const contentType = headerValue(request, 'content-type');
    if (call.body === 'multipart') {
      if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType)) {
        throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
      }
      if (Number(headerValue(request, 'content-length') ?? 0) > UPLOAD_BODY_LIMIT) {
        throw tooLarge(UPLOAD_BODY_LIMIT);
      }
    } else if (call.body !== undefined && !isJson(contentType)) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json');
    }

    const details: FieldError[] = [];
    const params = call.params?.safeParse(match.rawParams);
    if (params && !params.success) details.push(...fieldErrors(params.error));
    const query = (call.query ?? EmptyQuery).safeParse(request.query ?? {});
    if (!query.success) details.push(...fieldErrors(query.error));
    if (call.body !== undefined && call.body !== 'multipart') {
      const body = call.body.safeParse(request.body);
      if (!body.success) details.push(...fieldErrors(body.error));
    }
    if (details.length > 0) {
      throw new HttpError(400, 'validation_error', 'Some fields are not valid', details);
    }
    return { ...match, contentType };
  }

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { id, call, rawParams, contentType } = admit(request, reply);
    const clientClosed = clientCloseSignal(reply.raw);

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = headerValue(request, name);
      if (value !== undefined) headers[name] = value;
    }
    headers['x-forwarded-for'] = request.ip;

    if (call.customerScoped) {
      const who = await send(
        { id: 'authUser', call: CALLS.authUser, target: CALLS.authUser.path, headers },
        clientClosed,
        request.log,
      );
      if (who.kind === 'error') return respond(reply, CALLS.authUser, who);
      if (String(UserIdSchema.parse(who.data).id) !== rawParams.customerId) {
        throw new HttpError(403, 'forbidden', 'This belongs to another customer');
      }
    }

    const target = `${callPath(call.upstreamPath ?? call.path, rawParams)}${queryString(request.query)}`;
    if (call.body === 'multipart') {
      const upload = limitedUpload(request.body as Readable, UPLOAD_BODY_LIMIT);
      headers['content-type'] = contentType ?? '';
      let answer: UpstreamAnswer;
      try {
        answer = await send(
          { id, call, target, headers, body: upload.stream },
          clientClosed,
          request.log,
        );
      } catch (error) {
        if (upload.exceeded()) throw tooLarge(UPLOAD_BODY_LIMIT);
        throw error;
      }
      return respond(reply, call, answer);
    }

    let body: string | undefined;
    if (call.body !== undefined) {
      // The browser's JSON, not the parsed output: transforms (a default user type, say) are the
      // backend's call to make, and the backend validates with the same schema anyway.
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    return respond(
      reply,
      call,
      await send({ id, call, target, headers, body }, clientClosed, request.log),
    );
  }

  await app.register((relay, _options, ready) => {
    // Parsers scoped to relay routes. Uploads stay a stream; their limit is counted as they pass.
    relay.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
      done(null, payload);
    });
    // An empty JSON body is "no body" (fetch wrappers often send the header anyway); the call's
    // schema then decides whether a body was required.
    relay.removeContentTypeParser('application/json');
    relay.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
      (_request, text: string, done) => {
        if (text.trim() === '') {
          done(null, undefined);
          return;
        }
        try {
          done(null, JSON.parse(text) as unknown);
        } catch {
          done(new HttpError(400, 'bad_request', 'The request body is not valid JSON'), undefined);
        }
      },
    );
    relay.all('/api/*', { bodyLimit: JSON_BODY_LIMIT }, handle);
    relay.all('/backend/*', { bodyLimit: JSON_BODY_LIMIT }, handle);
    ready();
  });
}

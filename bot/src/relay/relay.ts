import { Transform, type Readable } from 'node:stream';
import {
  CALLS,
  HEADERS,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MULTIPART_OVERHEAD_BYTES,
  UserSchema,
  fieldErrors,
  type FieldError,
} from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pick } from 'zod/mini';
import { ShopError } from '@shop/shared/server';
import { matchCall } from './call-table';
import {
  SHARED_VARY,
  matchesIfNoneMatch,
  type PublicAnswer,
  type PublicReads,
} from './public-reads';
import { arrivalTime, clientCloseSignal, type RequestDeadline } from './upstream';
import {
  queryString,
  upstreamPath,
  type UpstreamAnswer,
  type UpstreamClient,
} from './upstream-client';

export const JSON_BODY_LIMIT = 64 * 1024;
/** The largest photo the backend takes, plus room for the multipart framing around it. */
export const UPLOAD_BODY_LIMIT = PROFILE_PHOTO_MAX_BYTES + PROFILE_PHOTO_MULTIPART_OVERHEAD_BYTES;

/** A 2xx answer to a signed-in shopper's order call (create or pay), as relayed. */
export interface OrderAnswer {
  call: 'createOrder' | 'payOrder';
  data: unknown;
  /** The headers that went upstream (the shopper's bearer token among them). */
  headers: Readonly<Record<string, string>>;
  /** The request's deadline: a look-up made before the answer goes on must fit in it too. */
  deadline: RequestDeadline;
  log: FastifyBaseLogger;
}

export interface RelayOptions {
  client: UpstreamClient;
  reads: PublicReads;
  /**
   * Told of each order answer before it is sent on (the notifier records "order placed"); it
   * must not throw, and the shopper's answer does not depend on it.
   */
  onOrderAnswer?: (answer: OrderAnswer) => Promise<void>;
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
const UserIdSchema = pick(UserSchema, { id: true });

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType);
}

/** An upload over UPLOAD_BODY_LIMIT, in the words (and with the reason) the backend uses. */
function uploadTooLarge(): ShopError {
  const message = `The photo is larger than ${PROFILE_PHOTO_MAX_BYTES / 1024 / 1024} MB`;
  return new ShopError('payload_too_large', message, {
    details: [{ field: 'photo', message, rule: 'too_large' }],
  });
}

/** Passes an upload through while counting it, and fails it past the limit (never buffered). */
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
      callback(uploadTooLarge());
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
  const { client, reads } = opts;

  function respond(reply: FastifyReply, answer: UpstreamAnswer | PublicAnswer): FastifyReply {
    // A retry the backend answered with its first answer: the browser may tell the shopper so.
    if (answer.kind !== 'representation' && answer.replayed) {
      reply.header(HEADERS.idempotentReplayed, 'true');
    }
    if (answer.kind === 'ok') return reply.code(answer.status).send(answer.data);
    if (answer.kind === 'representation') {
      return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
    }
    if (answer.retryAfter !== null) reply.header('retry-after', answer.retryAfter);
    return reply.code(answer.status).send(answer.error);
  }

  /** Everything that can be refused without asking a backend, in the order a caller would fix it. */
  function admit(request: FastifyRequest, reply: FastifyReply) {
    const cut = request.url.indexOf('?');
    const pathname = cut === -1 ? request.url : request.url.slice(0, cut);
    const match = matchCall(request.method, pathname);
    if (match.kind === 'none') {
      throw new ShopError('not_found', `No such call: ${request.method} ${pathname}`);
    }
    if (match.kind === 'wrong-method') {
      reply.header('allow', match.allow.join(', '));
      throw new ShopError('method_not_allowed', `${request.method} is not allowed here`);
    }
    const { call } = match;

    const authorization = headerValue(request, 'authorization');
    if (call.auth === 'bearer' && (authorization === undefined || !BEARER.test(authorization))) {
      throw new ShopError('unauthorized', 'Sign in to continue');
    }

    const contentType = headerValue(request, 'content-type');
    if (call.body === 'multipart') {
      if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType)) {
        throw new ShopError('unsupported_media_type', 'Send the file as multipart/form-data');
      }
      if (Number(headerValue(request, 'content-length') ?? 0) > UPLOAD_BODY_LIMIT) {
        throw uploadTooLarge();
      }
    } else if (call.body !== undefined && !isJson(contentType)) {
      throw new ShopError('unsupported_media_type', 'Send the body as application/json');
    }

    const details: FieldError[] = [];
    const params = call.params?.safeParse(match.rawParams);
    if (params && !params.success) details.push(...fieldErrors(params.error));
    const query = (call.query ?? EmptyQuery).safeParse(request.query ?? {});
    if (!query.success) details.push(...fieldErrors(query.error));
    const body =
      call.body !== undefined && call.body !== 'multipart'
        ? call.body.safeParse(request.body)
        : undefined;
    if (body && !body.success) details.push(...fieldErrors(body.error));
    if (details.length > 0 || !query.success) {
      throw new ShopError('validation_error', 'Some fields are not valid', { details });
    }
    // The validated query and body name a shared answer; the browser's own spelling is forwarded.
    return { ...match, contentType, query: query.data, body: body?.data };
  }

  /** A shareable read: answered from the cache when fresh, with an ETag a browser can revalidate. */
  function respondShared(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: PublicAnswer,
  ): FastifyReply {
    if (answer.kind !== 'representation' || answer.status !== 200) return respond(reply, answer);
    reply
      .header('etag', answer.etag)
      .header('cache-control', `public, max-age=${Math.floor(reads.ttlMs / 1000)}`)
      .header('vary', SHARED_VARY);
    // Only a GET revalidates: a POST's If-None-Match means something else (RFC 9110 §13.1.2).
    if (
      request.method === 'GET' &&
      matchesIfNoneMatch(headerValue(request, 'if-none-match'), answer.etag)
    ) {
      return reply.code(304).send();
    }
    return respond(reply, answer);
  }

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // Every relay answer is private unless it is a shareable read (set below): answers for a
    // signed-in user, and errors, must not land in a shared or back-forward cache.
    reply.header('cache-control', 'no-store');
    const { id, call, rawParams, contentType, query, body: parsedBody } = admit(request, reply);
    // One deadline for all this request asks of the backends, counted from its arrival: a body
    // slow to arrive, or the customer check, leaves the call itself less time, not more.
    const deadline = client.deadlineFor(call, clientCloseSignal(reply.raw), arrivalTime(reply));

    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = headerValue(request, name);
      if (value !== undefined) headers[name] = value;
    }
    headers['x-forwarded-for'] = request.ip;
    // The backend's log lines about this call carry the same id as ours.
    headers['x-request-id'] = request.id;

    if (call.customerScoped) {
      const who = await client.send(
        { id: 'authUser', call: CALLS.authUser, target: CALLS.authUser.path, headers },
        deadline,
        request.log,
      );
      if (who.kind === 'error') return respond(reply, who);
      if (String(UserIdSchema.parse(who.data).id) !== rawParams.customerId) {
        throw new ShopError('forbidden', 'This belongs to another customer');
      }
    }

    const path = upstreamPath(call, rawParams);
    const target = `${path}${queryString(request.query)}`;
    if (call.body === 'multipart') {
      const upload = limitedUpload(request.body as Readable, UPLOAD_BODY_LIMIT);
      headers['content-type'] = contentType ?? '';
      let answer: UpstreamAnswer;
      try {
        answer = await client.send(
          { id, call, target, headers, body: upload.stream },
          deadline,
          request.log,
        );
      } catch (error) {
        if (upload.exceeded()) throw uploadTooLarge();
        throw error;
      }
      return respond(reply, answer);
    }

    let body: string | undefined;
    if (call.body !== undefined) {
      // The browser's JSON, not the parsed output: transforms (a default user type, say) are the
      // backend's call to make, and the backend validates with the same schema anyway.
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const out = { id, call, target, headers, body };

    const key = reads.keyFor({
      id,
      call,
      path,
      query,
      body: parsedBody,
      language: headerValue(request, HEADERS.language),
      accountType: headerValue(request, HEADERS.accountType),
      authorization: headerValue(request, 'authorization'),
    });
    if (key !== null) {
      return respondShared(request, reply, await reads.read(out, key, deadline, request.log));
    }
    const answer = await client.send(out, deadline, request.log);
    if (answer.kind === 'ok' && (id === 'createOrder' || id === 'payOrder') && opts.onOrderAnswer) {
      await opts.onOrderAnswer({
        call: id,
        data: answer.data,
        headers,
        deadline,
        log: request.log,
      });
    }
    return respond(reply, answer);
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
          done(new ShopError('bad_request', 'The request body is not valid JSON'), undefined);
        }
      },
    );
    relay.all('/api/*', { bodyLimit: JSON_BODY_LIMIT }, handle);
    relay.all('/backend/*', { bodyLimit: JSON_BODY_LIMIT }, handle);
    ready();
  });
}

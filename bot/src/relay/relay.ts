// The relay: the only way from a browser to a backend. A request passes only when it is one of
// the calls in CALLS and matches that call's schemas (admission.ts); the answer passes only when
// it matches the call's response schema or is a well-formed error. The catalogue API key is added
// by the upstream client and nowhere else, and only on the way out.
import type { Readable } from 'node:stream';
import { CALLS, HEADERS, UserSchema } from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pick } from 'zod/mini';
import { ShopError, wellFormedJsonParser } from '@shop/shared/server';
import { admit, type AdmittedCall } from './admission';
import {
  SHARED_VARY,
  matchesIfNoneMatch,
  type PublicAnswer,
  type PublicReads,
} from './public-reads';
import { decorateRequestCall } from './request-call';
import { headerValue, upstreamHeaders } from './request-headers';
import { arrivalTime, clientCloseSignal, type RequestDeadline } from './upstream';
import {
  queryString,
  upstreamPath,
  type UpstreamAnswer,
  type UpstreamClient,
} from './upstream-client';
import { UPLOAD_BODY_LIMIT, limitedUpload, uploadTooLarge } from './uploads';

export const JSON_BODY_LIMIT = 64 * 1024;

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

const UserIdSchema = pick(UserSchema, { id: true });

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

/** A shareable read: answered from the cache when fresh, with an ETag a browser can revalidate. */
function respondShared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PublicAnswer,
  ttlMs: number,
): FastifyReply {
  if (answer.kind !== 'representation' || answer.status !== 200) return respond(reply, answer);
  reply
    .header('etag', answer.etag)
    .header('cache-control', `public, max-age=${Math.floor(ttlMs / 1000)}`)
    .header('vary', SHARED_VARY);
  // Only a GET revalidates: a POST's If-None-Match means something else (RFC 9110, section
  // 13.1.2).
  if (
    request.method === 'GET' &&
    matchesIfNoneMatch(headerValue(request, 'if-none-match'), answer.etag)
  ) {
    return reply.code(304).send();
  }
  return respond(reply, answer);
}

/**
 * Parsers scoped to relay routes. Uploads stay a stream; their limit is counted as they pass. An
 * empty JSON body is "no body" (fetch wrappers often send the header anyway); the call's schema
 * then decides whether a body was required. A JSON body is read under the shared rule for
 * request text, so ill-formed text never reaches a backend.
 */
function addBodyParsers(relay: FastifyInstance): void {
  relay.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    done(null, payload);
  });
  relay.removeContentTypeParser('application/json');
  relay.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
    wellFormedJsonParser((_request, text, done) => {
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      try {
        done(null, JSON.parse(text) as unknown);
      } catch {
        done(new ShopError('bad_request', 'The request body is not valid JSON'), undefined);
      }
    }),
  );
}

/** A customer-scoped call passes only for the customer the caller's token belongs to. */
async function refusedCustomer(
  client: UpstreamClient,
  { rawParams }: AdmittedCall,
  headers: Record<string, string>,
  deadline: RequestDeadline,
  log: FastifyBaseLogger,
): Promise<UpstreamAnswer | null> {
  const who = await client.send(
    { id: 'authUser', call: CALLS.authUser, target: CALLS.authUser.path, headers },
    deadline,
    log,
  );
  if (who.kind === 'error') return who;
  if (String(UserIdSchema.parse(who.data).id) !== rawParams.customerId) {
    throw new ShopError('forbidden', 'This belongs to another customer');
  }
  return null;
}

/** A photo upload, streamed through with its size counted. */
async function sendUpload(
  client: UpstreamClient,
  request: FastifyRequest,
  { id, call, contentType }: AdmittedCall,
  target: string,
  headers: Record<string, string>,
  deadline: RequestDeadline,
): Promise<UpstreamAnswer> {
  const upload = limitedUpload(request.body as Readable, UPLOAD_BODY_LIMIT);
  headers['content-type'] = contentType ?? '';
  try {
    return await client.send(
      { id, call, target, headers, body: upload.stream },
      deadline,
      request.log,
    );
  } catch (error) {
    if (upload.exceeded()) throw uploadTooLarge();
    throw error;
  }
}

export async function registerRelay(app: FastifyInstance, opts: RelayOptions): Promise<void> {
  const { client, reads } = opts;
  decorateRequestCall(app);

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // Every relay answer is private unless it is a shareable read (set below): answers for a
    // signed-in user, and errors, must not land in a shared or back-forward cache.
    reply.header('cache-control', 'no-store');
    const admitted = admit(request, reply);
    const { id, call, rawParams, query, body: parsedBody } = admitted;
    // One deadline for all this request asks of the backends, counted from its arrival: a body
    // slow to arrive, or the customer check, leaves the call itself less time, not more.
    const deadline = client.deadlineFor(call, clientCloseSignal(reply.raw), arrivalTime(reply));
    const headers = upstreamHeaders(request);
    if (call.customerScoped) {
      const refusal = await refusedCustomer(client, admitted, headers, deadline, request.log);
      if (refusal) return respond(reply, refusal);
    }

    const path = upstreamPath(call, rawParams);
    const target = `${path}${queryString(request.query)}`;
    if (call.body === 'multipart') {
      return respond(reply, await sendUpload(client, request, admitted, target, headers, deadline));
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
      const answer = await reads.read(out, key, deadline, request.log);
      return respondShared(request, reply, answer, reads.ttlMs);
    }
    const answer = await client.send(out, deadline, request.log);
    // This instance's stored catalogue answers must not contradict the stock an order just met.
    if (id === 'createOrder' && (answer.kind === 'ok' || answer.error.code === 'out_of_stock')) {
      reads.stockChanged();
    }
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
    addBodyParsers(relay);
    relay.all('/api/*', { bodyLimit: JSON_BODY_LIMIT }, handle);
    relay.all('/backend/*', { bodyLimit: JSON_BODY_LIMIT }, handle);
    ready();
  });
}

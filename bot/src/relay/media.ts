import { Transform, pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request as backendRequest, type Dispatcher } from 'undici';
import { DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS } from '../config';
import { ShopError } from '@shop/shared/server';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../web/security-headers';
import {
  clientCloseSignal,
  failureReason,
  startDeadline,
  upstreamFailure,
  upstreamInvalid,
} from './upstream';
import { responseHeaderValue } from './answer-body';
import { backendConnections } from './upstream-client';

export interface MediaOptions {
  catalogUrl: string;
  /** How long the headers may take, and how long the body may go without a byte moving. */
  timeoutMs: number;
  /** How long the whole image may take to pass (MEDIA_TRANSFER_TIMEOUT_MS). */
  transferTimeoutMs?: number;
}

/**
 * Media names are the catalogue's own (e.g. 'products/3f9a.webp'): plain characters only, so no
 * encoding trick can step outside /media on the backend.
 */
const SAFE_MEDIA_PATH =
  /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const PASSED_BACK = [
  'content-type',
  'content-length',
  'etag',
  'last-modified',
  'cache-control',
] as const;
const CONDITIONAL = ['if-none-match', 'if-modified-since'] as const;

type TransferExpiry = 'idle' | 'too_slow';

/**
 * Passes the image on, and calls `expire` once when no byte has moved for `idleMs` or the whole
 * transfer has taken `totalMs`. A byte moves only when the shopper's side takes it, so a backend
 * that stalls and a shopper who stops reading both count as idle; the total catches a trickle
 * that never quite stalls. Either would otherwise hold both sockets for as long as it likes.
 */
function watchedTransfer(
  limits: { idleMs: number; totalMs: number },
  expire: (reason: TransferExpiry) => void,
): Transform {
  const idle = setTimeout(() => {
    expire('idle');
  }, limits.idleMs);
  const total = setTimeout(() => {
    expire('too_slow');
  }, limits.totalMs);
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      idle.refresh();
      callback(null, chunk);
    },
  });
  watch.once('close', () => {
    clearTimeout(idle);
    clearTimeout(total);
  });
  return watch;
}

const MEDIA_PREFIX = '/media/';

/**
 * The image's path below /media/, when it is one the catalogue could have named. Read from the
 * URL as sent, so its prefix must be spelled plainly too: the router also takes "/%6Dedia/…".
 */
function mediaPath(url: string): string {
  const cut = url.indexOf('?');
  const sent = cut === -1 ? url : url.slice(0, cut);
  const path = sent.startsWith(MEDIA_PREFIX) ? sent.slice(MEDIA_PREFIX.length) : '';
  if (!SAFE_MEDIA_PATH.test(path) || path.split('/').some((part) => part.startsWith('.'))) {
    throw new ShopError('not_found', 'No such image');
  }
  return path;
}

/**
 * The backend's answer, its headers within the deadline. A large image may take longer than the
 * deadline to reach a slow phone, so from then on the body is watched instead (watchedTransfer).
 */
async function fetchMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  opts: MediaOptions,
): Promise<Dispatcher.ResponseData> {
  // An image passes on byte for byte, with its own length: it must come unpacked.
  const headers: Record<string, string> = { accept: 'image/*', 'accept-encoding': 'identity' };
  for (const name of CONDITIONAL) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const deadline = startDeadline(opts.timeoutMs, clientCloseSignal(reply.raw));
  try {
    // The shared connections of the JSON calls; like them, no redirect is followed.
    return await backendRequest(`${opts.catalogUrl}/media/${path}`, {
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      headers,
      signal: deadline.signal,
      dispatcher: backendConnections,
    });
  } catch (error) {
    if (!deadline.clientGone()) {
      request.log.warn({ call: 'media', reason: failureReason(error) }, 'Upstream call failed');
    }
    throw upstreamFailure('catalog', deadline);
  } finally {
    // The browser leaving still ends the transfer.
    deadline.clear();
  }
}

/** The image's body to the shopper, given up on when it idles or takes too long. */
function streamImage(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable,
  limits: { idleMs: number; totalMs: number },
): FastifyReply {
  const watch = watchedTransfer(limits, (why) => {
    request.log.warn({ call: 'media', reason: why }, 'Upstream media given up on');
    if (!reply.raw.headersSent) {
      // Not a byte went out: the shopper gets the error, without the image's headers (its
      // length, its validators, a day of public caching) on it.
      for (const name of PASSED_BACK) reply.removeHeader(name);
      reply.header('cache-control', 'no-store');
    }
    // Fastify answers this error while nothing is sent, and else closes the shopper's socket;
    // the pipeline then destroys the backend's body, which closes its connection.
    watch.destroy(
      new ShopError('upstream_timeout', 'The catalogue service did not send the image in time.'),
    );
  });
  // A destroyed watch destroys the body too, and the other way round; the error goes to Fastify.
  pipeline(body, watch, () => undefined);
  return reply.send(watch);
}

/**
 * GET/HEAD /media/* → the catalogue backend's /media/*, streamed. Only images pass. The API key is
 * deliberately not sent: these are public files and the key belongs to API calls only.
 */
export function registerMedia(app: FastifyInstance, opts: MediaOptions): void {
  const transferTimeoutMs = opts.transferTimeoutMs ?? DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS;

  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = mediaPath(request.url);
    const response = await fetchMedia(request, reply, path, opts);
    const { statusCode: status, body } = response;
    const header = (name: string) => responseHeaderValue(response.headers[name]);
    // A short answer is read to its end, which keeps the connection for the next picture; one
    // that is refused unread closes it.
    const finish = () => void body.dump().catch(() => undefined);
    if (status === 304) {
      finish();
      for (const name of ['etag', 'last-modified', 'cache-control'] as const) {
        const value = header(name);
        if (value !== null) reply.header(name, value);
      }
      return reply.code(304).send();
    }
    if (status === 404) {
      finish();
      throw new ShopError('not_found', 'No such image');
    }
    const type = header('content-type') ?? '';
    const encoding = header('content-encoding') ?? 'identity';
    if (status !== 200 || !type.startsWith('image/') || encoding !== 'identity') {
      body.destroy();
      request.log.warn({ call: 'media', status, type, encoding }, 'Upstream media refused');
      throw upstreamInvalid('catalog');
    }

    for (const name of PASSED_BACK) {
      const value = header(name);
      if (value !== null) reply.header(name, value);
    }
    if (header('cache-control') === null) reply.header('cache-control', 'public, max-age=86400');
    reply.header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
    reply.code(200);
    if (request.method === 'HEAD') {
      finish();
      return reply.send();
    }
    return streamImage(request, reply, body, {
      idleMs: opts.timeoutMs,
      totalMs: transferTimeoutMs,
    });
  }

  // HEAD is declared rather than derived from GET, so it stays a HEAD upstream too.
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', handler: handle });
}

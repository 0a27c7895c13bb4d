import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { MEDIA_CONTENT_SECURITY_POLICY } from '../web/security-headers';
import {
  clientCloseSignal,
  failureReason,
  startDeadline,
  upstreamFailure,
  upstreamInvalid,
} from './upstream';

export interface MediaOptions {
  catalogUrl: string;
  timeoutMs: number;
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

/**
 * GET/HEAD /media/* → the catalogue backend's /media/*, streamed. Only images pass. The API key is
 * deliberately not sent: these are public files and the key belongs to API calls only.
 */
export function registerMedia(app: FastifyInstance, opts: MediaOptions): void {
  async function handle(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const cut = request.url.indexOf('?');
    const path = (cut === -1 ? request.url : request.url.slice(0, cut)).slice('/media/'.length);
    if (!SAFE_MEDIA_PATH.test(path) || path.split('/').some((part) => part.startsWith('.'))) {
      throw new HttpError('not_found', 'No such image');
    }

    const headers: Record<string, string> = { accept: 'image/*' };
    for (const name of CONDITIONAL) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const deadline = startDeadline(opts.timeoutMs, clientCloseSignal(reply.raw));
    let response: Response;
    try {
      response = await fetch(`${opts.catalogUrl}/media/${path}`, {
        method: request.method,
        headers,
        signal: deadline.signal,
        redirect: 'manual',
      });
    } catch (error) {
      deadline.clear();
      if (!deadline.clientGone()) {
        request.log.warn({ call: 'media', reason: failureReason(error) }, 'Upstream call failed');
      }
      throw upstreamFailure('catalog', deadline);
    }
    // Headers are in; a large image may take longer than the deadline to reach a slow phone.
    deadline.clear();

    const drop = () => void response.body?.cancel().catch(() => undefined);
    if (response.status === 304) {
      drop();
      for (const name of ['etag', 'last-modified', 'cache-control'] as const) {
        const value = response.headers.get(name);
        if (value !== null) reply.header(name, value);
      }
      return reply.code(304).send();
    }
    if (response.status === 404) {
      drop();
      throw new HttpError('not_found', 'No such image');
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('image/')) {
      drop();
      request.log.warn({ call: 'media', status: response.status, type }, 'Upstream media refused');
      throw upstreamInvalid('catalog');
    }

    for (const name of PASSED_BACK) {
      const value = response.headers.get(name);
      if (value !== null) reply.header(name, value);
    }
    if (!response.headers.has('cache-control'))
      reply.header('cache-control', 'public, max-age=86400');
    reply.header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
    reply.code(200);
    if (request.method === 'HEAD' || response.body === null) {
      drop();
      return reply.send();
    }
    return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
  }

  // HEAD is declared rather than derived from GET, so it stays a HEAD upstream too.
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', handler: handle });
}

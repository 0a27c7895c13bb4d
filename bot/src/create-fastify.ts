// The Fastify instance the whole HTTP side is built on: the server's limits on slow clients, its
// logger, and the refusals made before a request reaches a route, all in the shop's error shape.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, ShopError } from '@shop/shared/server';
import { DEFAULT_CLIENT_TIMEOUTS, type ClientTimeouts, type TrustProxy } from './config';
import { sendError } from './errors';
import { loggerOptions, type LogOptions } from './log-options';
import { JSON_BODY_LIMIT } from './relay/relay';

/** What the instance is made from (ServerDeps' fields of the same names). */
export interface FastifyOptions {
  clientTimeouts?: ClientTimeouts | undefined;
  trustProxy?: TrustProxy | undefined;
  log?: LogOptions | undefined;
}

/**
 * Node's `clientError`: the request never became one (it took too long to arrive, or could not be
 * parsed). Answered as every other refusal is, `{ code, message }` with its code's status, on the
 * raw socket, which is then closed.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new ShopError('request_timeout', 'The request took too long to arrive')
      : new ShopError('bad_request', 'The request could not be read');
  const body = JSON.stringify(errorBody(refusal));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(refusal.status)} ${STATUS_CODES[refusal.status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** A hop count as the function Fastify takes (its types leave the number form out). */
function fastifyTrustProxy(
  trust: TrustProxy,
): string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The Fastify instance with the server's limits, logger and framework-level refusals. */
export function createFastify(deps: FastifyOptions): FastifyInstance {
  const timeouts = deps.clientTimeouts ?? DEFAULT_CLIENT_TIMEOUTS;
  return Fastify({
    // A client that sends its request slowly (or not at all) holds a socket and, for the relay,
    // a parser; these cut it off with a 408. Fastify's own defaults set no request limit.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Refusals made before a request exists (a slow body, broken framing) in the shop's shape.
    clientErrorHandler: answerClientError,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node checks both limits on this interval (30 s by default, which would let a limit run
      // over by as much): often enough that a limit holds to within a quarter of itself.
      connectionsCheckingInterval: Math.min(
        1000,
        Math.max(100, Math.floor(Math.min(timeouts.headersMs, timeouts.requestMs) / 4)),
      ),
    },
    logger: loggerOptions(deps.log),
    // One line per request, written when it is answered (installRequestLog), instead of
    // Fastify's two; ids unique across instances, so lines of two servers never share one.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    // A request that reaches a server shutting down is still answered (its listening socket is
    // closed first, so a balancer's new connections go elsewhere); Fastify's default 503 would
    // lose it. /readyz says "not ready" from the start of the shutdown.
    return503OnClosing: false,
    bodyLimit: JSON_BODY_LIMIT,
    ...(deps.trustProxy === undefined ? {} : { trustProxy: fastifyTrustProxy(deps.trustProxy) }),
    // The router's own refusals (a path with broken percent-encoding) in the one error shape;
    // Fastify's default body has a code outside ERROR_CODES and echoes the URL.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'Router error');
      void sendError(
        reply,
        status < 500
          ? new ShopError('bad_request', 'The request URL is not valid')
          : new ShopError('internal_error', 'Internal Server Error'),
      );
    },
  });
}

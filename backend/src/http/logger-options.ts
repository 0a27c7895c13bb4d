// The backend's request log: pino through Fastify, with nothing in it that could pass for a card
// number or a secret.
import { HEADERS, OPERATOR_SECRET_HEADER, redactDigitRuns } from '@shop/shared';
import { serializeError } from '@shop/shared/server';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Fastify's logger option for the caller's: off when it is off, else its settings and ours. */
export function loggerOptions(
  logger: FastifyServerOptions['logger'] | undefined,
): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false;
  return {
    ...(typeof logger === 'object' ? logger : {}),
    // ISO time rather than epoch milliseconds: a 13-digit number in every line would
    // pass for a card number in a scan of the logs.
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: {
      // Fastify's request time in whole milliseconds: its 13-16-digit fraction passes for a card
      // number in a scan of the logs.
      log: (line: Record<string, unknown>) =>
        typeof line.responseTime === 'number'
          ? { ...line, responseTime: Math.round(line.responseTime) }
          : line,
    },
    serializers: {
      // A failing query's error without the values it ran with (a shopper's text, a card number).
      err: serializeError,
      // Fastify's own fields, with the URL's long digit runs blotted out: a card number
      // typed into a path or a query must not reach the log with the request line.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactDigitRuns(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
    // Default serializers log no headers; this keeps secrets out even if that changes.
    redact: [
      'req.headers.authorization',
      `req.headers["${HEADERS.apiKey}"]`,
      `req.headers["${OPERATOR_SECRET_HEADER}"]`,
      'req.headers.cookie',
    ],
  };
}

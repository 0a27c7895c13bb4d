// How the server logs: pino's options. Secrets are redacted, time is ISO, and request lines
// carry no long digit runs.
import { HEADERS, redactDigitRuns } from '@shop/shared';
import { serializeError } from '@shop/shared/server';
import type { FastifyRequest } from 'fastify';

export interface LogOptions {
  level?: string;
  /** Where log lines go (one JSON object per line); stdout when omitted. */
  stream?: { write(line: string): void };
}

/**
 * Everything that may identify a shopper or unlock a backend stays out of the log, whatever a
 * future serializer decides to include.
 */
const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  `req.headers["${HEADERS.apiKey}"]`,
  `req.headers["${HEADERS.telegramInitData}"]`,
  'req.headers["x-telegram-bot-api-secret-token"]',
  'res.headers["set-cookie"]',
];

/** pino's timestamp hook: the text it splices into each JSON line after the level. */
function isoTimestamp(): string {
  return `,"time":"${new Date().toISOString()}"`;
}

/** pino's options: redacted secrets, ISO time, and request lines without long digit runs. */
export function loggerOptions(log: LogOptions | undefined) {
  return {
    level: log?.level ?? 'info',
    ...(log?.stream ? { stream: log.stream } : {}),
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    // ISO time, not epoch milliseconds: readable, and no 13-digit number in a log line can be
    // mistaken for (or hide among) card numbers when logs are checked for them.
    timestamp: isoTimestamp,
    serializers: {
      // Errors without what a failing query ran with (the notifier's store is a database too).
      err: serializeError,
      // Fastify's own request fields, with long digit runs of the URL blotted out: a card
      // number typed into a path or a query must not reach the log with the request line.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactDigitRuns(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
  };
}

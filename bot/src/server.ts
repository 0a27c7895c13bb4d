import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { Upstreams } from './config';
import { HttpError, installErrorHandler, sendError } from './errors';
import { registerMedia } from './relay/media';
import { JSON_BODY_LIMIT, registerRelay } from './relay/relay';
import { installSecurityHeaders } from './web/security-headers';
import { registerWebapp } from './web/webapp';

export interface ServerDeps {
  /** The webapp build (index.html, assets/, sw.js, manifest.webmanifest). */
  webappDist: string;
  upstreams: Upstreams;
  upstreamTimeoutMs: number;
  log?: {
    level?: string;
    /** Where log lines go (one JSON object per line); stdout when omitted. */
    stream?: { write(line: string): void };
  };
}

/**
 * Everything that may identify a shopper or unlock a backend stays out of the log, whatever a
 * future serializer decides to include.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["x-telegram-init-data"]',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'res.headers["set-cookie"]',
];

/**
 * The whole HTTP side as one Fastify instance, not listening yet: tests call `app.inject` on
 * exactly what `main.ts` serves.
 */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.log?.level ?? 'info',
      ...(deps.log?.stream ? { stream: deps.log.stream } : {}),
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    },
    bodyLimit: JSON_BODY_LIMIT,
    // The router's own refusals (a path with broken percent-encoding) in the one error shape;
    // Fastify's default body has a code outside ERROR_CODES and echoes the URL.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) request.log.error({ err: error }, 'Router error');
      void sendError(
        reply,
        status < 500
          ? new HttpError(status, 'bad_request', 'The request URL is not valid')
          : new HttpError(500, 'internal_error', 'Internal Server Error'),
      );
    },
  });

  installErrorHandler(app);
  installSecurityHeaders(app);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs ~50x the CPU of 5 for a few percent on JSON made per request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });

  const startedAt = Date.now();
  app.get('/healthz', () => ({
    status: 'ok',
    uptime_s: Math.floor((Date.now() - startedAt) / 1000),
  }));

  await registerRelay(app, { upstreams: deps.upstreams, timeoutMs: deps.upstreamTimeoutMs });
  registerMedia(app, { catalogUrl: deps.upstreams.catalogUrl, timeoutMs: deps.upstreamTimeoutMs });
  await registerWebapp(app, { webappDist: deps.webappDist, log: app.log });
  return app;
}

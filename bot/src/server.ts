import compress from '@fastify/compress';
import { errorBody, installWellFormedJsonBodies, ShopError } from '@shop/shared/server';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { constants as zlib } from 'node:zlib';
import {
  DEFAULT_CLIENT_TIMEOUTS,
  type ClientTimeouts,
  type TrustProxy,
  type Upstreams,
} from './config';
import { installErrorHandler, sendError } from './errors';
import { installRequestLog } from './request-log';
import { loggerOptions, type LogOptions } from './log-options';
import { installMetrics } from './metrics/metrics-routes';
import type { ShopMetrics } from './metrics/shop-metrics';
import { registerMedia } from './relay/media';
import { createPublicReads } from './relay/public-reads';
import type { Notifier } from './notifier/notifier';
import { registerLink, type LinkBot } from './telegram-account/link-route';
import { registerPhoneSignIn } from './telegram-account/phone-sign-in-route';
import { registerWriteAccess } from './telegram-account/write-access-route';
import {
  createTrustedSignIn,
  type TrustedSignInApi,
} from './telegram-account/trusted-sign-in-client';
import { registerOrderEvents } from './notifier/order-events-route';
import { recordPlacedOrders } from './notifier/placed-orders';
import { JSON_BODY_LIMIT, registerRelay } from './relay/relay';
import { createUpstreamClient, type UpstreamClient } from './relay/upstream-client';
import { PAGE_META_TIMEOUT_MS, createPageMeta } from './web/page-meta/page-meta';
import { runtimeConfigScript, TELEGRAM_LAUNCH_MARK, type InlineScript } from './web/runtime-config';
import { contentSecurityPolicy, installSecurityHeaders } from './web/security-headers';
import { createAccountLookup } from './web/order-accounts';
import { installRateLimits, type RateLimitOptions } from './web/rate-limits';
import { registerReadiness } from './web/readiness';
import { registerSitemap } from './web/sitemap';
import { registerWebapp } from './web/webapp';

export interface ServerDeps {
  /** The webapp build (index.html, assets/, sw.js, the manifests manifest.{uz,ru,en}.webmanifest). */
  webappDist: string;
  upstreams: Upstreams;
  upstreamTimeoutMs: number;
  /** The largest backend answer read (default DEFAULT_UPSTREAM_MAX_ANSWER_BYTES). */
  upstreamMaxAnswerBytes?: number;
  /** How long one image may take to pass (default DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS). */
  mediaTransferTimeoutMs?: number;
  /** How long a client may take to send a request, and keep an idle connection (when listening). */
  clientTimeouts?: ClientTimeouts;
  /** The shop's public address, for canonical links, previews and the sitemap. */
  publicUrl?: string;
  /**
   * The relay's cache of public reads. Absent (or ttlMs 0): every call reaches the backend,
   * which is what tests that count backend requests expect.
   */
  relayCache?: { ttlMs: number; maxEntries?: number; maxBytes?: number };
  /** Milliseconds since the epoch; tests move it to expire cached answers without sleeping. */
  now?: () => number;
  /** How long a product or blog page waits for its data before it is sent with a generic head. */
  pageMetaTimeoutMs?: number;
  /** Given to the webapp (markets page map); also opens the CSP to Yandex Maps. */
  yandexMapsApiKey?: string;
  /** Given to the webapp: how often an open page looks for a newer build. */
  buildPollIntervalMs?: number;
  /**
   * Given to the webapp: the most of one item an order line may carry, so its quantity steppers
   * stop where the backend would refuse the order. Absent: the webapp's default, the contract's.
   */
  orderLineQuantityLimit?: number;
  /** Given to the webapp: where a shared product link points inside Telegram. */
  telegramShare?: { botUsername: string; miniAppName: string | undefined } | undefined;
  /** The bot's order notifier: `POST /tg/order-events` and "order placed" from the relay. */
  notifier?: Notifier;
  /**
   * With a notifier: the bot behind the link calls (`/tg/link`, `/tg/link-token`): init data is
   * checked against its token and age, and link-token URLs name its username once known. Absent:
   * the calls answer that the bot is off.
   */
  telegramLink?: {
    botToken: string;
    maxAgeSeconds: number;
    botUsername?: () => string | null;
    /** A chat was linked in a known language (LinkBot.onLinked). */
    onLinked?: LinkBot['onLinked'];
  };
  /**
   * The backend's sign-in without a code, for the one-tap sign-in with the Telegram phone (with
   * `telegramLink`); absent: inside Telegram too, the shopper signs in by SMS code.
   */
  trustedSignIn?: TrustedSignInApi;
  /**
   * Which proxies may name the client's address (X-Forwarded-For) and scheme (X-Forwarded-Proto);
   * absent: the socket's. The rate limits count per address, so this must name only real proxies.
   */
  trustProxy?: TrustProxy;
  /** Rate limits per client, per account and overall; absent: none (tests of other things). */
  rateLimits?: RateLimitOptions;
  /**
   * The operator's figures, counted as requests are answered; with a token, `/metrics` is served
   * on this app to its holder only. Absent: nothing is counted.
   */
  metrics?: { figures: ShopMetrics; token: string | null };
  log?: LogOptions;
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
function createFastify(deps: ServerDeps): FastifyInstance {
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

/** What every answer goes through: errors, the request log, security headers, limits, compression. */
async function installCommon(
  app: FastifyInstance,
  deps: ServerDeps,
  pageScripts: readonly InlineScript[],
  client: UpstreamClient,
): Promise<void> {
  installErrorHandler(app);
  installRequestLog(app);
  installSecurityHeaders(
    app,
    contentSecurityPolicy({
      inlineScripts: pageScripts.map((script) => script.cspSource),
      yandexMaps: deps.yandexMapsApiKey !== undefined,
    }),
  );
  if (deps.metrics)
    installMetrics(app, { metrics: deps.metrics.figures, token: deps.metrics.token });
  if (deps.rateLimits) {
    const onRefused = deps.metrics?.figures.observeRateLimited;
    installRateLimits(app, {
      ...deps.rateLimits,
      ...(onRefused ? { onRefused } : {}),
      accountOf: createAccountLookup(client),
    });
  }
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs ~50x the CPU of 5 for a few percent on JSON made per request.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

/** /healthz (the process answers) and /readyz (what it needs answers too). */
function registerHealth(app: FastifyInstance, deps: ServerDeps): void {
  const startedAt = Date.now();
  app.get('/healthz', () => ({
    status: 'ok',
    uptime_s: Math.floor((Date.now() - startedAt) / 1000),
  }));
  registerReadiness(app, {
    upstreams: deps.upstreams,
    ...(deps.notifier ? { database: deps.notifier.store } : {}),
    redis: deps.rateLimits?.redis ?? null,
  });
}

/** The notifier's calls: the three link calls, and `POST /tg/order-events` when it has a key. */
async function registerNotifierRoutes(
  app: FastifyInstance,
  notifier: Notifier,
  client: UpstreamClient,
  link: ServerDeps['telegramLink'],
  trustedSignIn: ServerDeps['trustedSignIn'],
): Promise<void> {
  const signingBot = link ? { token: link.botToken, maxAgeSeconds: link.maxAgeSeconds } : null;
  registerPhoneSignIn(app, {
    store: notifier.store,
    // Linking from here sets the chat's menu button too, as POST /tg/link does.
    bot: link
      ? {
          token: link.botToken,
          maxAgeSeconds: link.maxAgeSeconds,
          ...(link.onLinked ? { onLinked: link.onLinked } : {}),
        }
      : null,
    signIn: trustedSignIn ? createTrustedSignIn(trustedSignIn) : null,
  });
  registerWriteAccess(app, { store: notifier.store, bot: signingBot });
  registerLink(app, {
    store: notifier.store,
    client,
    bot: link
      ? {
          token: link.botToken,
          maxAgeSeconds: link.maxAgeSeconds,
          username: link.botUsername ?? (() => null),
          ...(link.onLinked ? { onLinked: link.onLinked } : {}),
        }
      : null,
  });
  if (notifier.secret) {
    await registerOrderEvents(app, {
      store: notifier.store,
      secret: notifier.secret,
      onStored: () => {
        notifier.wake();
      },
    });
  }
}

/**
 * The whole HTTP side as one Fastify instance, not listening yet: tests call `app.inject` on
 * exactly what `main.ts` serves.
 */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const app = createFastify(deps);
  // JSON bodies anywhere on the server (the link calls, the webhook; the relay has its own
  // parser) are read under the shared rule for request text.
  installWellFormedJsonBodies(app);
  const configScript = runtimeConfigScript({
    yandexMapsApiKey: deps.yandexMapsApiKey,
    buildPollIntervalMs: deps.buildPollIntervalMs,
    orderLineQuantityLimit: deps.orderLineQuantityLimit,
    telegramBotUsername: deps.telegramShare?.botUsername,
    telegramMiniAppName: deps.telegramShare?.miniAppName,
    // Offered only where the server can both check the contact and sign its phone in.
    ...(deps.notifier && deps.telegramLink && deps.trustedSignIn
      ? { telegramPhoneSignIn: true }
      : {}),
  });
  // Written into every page, each allowed by its hash in the CSP.
  const pageScripts = [TELEGRAM_LAUNCH_MARK, ...(configScript ? [configScript] : [])];
  // One client for the relay, the limits' account look-ups and the pages' own reads.
  const client = createUpstreamClient({
    upstreams: deps.upstreams,
    timeoutMs: deps.upstreamTimeoutMs,
    ...(deps.upstreamMaxAnswerBytes === undefined
      ? {}
      : { maxAnswerBytes: deps.upstreamMaxAnswerBytes }),
    ...(deps.metrics ? { observe: deps.metrics.figures.observeBackendCall } : {}),
  });
  await installCommon(app, deps, pageScripts, client);
  registerHealth(app, deps);

  // One cache for the relay and for the pages' own reads (product heads).
  const now = deps.now ?? Date.now;
  const publicUrl = deps.publicUrl ?? 'http://127.0.0.1:3000';
  const reads = createPublicReads({ client, ttlMs: 0, ...deps.relayCache, now });
  const { notifier } = deps;
  await registerRelay(app, {
    client,
    reads,
    ...(notifier ? { onOrderAnswer: recordPlacedOrders(client, notifier) } : {}),
  });
  if (notifier) {
    await registerNotifierRoutes(app, notifier, client, deps.telegramLink, deps.trustedSignIn);
  }
  registerMedia(app, {
    catalogUrl: deps.upstreams.catalogUrl,
    timeoutMs: deps.upstreamTimeoutMs,
    ...(deps.mediaTransferTimeoutMs === undefined
      ? {}
      : { transferTimeoutMs: deps.mediaTransferTimeoutMs }),
  });
  registerSitemap(app, { client, publicUrl, now });
  await registerWebapp(app, {
    webappDist: deps.webappDist,
    log: app.log,
    publicUrl,
    pageMeta: createPageMeta({
      reads,
      publicUrl,
      timeoutMs: deps.pageMetaTimeoutMs ?? PAGE_META_TIMEOUT_MS,
    }),
    inlineScripts: pageScripts.map((script) => script.html),
  });
  return app;
}

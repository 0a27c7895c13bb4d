// The whole HTTP side as one Fastify instance, step by step: what every answer goes through
// (errors, the request log, security headers, figures, limits, compression), health, the relay to
// the backends, Telegram sign-in and the chat link, the order events a backend pushes, pictures,
// and the pages. Each area's own parts are made in its folder.
import compress from '@fastify/compress';
import { installWellFormedJsonBodies } from '@shop/shared/server';
import type { FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import { localServerUrl, type ClientTimeouts, type TrustProxy, type Upstreams } from './config';
import { createFastify } from './create-fastify';
import { installErrorHandler } from './errors';
import { installRequestLog } from './request-log';
import type { LogOptions } from './log-options';
import { installMetrics } from './metrics/metrics-routes';
import type { ShopMetrics } from './metrics/shop-metrics';
import type { Notifier } from './notifier/notifier';
import { recordPlacedOrders } from './notifier/placed-orders';
import { registerOrderEventsCall } from './notifier/wire-notifier';
import { registerMedia } from './relay/media';
import { createPublicReads } from './relay/public-reads';
import { registerRelay } from './relay/relay';
import { registerPaymentCallbacks } from './relay/payment-callbacks';
import { createUpstreamClient, type UpstreamClient } from './relay/upstream-client';
import type { TrustedSignInApi } from './telegram-account/trusted-sign-in-client';
import { registerInvoiceRoute, type TelegramInvoiceDeps } from './telegram-payments/invoice-route';
import {
  registerTelegramAccountCalls,
  type TelegramLinkDeps,
} from './telegram-account/wire-telegram-account';
import { createAccountLookup } from './web/order-accounts';
import { installRateLimits, type RateLimitOptions } from './web/rate-limits';
import {
  runtimeConfigScript,
  TELEGRAM_LAUNCH_MARK,
  type InlineScript,
  type PayLinks,
} from './web/runtime-config';
import { contentSecurityPolicy, installSecurityHeaders } from './web/security-headers';
import { registerHealth, registerPages } from './web/wire-web';

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
  /** Given to the webapp: where "Pay with Click" and "Pay with Payme" send the shopper. */
  payLinks?: PayLinks;
  /** Given to the webapp: where a shared product link points inside Telegram. */
  telegramShare?: { botUsername: string; miniAppName: string | undefined } | undefined;
  /** The bot's order notifier: `POST /tg/order-events` and "order placed" from the relay. */
  notifier?: Notifier;
  /**
   * With a notifier: the bot behind the link calls (`/tg/link`, `/tg/link-token`): init data is
   * checked against its token and age, and link-token URLs name its username once known. Absent:
   * the calls answer that the bot is off.
   */
  telegramLink?: TelegramLinkDeps;
  /**
   * The backend's sign-in without a code, for the one-tap sign-in with the Telegram phone (with
   * `telegramLink`); absent: inside Telegram too, the shopper signs in by SMS code.
   */
  trustedSignIn?: TrustedSignInApi;
  /**
   * Telegram's payment sheet (bot on, TELEGRAM_PAYMENT_PROVIDER_TOKEN set): `POST
   * /tg/payments/invoice` makes invoice links, and the webapp is told to offer it. Absent: the
   * call answers 404.
   */
  telegramPayments?: TelegramInvoiceDeps;
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

/** The inline scripts written into every page, each allowed by its hash in the CSP. */
function pageScriptsOf(deps: ServerDeps): InlineScript[] {
  const configScript = runtimeConfigScript({
    yandexMapsApiKey: deps.yandexMapsApiKey,
    buildPollIntervalMs: deps.buildPollIntervalMs,
    orderLineQuantityLimit: deps.orderLineQuantityLimit,
    telegramBotUsername: deps.telegramShare?.botUsername,
    telegramMiniAppName: deps.telegramShare?.miniAppName,
    clickPay: deps.payLinks?.clickPay,
    paymeCheckout: deps.payLinks?.paymeCheckout,
    // Offered only where the server can both check the contact and sign its phone in.
    ...(deps.notifier && deps.telegramLink && deps.trustedSignIn
      ? { telegramPhoneSignIn: true }
      : {}),
    ...(deps.telegramPayments ? { telegramPayments: true } : {}),
  });
  return [TELEGRAM_LAUNCH_MARK, ...(configScript ? [configScript] : [])];
}

/** One client for the relay, the limits' account look-ups and the pages' own reads. */
function upstreamClientOf(deps: ServerDeps): UpstreamClient {
  return createUpstreamClient({
    upstreams: deps.upstreams,
    timeoutMs: deps.upstreamTimeoutMs,
    ...(deps.upstreamMaxAnswerBytes === undefined
      ? {}
      : { maxAnswerBytes: deps.upstreamMaxAnswerBytes }),
    ...(deps.metrics ? { observe: deps.metrics.figures.observeBackendCall } : {}),
  });
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
  const pageScripts = pageScriptsOf(deps);
  const client = upstreamClientOf(deps);
  await installCommon(app, deps, pageScripts, client);
  registerHealth(app, {
    upstreams: deps.upstreams,
    database: deps.notifier?.store,
    redis: deps.rateLimits?.redis ?? null,
  });

  // One cache for the relay and for the pages' own reads (product heads).
  const now = deps.now ?? Date.now;
  const publicUrl = deps.publicUrl ?? localServerUrl();
  const reads = createPublicReads({ client, ttlMs: 0, ...deps.relayCache, now });
  const { notifier } = deps;
  await registerRelay(app, {
    client,
    reads,
    ...(notifier ? { onOrderAnswer: recordPlacedOrders(client, notifier) } : {}),
  });
  if (notifier) {
    registerTelegramAccountCalls(app, {
      store: notifier.store,
      client,
      link: deps.telegramLink,
      trustedSignIn: deps.trustedSignIn,
    });
    await registerOrderEventsCall(app, notifier);
  }
  await registerPaymentCallbacks(app, {
    ecommerceUrl: deps.upstreams.ecommerceUrl,
    timeoutMs: deps.upstreamTimeoutMs,
  });
  registerInvoiceRoute(app, { client, publicUrl, payments: deps.telegramPayments ?? null });
  registerMedia(app, {
    catalogUrl: deps.upstreams.catalogUrl,
    timeoutMs: deps.upstreamTimeoutMs,
    ...(deps.mediaTransferTimeoutMs === undefined
      ? {}
      : { transferTimeoutMs: deps.mediaTransferTimeoutMs }),
  });
  await registerPages(app, {
    webappDist: deps.webappDist,
    publicUrl,
    client,
    reads,
    now,
    pageMetaTimeoutMs: deps.pageMetaTimeoutMs,
    inlineScripts: pageScripts.map((script) => script.html),
  });
  return app;
}

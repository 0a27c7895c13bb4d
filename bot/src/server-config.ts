// What the HTTP side is built from in production: the configuration, and the parts main.ts made
// before it (tests build their own ServerDeps).
import type { EmbeddedBackend } from '@shop/backend';
import type { Redis } from 'ioredis';
import type { Config, Upstreams } from './config';
import type { LogStream } from './embedded-backend';
import type { ShopMetrics } from './metrics/shop-metrics';
import type { Notifier } from './notifier/notifier';
import type { ServerDeps } from './server';
import type { PayLinks } from './web/runtime-config';
import { telegramLinkFor, trustedSignInApi } from './telegram-account/wire-telegram-account';
import type { Telegram } from './telegram/prepare-telegram';
import { invoiceDepsFor } from './telegram-payments/wire-telegram-payments';

/** Whether `url` names this machine (a local stand-in, or a shop served only here). */
function isLoopback(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Where the app ways send the shopper: the embedded backend's (its stand-ins, or the accounts it
 * was given), else the same CLICK_* and PAYME_* settings an outside backend runs with; a way
 * with no account named is not offered. A stand-in listens on this machine, so only a browser
 * here can reach it: a shop served to others (PUBLIC_URL not local) offers none of them rather
 * than send shoppers to an address they cannot open.
 */
export function payLinksFrom(config: Config, backend: EmbeddedBackend | null): PayLinks {
  if (backend) {
    const { clickPay, paymeCheckout } = backend.payLinks;
    const servedHere = isLoopback(config.publicUrl);
    const reachable = (page: string) => servedHere || !isLoopback(page);
    return {
      clickPay: reachable(clickPay.payUrl) ? clickPay : undefined,
      paymeCheckout: reachable(paymeCheckout.checkoutUrl) ? paymeCheckout : undefined,
    };
  }
  const { click, paymeCheckoutUrl } = config.embeddedBackend.paymentWays;
  const { payme } = config.embeddedBackend;
  return {
    clickPay: click
      ? { payUrl: click.payUrl, serviceId: click.serviceId, merchantId: click.merchantId }
      : undefined,
    paymeCheckout: payme
      ? { checkoutUrl: paymeCheckoutUrl, merchantId: payme.merchantId }
      : undefined,
  };
}

/** The server with everything it serves; the link calls ask `telegram` for its username. */
export function serverDepsFrom(
  config: Config,
  parts: {
    notifier: Notifier;
    upstreams: Upstreams;
    redis: Redis | null;
    logStream: LogStream | null;
    telegram: () => Telegram | null;
    metrics: ShopMetrics | null;
    /** The embedded backend, when it runs in this process. */
    backend: EmbeddedBackend | null;
  },
): ServerDeps {
  const { notifier, upstreams, redis, logStream, metrics } = parts;
  const telegramLink = telegramLinkFor(config, parts.telegram);
  // The embedded backend's own operator call; outside backends need TRUSTED_SIGN_IN_URL.
  const trustedSignIn = trustedSignInApi(config, parts.backend);
  const telegramPayments = invoiceDepsFor(config, parts.backend, parts.telegram);
  return {
    ...(telegramPayments ? { telegramPayments } : {}),
    notifier,
    ...(trustedSignIn ? { trustedSignIn } : {}),
    ...(metrics ? { metrics: { figures: metrics, token: config.metrics.token } } : {}),
    ...(telegramLink ? { telegramLink } : {}),
    webappDist: config.webappDist,
    upstreams,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    upstreamMaxAnswerBytes: config.upstreamMaxAnswerBytes,
    mediaTransferTimeoutMs: config.mediaTransferTimeoutMs,
    clientTimeouts: config.clientTimeouts,
    publicUrl: config.publicUrl,
    relayCache: { ttlMs: config.relayCacheTtlMs },
    yandexMapsApiKey: config.yandexMapsApiKey,
    buildPollIntervalMs: config.buildPollIntervalMs,
    orderLineQuantityLimit: config.orderLineQuantityLimit,
    telegramShare: config.telegramShare,
    payLinks: payLinksFrom(config, parts.backend),
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    rateLimits: { limits: config.rateLimits, redis, redisPrefix: config.redisPrefix },
    log: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
  };
}

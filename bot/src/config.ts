import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DATA_DIR, readBackendSettings, type BackendSettings } from '@shop/backend';
import { ORDER_LINE_QUANTITY_LIMIT } from '@shop/shared';
import {
  HttpUrl,
  OrderEventsSecret,
  optional,
  problemLines,
  togetherProblems,
  type Env,
} from '@shop/shared/server';
import { z } from 'zod';
import { DEFAULT_LEASE_MS } from './notifier/sender';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_REDIS_PREFIX,
  type Limit,
  type RateLimits,
} from './web/rate-limits';

/** The repository root, two levels above this file (bot/src/config.ts). */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Outside backends with no ORDER_EVENTS_SECRET cannot push: their orders are asked about this often. */
export const DEFAULT_ORDER_POLL_MS = 60_000;

/**
 * The largest backend answer the relay reads (UPSTREAM_MAX_ANSWER_BYTES). The largest legitimate
 * one is a product listing: on the demo catalogue a full page (100 products, per_page's maximum)
 * is about 125 KB and home about 30 KB, so 4 MiB leaves a real catalogue's longer texts some 30
 * times that, while an answer that keeps coming is cut off long before it costs real memory.
 */
export const DEFAULT_UPSTREAM_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * How long one image may take to pass from the catalogue to the shopper (MEDIA_TRANSFER_TIMEOUT_MS):
 * a 1 MB product photo at slow-3G speed (about 400 kbit/s) takes some 20 s, so a minute is
 * generous for a shopper and still frees both sockets from a trickle that never ends.
 */
export const DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS = 60_000;

/**
 * How long a client may take to send a request, and keep an idle connection open. `requestMs`
 * (REQUEST_TIMEOUT_MS) bounds headers and body together: a 64 KiB JSON body needs well under a
 * second even on a slow phone (and a photo upload must already fit in UPSTREAM_TIMEOUT_MS), so
 * 30 s only cuts off a body that trickles in on purpose. `headersMs` (HEADERS_TIMEOUT_MS) bounds
 * the headers, and so a connection that sends nothing at all. `keepAliveMs`
 * (KEEP_ALIVE_TIMEOUT_MS) is Fastify's own default, kept above the 60 s idle time of common load
 * balancers, so the balancer, not the server, closes a connection it may be about to reuse.
 */
export const DEFAULT_CLIENT_TIMEOUTS: ClientTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 72_000,
};

const Seconds = z.coerce.number({ error: 'Must be seconds' }).int().positive();

const WINDOW_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;
/** A rate limit as `<count>/<window>` (`10/10m`: ten per ten minutes; s, m or h), or `off`. */
const RateLimitSetting = z
  .string()
  .regex(
    /^(?:off|[1-9]\d{0,6}\/[1-9]\d{0,4}[smh])$/,
    'Must be <count>/<window> like 10/10m, or off',
  )
  .transform((value): Limit | null => {
    const match = /^(\d+)\/(\d+)([smh])$/.exec(value);
    if (!match) return null;
    const [, count = '', amount = '', unit = 's'] = match;
    return {
      max: Number(count),
      windowMs: Number(amount) * WINDOW_UNITS_MS[unit as keyof typeof WINDOW_UNITS_MS],
    };
  });

/**
 * Which proxies may name the client's address in X-Forwarded-For: a hop count (`1`: the one
 * proxy in front), or addresses and CIDR ranges (`10.0.0.0/8,127.0.0.1`; also `loopback`,
 * `linklocal`, `uniquelocal`). Never "trust anyone": any client could then pick its own address
 * and walk around every per-address limit.
 */
const TrustProxySetting = z
  .string()
  .regex(
    /^(?:[1-9]|(?:[0-9a-fA-F:.]+(?:\/\d{1,3})?|loopback|linklocal|uniquelocal)(?:\s*,\s*(?:[0-9a-fA-F:.]+(?:\/\d{1,3})?|loopback|linklocal|uniquelocal))*)$/,
    'Must be a hop count (1-9) or a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal',
  )
  .refine(
    (value) => !value.split(',').some((part) => /\/0+$/.test(part.trim())),
    'A /0 range trusts every address: name the proxies',
  )
  .transform((value): TrustProxy =>
    /^\d$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim()),
  );

const EnvSchema = z.object({
  PORT: optional(z.coerce.number({ error: 'Must be a port number' }).int().min(0).max(65_535)),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(HttpUrl),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'Must be a postgres:// URL')),
  ECOMMERCE_API_URL: optional(HttpUrl),
  CATALOG_API_URL: optional(HttpUrl),
  CATALOG_API_KEY: optional(z.string().min(8, 'Must be at least 8 characters')),
  UPSTREAM_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(100).max(120_000),
  ),
  // Below 64 KiB even a short listing would not fit; above 256 MiB the cap protects nothing.
  UPSTREAM_MAX_ANSWER_BYTES: optional(
    z.coerce
      .number({ error: 'Must be bytes' })
      .int()
      .min(64 * 1024)
      .max(256 * 1024 * 1024),
  ),
  // One image's whole transfer; its idle limit (no byte for that long) is UPSTREAM_TIMEOUT_MS.
  MEDIA_TRANSFER_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(1000).max(600_000),
  ),
  // How long a client may take to send its request (headers, and headers with the body), and
  // keep an idle connection.
  REQUEST_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(1000).max(600_000),
  ),
  HEADERS_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(1000).max(600_000),
  ),
  KEEP_ALIVE_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(1000).max(600_000),
  ),
  // 0 turns the relay's cache off; an hour at most, since instances do not share it.
  RELAY_CACHE_TTL_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(0).max(3_600_000),
  ),
  WEBAPP_DIST: optional(z.string()),
  // The key ends up in a script URL in the browser: the webapp accepts only these characters.
  YANDEX_MAPS_API_KEY: optional(
    z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'Must be 8-100 characters A-Z a-z 0-9 -'),
  ),
  BOT_TOKEN: optional(
    z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'Must look like 123456:ABC-token from @BotFather'),
  ),
  TELEGRAM_API_ROOT: optional(
    z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
      // grammY refuses an apiRoot with a trailing slash; say so here rather than at start.
      .refine((value) => !value.endsWith('/'), 'Remove the trailing slash'),
  ),
  BOT_MODE: optional(z.enum(['polling', 'webhook'])),
  // Telegram allows 1-256 characters A-Z a-z 0-9 _ - in X-Telegram-Bot-Api-Secret-Token.
  WEBHOOK_SECRET: optional(
    z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'Must be 16-256 characters A-Z a-z 0-9 _ -'),
  ),
  INIT_DATA_MAX_AGE_SECONDS: optional(Seconds),
  // The HMAC key backends sign order-event deliveries with (POST /tg/order-events).
  ORDER_EVENTS_SECRET: optional(OrderEventsSecret),
  // How often an open page looks for a newer build of the webapp (/version.json); sent to it.
  BUILD_POLL_INTERVAL_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(1000).max(86_400_000),
  ),
  // How often the server asks a backend that cannot push for its open orders' details; 0: never.
  ORDER_POLL_INTERVAL_MS: optional(
    z.coerce
      .number({ error: 'Must be milliseconds' })
      .int()
      .min(0)
      .max(86_400_000)
      .pipe(z.number().refine((ms) => ms === 0 || ms >= 1000, 'Must be 0 (off) or at least 1000')),
  ),
  // How long an instance holds a claimed order message before another may send it. It must
  // outlast one send with its retries (about two minutes at most); shorter only for tests.
  NOTIFIER_SEND_LEASE_MS: optional(
    z.coerce.number({ error: 'Must be milliseconds' }).int().min(5000).max(3_600_000),
  ),
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  // Rate-limit counters shared by every instance; without it each instance counts alone.
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'Must be a redis:// or rediss:// URL')),
  RATE_LIMIT_REDIS_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9:_.-]{1,60}$/, 'Letters, digits and : _ . - only, at most 60'),
  ),
  TRUST_PROXY: optional(TrustProxySetting),
  RATE_LIMIT_SIGN_IN_CODES_PER_CLIENT: optional(RateLimitSetting),
  RATE_LIMIT_SIGN_IN_CODES_OVERALL: optional(RateLimitSetting),
  RATE_LIMIT_CODE_CHECKS_PER_CLIENT: optional(RateLimitSetting),
  RATE_LIMIT_ORDERS_PER_ACCOUNT: optional(RateLimitSetting),
  RATE_LIMIT_REQUESTS_PER_CLIENT: optional(RateLimitSetting),
});

/**
 * Rules between keys, checked on the raw values so they are reported together with any per-key
 * problem (a zod refinement on the object would only run once every key is valid).
 */
function crossKeyProblems(env: Env): string[] {
  const isSet = (key: string) => env[key] !== undefined && env[key] !== '';
  const problems = togetherProblems(
    env,
    ['ECOMMERCE_API_URL', 'CATALOG_API_URL', 'CATALOG_API_KEY'],
    'set all three, or none for the embedded backend',
  );
  // Node refuses headers allowed longer than the whole request they are part of. (A value that
  // is bad in itself is reported as such, not here too.)
  const request = EnvSchema.shape.REQUEST_TIMEOUT_MS.safeParse(env.REQUEST_TIMEOUT_MS);
  const headers = EnvSchema.shape.HEADERS_TIMEOUT_MS.safeParse(env.HEADERS_TIMEOUT_MS);
  if (request.success && headers.success) {
    const requestMs = request.data ?? DEFAULT_CLIENT_TIMEOUTS.requestMs;
    const headersMs = headers.data ?? DEFAULT_CLIENT_TIMEOUTS.headersMs;
    if (headersMs > requestMs) {
      problems.push(
        `HEADERS_TIMEOUT_MS: Must not be longer than REQUEST_TIMEOUT_MS (${String(requestMs)})`,
      );
    }
  }
  if (env.BOT_MODE === 'webhook') {
    if (!isSet('WEBHOOK_SECRET')) problems.push('WEBHOOK_SECRET: Required when BOT_MODE=webhook');
    if (!isSet('BOT_TOKEN')) problems.push('BOT_TOKEN: Required when BOT_MODE=webhook');
  }
  return problems;
}

/** Fastify's `trustProxy`: how many proxies, or which addresses, may set the client address. */
export type TrustProxy = number | string[];

export interface ClientTimeouts {
  /** The whole request, headers and body, must have arrived within this. */
  requestMs: number;
  /** The headers must have arrived within this (a connection that sends nothing too). */
  headersMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
}

export interface Upstreams {
  ecommerceUrl: string;
  catalogUrl: string;
  catalogApiKey: string;
}

export type TelegramConfig =
  | { enabled: false }
  | {
      enabled: true;
      token: string;
      apiRoot: string | undefined;
      mode: 'polling';
    }
  | {
      enabled: true;
      token: string;
      apiRoot: string | undefined;
      mode: 'webhook';
      webhookSecret: string;
    };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** null: no upstreams configured, so main starts the embedded reference backend. */
  upstreams: Upstreams | null;
  upstreamTimeoutMs: number;
  /** The largest backend answer the relay reads; a larger one is refused with a 502. */
  upstreamMaxAnswerBytes: number;
  /** How long one image may take to pass from the catalogue to the shopper. */
  mediaTransferTimeoutMs: number;
  /** How long a client may take to send a request, and keep an idle connection. */
  clientTimeouts: ClientTimeouts;
  /** How long public catalogue and content answers are reused; 0: not at all. */
  relayCacheTtlMs: number;
  /** What the embedded backend runs with (used only when `upstreams` is null). */
  embeddedBackend: BackendSettings;
  /**
   * The most of one item one order may carry, as the backend the relay talks to allows it: the
   * embedded backend's ORDER_LINE_QUANTITY_LIMIT, or the contract's default with outside
   * backends. The webapp's quantity steppers should stop here.
   */
  orderLineQuantityLimit: number;
  webappDist: string;
  yandexMapsApiKey: string | undefined;
  /** How often an open page looks for a newer build; undefined: the webapp's own 10 minutes. */
  buildPollIntervalMs: number | undefined;
  telegram: TelegramConfig;
  initDataMaxAgeSeconds: number;
  /**
   * The key of signed order-event deliveries. Unset: in embedded mode one is generated into the
   * data dir (main.ts); with outside backends nothing can push events.
   */
  orderEventsSecret: string | undefined;
  /**
   * How often open orders' details are polled for status changes (notifier/order-poller.ts);
   * 0: not at all. Default 0 when the backend pushes its events (embedded mode, or
   * ORDER_EVENTS_SECRET set for outside backends), else 60000.
   */
  orderPollIntervalMs: number;
  /**
   * How long a claimed order message stays with the instance that claimed it; one that dies
   * mid-send leaves it to another after this long.
   */
  notifierSendLeaseMs: number;
  logLevel: string;
  /** Shared rate-limit counters (REDIS_URL); undefined: each instance counts in memory. */
  redisUrl: string | undefined;
  /**
   * What the counters' keys in Redis start with: one shop's instances share it, and two shops
   * on one Redis need two (RATE_LIMIT_REDIS_PREFIX).
   */
  redisPrefix: string;
  /** Which proxies may name the client's address; undefined: the socket's address is the client. */
  trustProxy: TrustProxy | undefined;
  rateLimits: RateLimits;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once; the only place in this package that reads it. The embedded
 * backend's settings are read by the backend's own config module, and their problems listed
 * with the rest.
 */
export function loadConfig(env: Env = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const embeddedBackend = readBackendSettings(env);
  const problems = [
    ...(parsed.success ? [] : problemLines(parsed.error)),
    ...(embeddedBackend.ok ? [] : embeddedBackend.problems),
    ...crossKeyProblems(env),
  ];
  if (!parsed.success || !embeddedBackend.ok || problems.length > 0) {
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;

  const upstreams =
    e.ECOMMERCE_API_URL !== undefined &&
    e.CATALOG_API_URL !== undefined &&
    e.CATALOG_API_KEY !== undefined
      ? {
          ecommerceUrl: e.ECOMMERCE_API_URL,
          catalogUrl: e.CATALOG_API_URL,
          catalogApiKey: e.CATALOG_API_KEY,
        }
      : null;

  let telegram: TelegramConfig = { enabled: false };
  if (e.BOT_TOKEN !== undefined) {
    telegram =
      e.BOT_MODE === 'webhook' && e.WEBHOOK_SECRET !== undefined
        ? {
            enabled: true,
            token: e.BOT_TOKEN,
            apiRoot: e.TELEGRAM_API_ROOT,
            mode: 'webhook',
            webhookSecret: e.WEBHOOK_SECRET,
          }
        : { enabled: true, token: e.BOT_TOKEN, apiRoot: e.TELEGRAM_API_ROOT, mode: 'polling' };
  }

  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    publicUrl: e.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    dataDir: resolve(e.DATA_DIR ?? DEFAULT_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    upstreams,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS ?? 10_000,
    upstreamMaxAnswerBytes: e.UPSTREAM_MAX_ANSWER_BYTES ?? DEFAULT_UPSTREAM_MAX_ANSWER_BYTES,
    mediaTransferTimeoutMs: e.MEDIA_TRANSFER_TIMEOUT_MS ?? DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS,
    clientTimeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS ?? DEFAULT_CLIENT_TIMEOUTS.requestMs,
      headersMs: e.HEADERS_TIMEOUT_MS ?? DEFAULT_CLIENT_TIMEOUTS.headersMs,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS ?? DEFAULT_CLIENT_TIMEOUTS.keepAliveMs,
    },
    relayCacheTtlMs: e.RELAY_CACHE_TTL_MS ?? 30_000,
    embeddedBackend: embeddedBackend.value,
    orderLineQuantityLimit:
      upstreams === null
        ? embeddedBackend.value.orderLimits.lineQuantity
        : ORDER_LINE_QUANTITY_LIMIT,
    webappDist:
      e.WEBAPP_DIST !== undefined ? resolve(e.WEBAPP_DIST) : resolve(REPO_ROOT, 'webapp/dist'),
    yandexMapsApiKey: e.YANDEX_MAPS_API_KEY,
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
    telegram,
    initDataMaxAgeSeconds: e.INIT_DATA_MAX_AGE_SECONDS ?? 3600,
    orderEventsSecret: e.ORDER_EVENTS_SECRET,
    orderPollIntervalMs:
      e.ORDER_POLL_INTERVAL_MS ??
      (upstreams === null || e.ORDER_EVENTS_SECRET !== undefined ? 0 : DEFAULT_ORDER_POLL_MS),
    notifierSendLeaseMs: e.NOTIFIER_SEND_LEASE_MS ?? DEFAULT_LEASE_MS,
    logLevel: e.LOG_LEVEL ?? 'info',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.RATE_LIMIT_REDIS_PREFIX ?? DEFAULT_REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      signInCodesPerClient: limitOr(
        e.RATE_LIMIT_SIGN_IN_CODES_PER_CLIENT,
        DEFAULT_RATE_LIMITS.signInCodesPerClient,
      ),
      signInCodesOverall: limitOr(
        e.RATE_LIMIT_SIGN_IN_CODES_OVERALL,
        DEFAULT_RATE_LIMITS.signInCodesOverall,
      ),
      codeChecksPerClient: limitOr(
        e.RATE_LIMIT_CODE_CHECKS_PER_CLIENT,
        DEFAULT_RATE_LIMITS.codeChecksPerClient,
      ),
      ordersPerAccount: limitOr(
        e.RATE_LIMIT_ORDERS_PER_ACCOUNT,
        DEFAULT_RATE_LIMITS.ordersPerAccount,
      ),
      requestsPerClient: limitOr(
        e.RATE_LIMIT_REQUESTS_PER_CLIENT,
        DEFAULT_RATE_LIMITS.requestsPerClient,
      ),
    },
  };
}

/** A configured limit (null when `off`), or the default when the variable is not set. */
function limitOr(configured: Limit | null | undefined, fallback: Limit | null): Limit | null {
  return configured === undefined ? fallback : configured;
}

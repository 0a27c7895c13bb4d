// The backend's settings, read from the environment once. Two programs run the backend: its own
// main.ts (loadConfig: these settings and the standalone process's own) and the bot server, whose
// config reads them with readBackendSettings for the backend it starts embedded. So a variable
// means the same, with the same default, whichever program reads it.
import {
  DatabaseUrl,
  DEFAULT_LOG_LEVEL,
  type Env,
  HttpUrl,
  LogLevel,
  Milliseconds,
  OrderEventsSecret,
  Port,
  WholeNumber,
  isSet,
  optional,
  problemLines,
  togetherProblems,
  type Reading,
} from '@shop/shared/server';
import { z } from 'zod';
import {
  DEFAULT_ORDER_LIMITS,
  DEFAULT_SIGN_IN_LIMITS,
  type OrderLimits,
  type SignInLimits,
} from './abuse-limits';
import { DEFAULT_DATA_DIR, MIN_API_KEY_LENGTH } from './api-key';
import { DEFAULT_PAYMENT_HOLD_MINUTES } from './app';
import { DEFAULT_CATALOG_CACHE_TTL_MS } from './catalog/catalog-service';
import type { PaymeCashbox } from './embedded';
import { DEFAULT_DEMO_ORDER_FLOW_INTERVAL_MS } from './orders/demo-order-flow';
import { DEFAULT_ESKIZ_API_URL } from './sms/eskiz/eskiz-protocol';
import { DEFAULT_ESKIZ_TIMEOUT_MS } from './sms/eskiz/eskiz-provider';
import type { SmsSettings } from './sms/sms-settings';
import { readPaymentSettings, type PaymentSettings } from './payments/payment-settings';

const BackendSettingsSchema = z.object({
  // 0 turns the catalogue cache off; the backend's own orders clear it at once.
  CATALOG_CACHE_TTL_MS: optional(Milliseconds(0, 3_600_000)),
  // A Payme cashbox (all three or none; none runs the local Payme sandbox).
  PAYME_API_URL: optional(HttpUrl),
  PAYME_MERCHANT_ID: optional(z.string().min(1).max(200)),
  PAYME_KEY: optional(z.string().min(1).max(500)),
  PAYMENT_HOLD_MINUTES: optional(
    z.coerce
      .number({ error: 'Must be minutes' })
      .int()
      .min(1)
      .max(7 * 24 * 60),
  ),
  // The abuse limits (abuse-limits.ts has what each means and its default).
  ORDERS_OPEN_UNPAID_LIMIT: optional(WholeNumber(1, 1000)),
  ORDERS_PER_DAY_LIMIT: optional(WholeNumber(1, 10_000)),
  // The order contract takes at most 999 of one item anyway.
  ORDER_LINE_QUANTITY_LIMIT: optional(WholeNumber(1, 999)),
  ORDERS_OPEN_ITEM_UNITS_LIMIT: optional(WholeNumber(1, 100_000)),
  ORDERS_OPEN_UNITS_LIMIT: optional(WholeNumber(1, 1_000_000)),
  OTP_FAILED_CHECKS_LIMIT: optional(WholeNumber(1, 1000)),
  OTP_FAILED_CHECKS_HOURS: optional(WholeNumber(1, 30 * 24)),
  OTP_LOCK_HOURS: optional(WholeNumber(1, 30 * 24)),
  // Move open orders along by themselves (a demo of an order's whole life).
  DEMO_ORDER_FLOW: optional(z.enum(['0', '1'], { error: 'Must be 0 or 1' })),
  DEMO_ORDER_FLOW_INTERVAL_MS: optional(Milliseconds(1000, 86_400_000)),
  // console: codes printed and written to the outbox (development); eskiz: real SMS. Any other
  // name is a configuration error rather than a silent fallback to printing codes.
  SMS_PROVIDER: optional(z.enum(['console', 'eskiz'], { error: 'Must be console or eskiz' })),
  ESKIZ_EMAIL: optional(z.string().max(200)),
  ESKIZ_PASSWORD: optional(z.string().max(500)),
  // The sender name or short number Eskiz gave the account.
  ESKIZ_FROM: optional(z.string().max(20)),
  ESKIZ_API_URL: optional(HttpUrl),
  // Kept under the relay's UPSTREAM_TIMEOUT_MS (10 s), so the shopper reads our answer, not its.
  ESKIZ_TIMEOUT_MS: optional(Milliseconds(500, 30_000)),
});

/** What the backend runs with, whichever program starts it; every value filled in. */
export interface BackendSettings {
  /** How long listing totals, facet counts and categories are reused; 0: no cache. */
  catalogCacheTtlMs: number;
  /** A real Payme cashbox; null: the local Payme sandbox. */
  payme: PaymeCashbox | null;
  /** Minutes an unpaid card order is held before it is cancelled and its stock returned. */
  paymentHoldMinutes: number;
  orderLimits: OrderLimits;
  signInLimits: SignInLimits;
  /** DEMO_ORDER_FLOW=1: open orders move one step every `intervalMs`; null: they wait. */
  demoOrderFlow: { intervalMs: number } | null;
  /** Who sends sign-in codes. */
  sms: SmsSettings;
  /** Click, the pay pages, and who holds saved cards. */
  paymentWays: PaymentSettings;
}

const PAYME_KEYS = ['PAYME_API_URL', 'PAYME_MERCHANT_ID', 'PAYME_KEY'];
const ESKIZ_ACCOUNT_KEYS = ['ESKIZ_EMAIL', 'ESKIZ_PASSWORD', 'ESKIZ_FROM'];

/** Eskiz without its account would fail only at the first shopper's code: a start-up problem. */
function eskizProblems(env: Env): string[] {
  if (env.SMS_PROVIDER !== 'eskiz') return [];
  return ESKIZ_ACCOUNT_KEYS.filter((key) => !isSet(env, key)).map(
    (key) => `${key}: Required when SMS_PROVIDER is eskiz (the Eskiz account's sign-in and sender)`,
  );
}

function smsSettings(e: z.infer<typeof BackendSettingsSchema>): SmsSettings {
  if (e.SMS_PROVIDER !== 'eskiz') return { provider: 'console' };
  return {
    provider: 'eskiz',
    apiUrl: e.ESKIZ_API_URL ?? DEFAULT_ESKIZ_API_URL,
    email: e.ESKIZ_EMAIL ?? '',
    password: e.ESKIZ_PASSWORD ?? '',
    from: e.ESKIZ_FROM ?? '',
    timeoutMs: e.ESKIZ_TIMEOUT_MS ?? DEFAULT_ESKIZ_TIMEOUT_MS,
  };
}

/**
 * The backend's own settings, or every problem in them. A half-configured cashbox would fail at
 * the first payment, so it is a problem here instead.
 */
export function readBackendSettings(env: Env): Reading<BackendSettings> {
  const parsed = BackendSettingsSchema.safeParse(env);
  const paymentWays = readPaymentSettings(env);
  const problems = [
    ...(parsed.success ? [] : problemLines(parsed.error)),
    ...togetherProblems(env, PAYME_KEYS, 'set all three, or none for the sandbox'),
    ...eskizProblems(env),
    ...(paymentWays.ok ? [] : paymentWays.problems),
  ];
  if (!parsed.success || !paymentWays.ok || problems.length > 0) return { ok: false, problems };
  const e = parsed.data;
  return {
    ok: true,
    value: {
      catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS ?? DEFAULT_CATALOG_CACHE_TTL_MS,
      payme:
        e.PAYME_API_URL !== undefined &&
        e.PAYME_MERCHANT_ID !== undefined &&
        e.PAYME_KEY !== undefined
          ? { url: e.PAYME_API_URL, merchantId: e.PAYME_MERCHANT_ID, key: e.PAYME_KEY }
          : null,
      paymentHoldMinutes: e.PAYMENT_HOLD_MINUTES ?? DEFAULT_PAYMENT_HOLD_MINUTES,
      orderLimits: {
        openUnpaidOrders: e.ORDERS_OPEN_UNPAID_LIMIT ?? DEFAULT_ORDER_LIMITS.openUnpaidOrders,
        ordersPerDay: e.ORDERS_PER_DAY_LIMIT ?? DEFAULT_ORDER_LIMITS.ordersPerDay,
        lineQuantity: e.ORDER_LINE_QUANTITY_LIMIT ?? DEFAULT_ORDER_LIMITS.lineQuantity,
        openItemUnits: e.ORDERS_OPEN_ITEM_UNITS_LIMIT ?? DEFAULT_ORDER_LIMITS.openItemUnits,
        openUnits: e.ORDERS_OPEN_UNITS_LIMIT ?? DEFAULT_ORDER_LIMITS.openUnits,
      },
      signInLimits: {
        failedChecks: e.OTP_FAILED_CHECKS_LIMIT ?? DEFAULT_SIGN_IN_LIMITS.failedChecks,
        failedChecksWindowHours:
          e.OTP_FAILED_CHECKS_HOURS ?? DEFAULT_SIGN_IN_LIMITS.failedChecksWindowHours,
        lockHours: e.OTP_LOCK_HOURS ?? DEFAULT_SIGN_IN_LIMITS.lockHours,
      },
      demoOrderFlow:
        e.DEMO_ORDER_FLOW === '1'
          ? { intervalMs: e.DEMO_ORDER_FLOW_INTERVAL_MS ?? DEFAULT_DEMO_ORDER_FLOW_INTERVAL_MS }
          : null,
      sms: smsSettings(e),
      paymentWays: paymentWays.value,
    },
  };
}

/** The standalone backend's own process: where it listens, its data, its secrets. */
const StandaloneSchema = z.object({
  PORT: optional(Port),
  HOST: optional(z.string().min(1)),
  DATA_DIR: optional(z.string().min(1)),
  DATABASE_URL: optional(DatabaseUrl),
  CATALOG_API_KEY: optional(z.string().min(MIN_API_KEY_LENGTH)),
  // Where order events are delivered (the bot server's /tg/order-events); both or neither.
  ORDER_EVENTS_URL: optional(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })),
  ORDER_EVENTS_SECRET: optional(OrderEventsSecret),
  OPERATOR_SECRET: optional(z.string().min(16).max(500)),
  LOG_LEVEL: optional(LogLevel),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A PostgreSQL server; undefined: PGlite under the data dir. */
  databaseUrl: string | undefined;
  /** undefined: one is generated once per data dir. */
  catalogApiKey: string | undefined;
  /** Where order events go; null: they are kept in the outbox, not sent. */
  orderEvents: { url: string; secret: string } | null;
  /** undefined: one is generated once per data dir. */
  operatorSecret: string | undefined;
  logLevel: string;
  backend: BackendSettings;
}

/** ORDER_EVENTS_URL without its secret (or the other way round) could never deliver. */
function orderEventsProblems(env: Env): string[] {
  if (isSet(env, 'ORDER_EVENTS_URL') === isSet(env, 'ORDER_EVENTS_SECRET')) return [];
  const [missing, given] = isSet(env, 'ORDER_EVENTS_URL')
    ? ['ORDER_EVENTS_SECRET', 'ORDER_EVENTS_URL']
    : ['ORDER_EVENTS_URL', 'ORDER_EVENTS_SECRET'];
  return [`${missing}: Required with ${given}`];
}

/** The standalone backend's configuration; a bad one fails with every bad key listed. */
export function loadConfig(env: Env): Config {
  const parsed = StandaloneSchema.safeParse(env);
  const backend = readBackendSettings(env);
  const problems = [
    ...(parsed.success ? [] : problemLines(parsed.error)),
    ...(backend.ok ? [] : backend.problems),
    ...orderEventsProblems(env),
  ];
  if (!parsed.success || !backend.ok || problems.length > 0) {
    throw new Error(
      `Invalid backend configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT ?? 4000,
    host: e.HOST ?? '127.0.0.1',
    dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    catalogApiKey: e.CATALOG_API_KEY,
    orderEvents:
      e.ORDER_EVENTS_URL !== undefined && e.ORDER_EVENTS_SECRET !== undefined
        ? { url: e.ORDER_EVENTS_URL, secret: e.ORDER_EVENTS_SECRET }
        : null,
    operatorSecret: e.OPERATOR_SECRET,
    logLevel: e.LOG_LEVEL ?? DEFAULT_LOG_LEVEL,
    backend: backend.value,
  };
}

import { z } from 'zod';
import {
  DEFAULT_ORDER_LIMITS,
  DEFAULT_SIGN_IN_LIMITS,
  LIMIT_RANGES,
  type OrderLimits,
  type SignInLimits,
} from './abuse-limits';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);

/** A whole number from `min` to `max`, `fallback` when unset. */
const boundedInt = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().min(min).max(max).default(fallback));

export const ConfigSchema = z.object({
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65_535).default(4000)),
  HOST: z.preprocess(emptyAsUnset, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().min(1).default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'Must be a postgres:// URL')
      .optional(),
  ),
  CATALOG_API_KEY: z.preprocess(emptyAsUnset, z.string().min(16).optional()),
  CATALOG_CACHE_TTL_MS: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ),
  // Payme's Subscribe API; all three or none (none: the local sandbox processor).
  PAYME_API_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).optional(),
  ),
  PAYME_MERCHANT_ID: z.preprocess(emptyAsUnset, z.string().min(1).max(200).optional()),
  PAYME_KEY: z.preprocess(emptyAsUnset, z.string().min(1).max(500).optional()),
  PAYMENT_HOLD_MINUTES: z.preprocess(
    emptyAsUnset,
    z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
  ),
  // Where order events are delivered (the bot server's /tg/order-events); both or neither.
  ORDER_EVENTS_URL: z.preprocess(
    emptyAsUnset,
    z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).optional(),
  ),
  ORDER_EVENTS_SECRET: z.preprocess(emptyAsUnset, z.string().min(16).max(500).optional()),
  OPERATOR_SECRET: z.preprocess(emptyAsUnset, z.string().min(16).max(500).optional()),
  // Abuse limits (abuse-limits.ts): one account's orders, one item per order, wrong sign-in codes.
  ORDERS_OPEN_UNPAID_LIMIT: boundedInt(
    ...LIMIT_RANGES.ORDERS_OPEN_UNPAID_LIMIT,
    DEFAULT_ORDER_LIMITS.openUnpaidOrders,
  ),
  ORDERS_PER_DAY_LIMIT: boundedInt(
    ...LIMIT_RANGES.ORDERS_PER_DAY_LIMIT,
    DEFAULT_ORDER_LIMITS.ordersPerDay,
  ),
  ORDER_LINE_QUANTITY_LIMIT: boundedInt(
    ...LIMIT_RANGES.ORDER_LINE_QUANTITY_LIMIT,
    DEFAULT_ORDER_LIMITS.lineQuantity,
  ),
  OTP_FAILED_CHECKS_LIMIT: boundedInt(
    ...LIMIT_RANGES.OTP_FAILED_CHECKS_LIMIT,
    DEFAULT_SIGN_IN_LIMITS.failedChecks,
  ),
  OTP_FAILED_CHECKS_HOURS: boundedInt(
    ...LIMIT_RANGES.OTP_FAILED_CHECKS_HOURS,
    DEFAULT_SIGN_IN_LIMITS.failedChecksWindowHours,
  ),
  OTP_LOCK_HOURS: boundedInt(...LIMIT_RANGES.OTP_LOCK_HOURS, DEFAULT_SIGN_IN_LIMITS.lockHours),
  DEMO_ORDER_FLOW: z.preprocess(emptyAsUnset, z.enum(['0', '1']).default('0')),
  DEMO_ORDER_FLOW_INTERVAL_MS: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export type Config = z.infer<typeof ConfigSchema>;

export const PAYME_KEYS = ['PAYME_API_URL', 'PAYME_MERCHANT_ID', 'PAYME_KEY'] as const;

/** The Payme keys set without the others: a half-configured cashbox would fail at the first
 * payment, so it fails the start instead. */
export function paymeKeyProblems(env: Readonly<Record<string, string | undefined>>): string[] {
  const isSet = (key: string) => env[key] !== undefined && env[key] !== '';
  const set = PAYME_KEYS.filter(isSet);
  if (set.length === 0 || set.length === PAYME_KEYS.length) return [];
  return PAYME_KEYS.filter((key) => !isSet(key)).map(
    (key) =>
      `${key}: Required when ${set.join(', ')} is set (set all three, or none for the sandbox)`,
  );
}

/** The Payme cashbox, when all three keys are set. */
export function paymeConfig(
  config: Pick<Config, 'PAYME_API_URL' | 'PAYME_MERCHANT_ID' | 'PAYME_KEY'>,
): { url: string; merchantId: string; key: string } | null {
  const { PAYME_API_URL: url, PAYME_MERCHANT_ID: merchantId, PAYME_KEY: key } = config;
  return url !== undefined && merchantId !== undefined && key !== undefined
    ? { url, merchantId, key }
    : null;
}

/** ORDER_EVENTS_URL without its secret (or the other way round) could never deliver. */
export function orderEventsKeyProblems(
  env: Readonly<Record<string, string | undefined>>,
): string[] {
  const isSet = (key: string) => env[key] !== undefined && env[key] !== '';
  if (isSet('ORDER_EVENTS_URL') === isSet('ORDER_EVENTS_SECRET')) return [];
  const missing = isSet('ORDER_EVENTS_URL') ? 'ORDER_EVENTS_SECRET' : 'ORDER_EVENTS_URL';
  return [
    `${missing}: Required with ${missing === 'ORDER_EVENTS_URL' ? 'ORDER_EVENTS_SECRET' : 'ORDER_EVENTS_URL'}`,
  ];
}

/** Where order events go, when configured. */
export function orderEventsConfig(
  config: Pick<Config, 'ORDER_EVENTS_URL' | 'ORDER_EVENTS_SECRET'>,
): { url: string; secret: string } | null {
  const { ORDER_EVENTS_URL: url, ORDER_EVENTS_SECRET: secret } = config;
  return url !== undefined && secret !== undefined ? { url, secret } : null;
}

export function orderLimitsConfig(
  config: Pick<
    Config,
    'ORDERS_OPEN_UNPAID_LIMIT' | 'ORDERS_PER_DAY_LIMIT' | 'ORDER_LINE_QUANTITY_LIMIT'
  >,
): OrderLimits {
  return {
    openUnpaidOrders: config.ORDERS_OPEN_UNPAID_LIMIT,
    ordersPerDay: config.ORDERS_PER_DAY_LIMIT,
    lineQuantity: config.ORDER_LINE_QUANTITY_LIMIT,
  };
}

export function signInLimitsConfig(
  config: Pick<Config, 'OTP_FAILED_CHECKS_LIMIT' | 'OTP_FAILED_CHECKS_HOURS' | 'OTP_LOCK_HOURS'>,
): SignInLimits {
  return {
    failedChecks: config.OTP_FAILED_CHECKS_LIMIT,
    failedChecksWindowHours: config.OTP_FAILED_CHECKS_HOURS,
    lockHours: config.OTP_LOCK_HOURS,
  };
}

/** Parses the environment once; a bad config fails with every bad key listed (values are not echoed). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = ConfigSchema.safeParse(env);
  const lines = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...paymeKeyProblems(env),
    ...orderEventsKeyProblems(env),
  ];
  if (result.success && lines.length === 0) return result.data;
  throw new Error(`Invalid backend configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

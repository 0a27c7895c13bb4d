// The server's rate limits (per client, per account, overall) and where their counters live.
import { optional } from '@shop/shared/server';
import { z } from 'zod';
import {
  DEFAULT_RATE_LIMITS,
  DEFAULT_REDIS_PREFIX,
  type Limit,
  type RateLimits,
} from '../web/rate-limits';

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

export const LimitsSettings = z.object({
  // Rate-limit counters shared by every instance; without it each instance counts alone.
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'Must be a redis:// or rediss:// URL')),
  RATE_LIMIT_REDIS_PREFIX: optional(
    z.string().regex(/^[A-Za-z0-9:_.-]{1,60}$/, 'Letters, digits and : _ . - only, at most 60'),
  ),
  RATE_LIMIT_SIGN_IN_CODES_PER_CLIENT: optional(RateLimitSetting),
  RATE_LIMIT_SIGN_IN_CODES_OVERALL: optional(RateLimitSetting),
  RATE_LIMIT_CODE_CHECKS_PER_CLIENT: optional(RateLimitSetting),
  RATE_LIMIT_ORDERS_PER_ACCOUNT: optional(RateLimitSetting),
  RATE_LIMIT_REQUESTS_PER_CLIENT: optional(RateLimitSetting),
});

export interface LimitsConfig {
  /** Shared rate-limit counters (REDIS_URL); undefined: each instance counts in memory. */
  redisUrl: string | undefined;
  /**
   * What the counters' keys in Redis start with: one shop's instances share it, and two shops
   * on one Redis need two (RATE_LIMIT_REDIS_PREFIX).
   */
  redisPrefix: string;
  rateLimits: RateLimits;
}

/** A configured limit (null when `off`), or the default when the variable is not set. */
function limitOr(configured: Limit | null | undefined, fallback: Limit | null): Limit | null {
  return configured === undefined ? fallback : configured;
}

export function limitsConfig(e: z.infer<typeof LimitsSettings>): LimitsConfig {
  return {
    redisUrl: e.REDIS_URL,
    redisPrefix: e.RATE_LIMIT_REDIS_PREFIX ?? DEFAULT_REDIS_PREFIX,
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

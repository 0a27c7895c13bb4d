// The abuse limits an operator may tune (issue 10 §1) and their defaults. config.ts reads them
// from the backend's environment; the bot server reads the same variables and hands them to the
// embedded backend, which fills in what is not set from here.
import { ORDER_LINE_QUANTITY_LIMIT } from '@shop/shared';

export interface OrderLimits {
  /** Orders one account may have at once that are neither paid nor over (completed, cancelled). */
  openUnpaidOrders: number;
  /** Orders one account may place in any 24 hours (a rolling window, not a calendar day). */
  ordersPerDay: number;
  /** Units of one item (variant) one order may carry. */
  lineQuantity: number;
}

export const DEFAULT_ORDER_LIMITS: Readonly<OrderLimits> = {
  openUnpaidOrders: 5,
  ordersPerDay: 20,
  // What the webapp's steppers allow, so a cart built there is never refused for it.
  lineQuantity: ORDER_LINE_QUANTITY_LIMIT,
};

export interface SignInLimits {
  /** Wrong codes one phone may try within the window before it is locked (over any codes). */
  failedChecks: number;
  /** The rolling window the wrong codes are counted over; midnight does not reset it. */
  failedChecksWindowHours: number;
  /** How long a phone that reached the limit gets no code sent and no code checked. */
  lockHours: number;
}

export const DEFAULT_SIGN_IN_LIMITS: Readonly<SignInLimits> = {
  // Three codes' worth of wrong tries (5 burn one code) in a day.
  failedChecks: 15,
  failedChecksWindowHours: 24,
  lockHours: 24,
};

/**
 * The smallest and largest value each limit's variable takes, for the backend's config and the
 * bot server's (which passes them on to the embedded backend) alike.
 */
export const LIMIT_RANGES = {
  ORDERS_OPEN_UNPAID_LIMIT: [1, 1000],
  ORDERS_PER_DAY_LIMIT: [1, 10_000],
  // The order contract takes at most 999 of one item anyway.
  ORDER_LINE_QUANTITY_LIMIT: [1, 999],
  OTP_FAILED_CHECKS_LIMIT: [1, 1000],
  OTP_FAILED_CHECKS_HOURS: [1, 30 * 24],
  OTP_LOCK_HOURS: [1, 30 * 24],
} as const satisfies Record<string, readonly [number, number]>;

/** `defaults`, with each value `given` sets instead (an undefined one keeps the default). */
export function withDefaults<T extends object>(
  defaults: Readonly<T>,
  given: Partial<T> | undefined,
): T {
  // A copy: the caller may keep it; the defaults stay as they are.
  const merged = { ...defaults } as T;
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = given?.[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

// The abuse limits an operator may tune, and their defaults: how many orders one account may
// have open or place in a day, how many of one item an order may carry, how many units its open
// orders may hold, how many wrong sign-in codes a phone may try. config.ts reads them from the environment (and has their ranges).
import { ORDER_LINE_QUANTITY_LIMIT } from '@shop/shared';

export interface OrderLimits {
  /** Orders one account may have at once that are neither paid nor over (completed, cancelled). */
  openUnpaidOrders: number;
  /** Orders one account may place in any 24 hours (a rolling window, not a calendar day). */
  ordersPerDay: number;
  /** Units of one item (variant) one order may carry. */
  lineQuantity: number;
  /** Units of one item one account's open orders (paid or not, not completed or cancelled) hold. */
  openItemUnits: number;
  /** Units in all one account's open orders hold, whatever the items. */
  openUnits: number;
}

export const DEFAULT_ORDER_LIMITS: Readonly<OrderLimits> = {
  openUnpaidOrders: 5,
  ordersPerDay: 20,
  // The contract's default; the server tells the webapp the number in force, for its steppers.
  lineQuantity: ORDER_LINE_QUANTITY_LIMIT,
  // Two full lines of one item, ten in all: a family's big shop or a small office's order goes
  // through, while one phone holds at most a few percent of a well-stocked catalogue.
  openItemUnits: 40,
  openUnits: 200,
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

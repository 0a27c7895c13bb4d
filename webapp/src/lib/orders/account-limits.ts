import { isApiError } from '../api/api-error';

/**
 * Refusals about the account's orders, not about one field of the order: too many open unpaid
 * orders, too many in 24 hours, too many units (of one item, or in all) held by open orders.
 * Their texts are in the shop's first text part (`accountLimits`), as the cart page shows them
 * too, for an order held offline and refused when it was sent. Spelled out here rather than taken from the shared order rules, which would bring the order
 * contracts into the first load.
 */
export const ACCOUNT_LIMIT_RULES = [
  'open_orders_limit',
  'daily_orders_limit',
  'open_item_units_limit',
  'open_units_limit',
] as const;
export type AccountLimitRule = (typeof ACCOUNT_LIMIT_RULES)[number];

export function isAccountLimitRule(rule: unknown): rule is AccountLimitRule {
  return typeof rule === 'string' && (ACCOUNT_LIMIT_RULES as readonly string[]).includes(rule);
}

/** The account limit an order was refused for (422 `order_refused` naming one), or null. */
export function accountLimitRuleOf(error: unknown): AccountLimitRule | null {
  if (!isApiError(error) || error.code !== 'order_refused') return null;
  return error.details.map((detail) => detail.rule).find(isAccountLimitRule) ?? null;
}

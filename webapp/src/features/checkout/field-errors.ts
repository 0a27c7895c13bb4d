import { ORDER_RULES, type FieldError, type OrderRule } from '@shop/shared';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../lib/api/api-error';
import { waitInUnits } from '../../lib/i18n/wait';
import {
  accountLimitRuleOf,
  isAccountLimitRule,
  type AccountLimitRule,
} from '../../lib/orders/account-limits';
import type { CheckoutErrors, CheckoutTarget } from './checkout-form';

/** A rule about the order itself; the account's limits have texts of their own. */
function isOrderRule(rule: string | undefined): rule is Exclude<OrderRule, AccountLimitRule> {
  return (
    rule !== undefined &&
    !isAccountLimitRule(rule) &&
    (ORDER_RULES as readonly string[]).includes(rule)
  );
}

/**
 * The shopper's words for a field error, whoever found it (the shared schema and rules here, or
 * the server): the rule's own text when it names one, else what that field needs.
 */
export function fieldErrorText(t: TFunction, target: CheckoutTarget, error: FieldError): string {
  if (isAccountLimitRule(error.rule)) return t(`accountLimits.${error.rule}`);
  if (isOrderRule(error.rule)) return t(`orderRules.${error.rule}`);
  return t(`checkout.invalid.${target}`);
}

/**
 * The shopper's words for an order refused because of the account's limits (too many open
 * orders, too many in 24 hours), with the wait when the server gave one; null for any other
 * error. No field is highlighted for these, so "check the highlighted fields" would mislead.
 */
export function accountLimitText(t: TFunction, error: ApiError): string | null {
  const rule = accountLimitRuleOf(error);
  if (rule === null) return null;
  const text = t(`accountLimits.${rule}`);
  if (error.retryAfter === undefined) return text;
  const wait = waitInUnits(error.retryAfter);
  const again =
    wait.unit === 'hours'
      ? t('checkout.orderAgainIn.hours', { hours: wait.value })
      : t('checkout.orderAgainIn.minutes', { minutes: wait.value });
  return `${text} ${again}`;
}

/** The text to show beside a field, or undefined when it is fine. */
export function errorFor(
  t: TFunction,
  errors: CheckoutErrors,
  target: CheckoutTarget,
): string | undefined {
  const error = errors[target];
  return error ? fieldErrorText(t, target, error) : undefined;
}

/**
 * Brings the first invalid field (in page order) into view and puts the cursor in it; for a group
 * of choices, its first choice.
 */
export function focusFirstInvalid(root: HTMLElement | null): void {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches('input, select, textarea, button')
    ? invalid
    : (invalid.querySelector<HTMLElement>('input, select, textarea, button') ?? invalid);
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

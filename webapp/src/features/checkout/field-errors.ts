import { ORDER_RULES, type FieldError, type OrderRule } from '@shop/shared';
import type { TFunction } from 'i18next';
import type { CheckoutErrors, CheckoutTarget } from './checkout-form';

function isOrderRule(rule: string | undefined): rule is OrderRule {
  return rule !== undefined && (ORDER_RULES as readonly string[]).includes(rule);
}

/**
 * The shopper's words for a field error, whoever found it (the shared schema and rules here, or
 * the server): the rule's own text when it names one, else what that field needs.
 */
export function fieldErrorText(t: TFunction, target: CheckoutTarget, error: FieldError): string {
  if (isOrderRule(error.rule)) return t(`orderRules.${error.rule}`);
  return t(`checkout.invalid.${target}`);
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

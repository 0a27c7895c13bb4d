import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';

const DECLINE_REASONS = ['insufficient_funds', 'card_blocked', 'card_expired'] as const;
type DeclineReason = (typeof DECLINE_REASONS)[number];

/** Why the card processor declined a charge, as the pay call's refusal names it; null if it did not. */
export function declineReason(error: unknown): DeclineReason | null {
  if (!isApiError(error) || error.code !== 'payment_declined') return null;
  const rule = error.details.find((detail) => detail.field === 'card_id')?.rule;
  return DECLINE_REASONS.find((reason) => reason === rule) ?? null;
}

/** A declined charge in words: its reason when known, else what any decline says. */
export function declinedText(t: TFunction, reason: string | null | undefined): string {
  const known = DECLINE_REASONS.find((candidate) => candidate === reason);
  return known ? t(`payment.declined.${known}`) : t('errors.codes.payment_declined');
}

/** A failed Pay in words: a decline with its reason, else as any failed call. */
export function payErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'payment_declined') {
    return declinedText(t, declineReason(error));
  }
  return errorMessage(t, error);
}

import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error';

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
  return known ? t(`errors.declined.${known}`) : t('errors.codes.payment_declined');
}

/**
 * The shopper-facing text for a failed call: always from our translations, keyed by the error
 * code, so a Russian or Uzbek page never shows the server's English `message`.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.generic');
  // A limit says how long to wait: the shopper reads it, in seconds under a minute.
  if (error.code === 'rate_limited' && error.retryAfter !== undefined && error.retryAfter > 0) {
    return error.retryAfter < 60
      ? t('errors.rateLimitedSeconds', { seconds: error.retryAfter })
      : t('errors.rateLimitedMinutes', { minutes: Math.ceil(error.retryAfter / 60) });
  }
  if (error.code === 'payment_declined') return declinedText(t, declineReason(error));
  return t(`errors.codes.${error.code}`, { defaultValue: t('errors.generic') });
}

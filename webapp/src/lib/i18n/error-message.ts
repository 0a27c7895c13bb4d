import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error';

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
  return t(`errors.codes.${error.code}`, { defaultValue: t('errors.generic') });
}

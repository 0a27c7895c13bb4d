import type { TFunction } from 'i18next';
import { isApiError } from '../api/api-error';

/**
 * The shopper-facing text for a failed call: always from our translations, keyed by the error
 * code, so a Russian or Uzbek page never shows the server's English `message`.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return t('errors.generic');
  return t(`errors.codes.${error.code}`, { defaultValue: t('errors.generic') });
}

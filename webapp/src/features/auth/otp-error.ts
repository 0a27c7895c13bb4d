import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';

export function otpErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && error.code === 'otp_invalid') {
    if (error.attemptsLeft !== undefined) {
      return t('errors.otpInvalidAttempts', { count: error.attemptsLeft });
    }
  }
  if (isApiError(error) && error.code === 'validation_error') {
    const field = error.details[0]?.field;
    if (field === 'phone') return t('auth.phoneInvalid');
    if (field === 'otp') return t('auth.codeInvalid');
  }
  return errorMessage(t, error);
}

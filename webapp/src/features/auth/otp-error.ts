import { PHONE_LOCKED_RULE } from '@shop/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';
import { waitInUnits } from '../../lib/i18n/wait';

/**
 * Too many wrong codes for this phone across codes and days: no code is sent or checked for it
 * until the lock is over (hours, not the minute a burned code waits for).
 */
export function isPhoneLocked(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.code === 'otp_attempts_exceeded' &&
    error.details.some((detail) => detail.rule === PHONE_LOCKED_RULE)
  );
}

export function otpErrorMessage(t: TFunction, error: unknown): string {
  if (isApiError(error) && isPhoneLocked(error)) {
    if (error.retryAfter === undefined) return t('auth.phoneLocked');
    const wait = waitInUnits(error.retryAfter);
    const again =
      wait.unit === 'hours'
        ? t('auth.tryAgainIn.hours', { hours: wait.value })
        : t('auth.tryAgainIn.minutes', { minutes: wait.value });
    return `${t('auth.phoneLocked')} ${again}`;
  }
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

/**
 * A send refused because a code went out moments ago: the seconds until the next one may go
 * (the code step opens meanwhile, so the shopper types the code they have); null otherwise.
 */
export function resendTooSoonWait(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'otp_resend_too_soon') return null;
  return error.retryAfter ?? 60;
}

/**
 * A code refused as burned (too many wrong tries): the seconds until a new code may be sent, for
 * the resend button to follow the server's own wait. Null for a locked phone, whose wait is hours
 * (the message says it in words), and for any other refusal.
 */
export function burnedCodeWait(error: unknown): number | null {
  if (!isApiError(error) || error.code !== 'otp_attempts_exceeded' || isPhoneLocked(error)) {
    return null;
  }
  return error.retryAfter ?? null;
}

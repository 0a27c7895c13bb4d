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

/** Where the sign-in form shows a refusal: on the field the shopper typed into, or over the form. */
export type RefusalPlace = 'phone' | 'code' | 'form';

/** The field whose value the server refused, if it refused one the shopper typed. */
function refusedField(error: unknown): 'phone' | 'code' | null {
  if (!isApiError(error)) return null;
  if (error.code === 'validation_error') {
    const field = error.details[0]?.field;
    return field === 'phone' ? 'phone' : field === 'otp' ? 'code' : null;
  }
  if (error.code === 'otp_invalid' || error.code === 'otp_expired') return 'code';
  if (error.code === 'otp_attempts_exceeded' && !isPhoneLocked(error)) return 'code';
  return null;
}

/**
 * Where a refusal shows on the sign-in step `step` (the phone, or the code texted to it): on that
 * step's field only when the server refused what was typed there. Anything else (the SMS gateway
 * down, a limit or a wait, no connection, a locked phone) shows over the form, and the field is
 * not marked invalid.
 */
export function refusalPlace(error: unknown, step: 'phone' | 'code'): RefusalPlace {
  return refusedField(error) === step ? step : 'form';
}

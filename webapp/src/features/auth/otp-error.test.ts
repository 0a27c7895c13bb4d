import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { isPhoneLocked, otpErrorMessage } from './otp-error';

const t = ((key: string, values?: object) =>
  values ? `<${key} ${JSON.stringify(values)}>` : `<${key}>`) as unknown as TFunction;

const exceeded = (retryAfter: number, rule?: string) =>
  new ApiError({
    code: 'otp_attempts_exceeded',
    message: 'in English',
    status: 429,
    retryAfter,
    details: rule ? [{ field: 'phone', message: 'in English', rule }] : [],
  });

describe('a phone locked after too many wrong codes', () => {
  it('is told apart from a burned code by its rule', () => {
    expect(isPhoneLocked(exceeded(86_400, 'phone_locked'))).toBe(true);
    expect(isPhoneLocked(exceeded(40))).toBe(false);
  });

  it('says so, with the wait in hours, instead of asking for a new code', () => {
    expect(otpErrorMessage(t, exceeded(86_339, 'phone_locked'))).toBe(
      '<auth.phoneLocked> <auth.tryAgainIn.hours {"hours":24}>',
    );
    expect(otpErrorMessage(t, exceeded(40))).toMatch(/^<errors\.codes\.otp_attempts_exceeded\b/);
  });
});

import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { MESSAGES } from '../../lib/i18n/locales/all';
import { burnedCodeWait, isPhoneLocked, otpErrorMessage, resendTooSoonWait } from './otp-error';

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

describe('the wait before another code', () => {
  it('follows a burned code, but not a locked phone', () => {
    expect(burnedCodeWait(exceeded(40))).toBe(40);
    expect(burnedCodeWait(exceeded(86_400, 'phone_locked'))).toBeNull();
    expect(burnedCodeWait(new Error('offline'))).toBeNull();
  });

  it('follows a send refused as too soon, a minute when the server names no wait', () => {
    const tooSoon = (retryAfter?: number) =>
      new ApiError({
        code: 'otp_resend_too_soon',
        message: 'in English',
        status: 429,
        ...(retryAfter === undefined ? {} : { retryAfter }),
        details: [],
      });
    expect(resendTooSoonWait(tooSoon(25))).toBe(25);
    expect(resendTooSoonWait(tooSoon())).toBe(60);
    expect(resendTooSoonWait(exceeded(40))).toBeNull();
  });
});

describe('a code the SMS gateway did not take', () => {
  const failed = new ApiError({
    code: 'sms_unavailable',
    message: 'in English',
    status: 503,
    retryAfter: 60,
    details: [],
  });

  it.each([
    ['en', 'We could not send the code, try again in a minute.'],
    ['ru', 'Не удалось отправить код, попробуйте ещё раз через минуту.'],
    ['uz', 'Kodni yuborib boʻlmadi, bir daqiqadan soʻng qayta urinib koʻring.'],
  ] as const)('tells the shopper in %s to try again in a minute', async (lang, text) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { [lang]: { translation: MESSAGES[lang] } } });
    expect(otpErrorMessage(i18n.t, failed)).toBe(text);
    // Not a wait for another code: the shopper's phone step stays, with this message.
    expect(resendTooSoonWait(failed)).toBeNull();
  });
});

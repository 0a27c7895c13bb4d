import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { MESSAGES } from '../../lib/i18n/locales/all';
import {
  burnedCodeWait,
  isPhoneLocked,
  otpErrorMessage,
  refusalPlace,
  resendTooSoonWait,
} from './otp-error';

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

describe('where the sign-in form shows a refusal', () => {
  const refusal = (code: ApiError['code'], status: number, details: ApiError['details'] = []) =>
    new ApiError({ code, message: 'in English', status, details });

  it('shows a code the SMS gateway did not take over the form: the phone is not invalid', () => {
    const gatewayDown = refusal('sms_unavailable', 503);
    expect(refusalPlace(gatewayDown, 'phone')).toBe('form');
    expect(refusalPlace(gatewayDown, 'code')).toBe('form');
  });

  it('marks the phone only when the phone itself was refused', () => {
    const badPhone = refusal('validation_error', 400, [{ field: 'phone', message: 'in English' }]);
    expect(refusalPlace(badPhone, 'phone')).toBe('phone');
    const locked = refusal('otp_attempts_exceeded', 429, [
      { field: 'phone', message: 'in English', rule: 'phone_locked' },
    ]);
    for (const other of [
      refusal('rate_limited', 429),
      refusal('otp_daily_limit', 429),
      refusal('upstream_unavailable', 502),
      locked,
      new Error('offline'),
    ]) {
      expect(refusalPlace(other, 'phone')).toBe('form');
    }
  });

  it('marks the code only when the code typed was refused', () => {
    for (const wrongCode of [
      refusal('otp_invalid', 422),
      refusal('otp_expired', 422),
      refusal('otp_attempts_exceeded', 429),
      refusal('validation_error', 400, [{ field: 'otp', message: 'in English' }]),
    ]) {
      expect(refusalPlace(wrongCode, 'code')).toBe('code');
    }
    expect(refusalPlace(refusal('otp_resend_too_soon', 429), 'code')).toBe('form');
    expect(refusalPlace(refusal('rate_limited', 429), 'code')).toBe('form');
  });
});

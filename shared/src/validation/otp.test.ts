import { describe, expect, it } from 'vitest';
import { OTP_LENGTH, OtpSchema } from './otp';

describe('OtpSchema', () => {
  it('has five digits', () => {
    expect(OTP_LENGTH).toBe(5);
  });

  it.each(['12345', '00000', '99999'])('accepts %j', (code) => {
    expect(OtpSchema.parse(code)).toBe(code);
  });

  it.each([
    ['four digits', '1234'],
    ['six digits', '123456'],
    ['a letter', '1234a'],
    ['spaces', '12 345'],
    ['a trailing newline', '12345\n'],
    ['Arabic-Indic digits', '\u0661\u0662\u0663\u0664\u0665'],
    ['full-width digits', '\uFF11\uFF12\uFF13\uFF14\uFF15'],
    ['empty', ''],
  ])('rejects %s with the shopper-facing message', (_name, code) => {
    const result = OtpSchema.safeParse(code);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter the 5-digit code');
  });

  it('rejects a number', () => {
    expect(OtpSchema.safeParse(12345).success).toBe(false);
  });
});

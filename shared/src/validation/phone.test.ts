import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGE, PhoneSchema, formatUzPhone, normalizeUzPhone } from './phone';

describe('normalizeUzPhone', () => {
  it.each([
    '+998 90 123 45 67',
    '+998901234567',
    '998901234567',
    '+998(90)123-45-67',
    '+998 (90) 123-45-67',
    '90 123 45 67',
    '901234567',
    '90-123-45-67',
    '(90) 123.45.67',
    '  +998 90 123 45 67  ',
    '00998 90 123 45 67',
    '+998\u00A090\u00A0123\u00A045\u00A067',
  ])('normalises %j', (input) => {
    expect(normalizeUzPhone(input)).toBe('+998901234567');
  });

  // Operator codes in use today, all mobile per libphonenumber-js 1.13.16 metadata (which also
  // accepts 70, 87 and 92). If an update drops one, shoppers on it could not sign in: check here.
  it.each(['90', '91', '93', '94', '95', '97', '98', '99', '33', '88', '77', '50', '20'])(
    'accepts the mobile prefix %s',
    (prefix) => {
      expect(normalizeUzPhone(`+998 ${prefix} 123 45 67`)).toBe(`+998${prefix}1234567`);
      expect(normalizeUzPhone(`${prefix}1234567`)).toBe(`+998${prefix}1234567`);
    },
  );

  it.each([
    ['Tashkent landline', '+998 71 234 56 78'],
    ['Samarkand landline', '+998 66 234 56 78'],
    ['Tashkent region landline', '+998 78 123 45 67'],
    ['Bukhara landline', '+998 65 234 56 78'],
    ['an unassigned code', '+998 10 123 45 67'],
  ])('refuses a %s', (_name, input) => {
    expect(normalizeUzPhone(input)).toBeNull();
  });

  it.each([
    ['too short', '+998 90 123 45 6'],
    ['too long', '+998 90 123 45 678'],
    ['8 local digits', '90 123 456'],
    ['a plus on local digits', '+901234567'],
    ['another country', '+7 901 234 56 78'],
    ['a Kazakh number of the same length', '+77011234567'],
    ['letters', '+998 90 ABC 45 67'],
    ['a plus in the middle', '998+901234567'],
    ['empty', ''],
    ['spaces only', '   '],
    ['an extension', '+998 90 123 45 67 ext 1'],
    ['very long input', `+998 90 123 45 67${' '.repeat(40)}`],
    ['a doubled country code', '+998 998 90 123 45 67'],
  ])('refuses %s', (_name, input) => {
    expect(normalizeUzPhone(input)).toBeNull();
  });
});

describe('PhoneSchema', () => {
  it('outputs the normalised number', () => {
    expect(PhoneSchema.parse('+998 (93) 555-12-34')).toBe('+998935551234');
  });

  it('reports one issue with the shopper-facing message', () => {
    const result = PhoneSchema.safeParse('+998 71 234 56 78');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
    expect(PHONE_MESSAGE).toBe('Enter an Uzbek mobile number: +998 and 9 digits');
  });

  it('rejects non-strings', () => {
    expect(PhoneSchema.safeParse(998901234567).success).toBe(false);
  });
});

describe('formatUzPhone', () => {
  it('groups as written locally', () => {
    expect(formatUzPhone('+998901234567')).toBe('+998 90 123 45 67');
    expect(formatUzPhone('998335551234')).toBe('+998 33 555 12 34');
  });

  it('returns anything else unchanged', () => {
    expect(formatUzPhone('+998712345678')).toBe('+998712345678');
    expect(formatUzPhone('hello')).toBe('hello');
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

const PROVIDER_TOKEN = '398062629:TEST:999999999_F91D8F69C042267444B74CC0B3C74775';

function problems(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('TELEGRAM_PAYMENT_PROVIDER_TOKEN', () => {
  it('is off unless set, and read as BotFather gives it', () => {
    expect(loadConfig({}).telegramPayments).toBeNull();
    expect(loadConfig({ TELEGRAM_PAYMENT_PROVIDER_TOKEN: '' }).telegramPayments).toBeNull();
    expect(
      loadConfig({ TELEGRAM_PAYMENT_PROVIDER_TOKEN: ` ${PROVIDER_TOKEN} ` }).telegramPayments,
    ).toEqual({ providerToken: PROVIDER_TOKEN, live: false });
    expect(
      loadConfig({ TELEGRAM_PAYMENT_PROVIDER_TOKEN: '387026696:LIVE:abc123_XYZ' }).telegramPayments,
    ).toEqual({ providerToken: '387026696:LIVE:abc123_XYZ', live: true });
  });

  it('refuses another shape, naming the variable and never quoting the value', () => {
    for (const bad of ['398062629:PROD:abc', 'abc:TEST:abc', '398062629:TEST:', 'qwerty']) {
      const found = problems({ TELEGRAM_PAYMENT_PROVIDER_TOKEN: bad });
      expect(found, bad).toEqual([expect.stringMatching(/^TELEGRAM_PAYMENT_PROVIDER_TOKEN: /)]);
      expect(found.join(''), bad).not.toContain(bad);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fillPageSettings, minutesText } from './page-settings';

describe('info page settings', () => {
  it('writes a number of minutes in each language, Russian in its three forms', () => {
    expect([1, 2, 5, 21, 30].map((n) => minutesText(n, 'ru'))).toEqual([
      '1 минуту',
      '2 минуты',
      '5 минут',
      '21 минуту',
      '30 минут',
    ]);
    expect(minutesText(1, 'en')).toBe('1 minute');
    expect(minutesText(45, 'en')).toBe('45 minutes');
    expect(minutesText(45, 'uz')).toBe('45 daqiqa');
  });

  it('fills every placeholder of a page with the setting', () => {
    expect(
      fillPageSettings('held {{paymentHold}}; again {{paymentHold}}', 'en', {
        paymentHoldMinutes: 45,
      }),
    ).toBe('held 45 minutes; again 45 minutes');
  });
});

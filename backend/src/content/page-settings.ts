// Info page texts name the shop's own settings, which an operator may change: the texts carry a
// placeholder, filled with the setting when a page is read, so they never drift apart.
import type { Language } from '@shop/shared';

/** Where the public offer names how long a card order waits for its payment. */
export const PAYMENT_HOLD_PLACEHOLDER = '{{paymentHold}}';

const MINUTES: Readonly<Record<Language, (count: number) => string>> = {
  // Uzbek nouns stay singular after a number.
  uz: () => 'daqiqa',
  // The accusative of a duration ("ждёт оплаты 21 минуту / 3 минуты / 30 минут").
  ru: (count) => {
    const rule = new Intl.PluralRules('ru').select(count);
    return rule === 'one' ? 'минуту' : rule === 'few' ? 'минуты' : 'минут';
  },
  en: (count) => (count === 1 ? 'minute' : 'minutes'),
};

/** "30 daqiqa", "30 минут", "30 minutes". */
export function minutesText(count: number, lang: Language): string {
  return `${String(count)} ${MINUTES[lang](count)}`;
}

/** `body` with the settings written in. */
export function fillPageSettings(
  body: string,
  lang: Language,
  settings: { paymentHoldMinutes: number },
): string {
  return body.replaceAll(PAYMENT_HOLD_PLACEHOLDER, minutesText(settings.paymentHoldMinutes, lang));
}

import type { Language } from '@shop/shared';

/**
 * Month names by hand, like money: browsers' ICU data for Uzbek is incomplete (Chromium prints
 * "2025 M10 1"), and Node and browsers disagree, so Intl cannot be trusted with all three.
 * The shapes are CLDR's long dates (what a full ICU prints, and the tests check against Node's):
 * Uzbek "1-oktabr, 2025", Russian with the genitive month ("1 октября 2025 г.").
 */
const MONTHS: Readonly<Record<Language, readonly string[]>> = {
  uz: [
    'yanvar',
    'fevral',
    'mart',
    'aprel',
    'may',
    'iyun',
    'iyul',
    'avgust',
    'sentabr',
    'oktabr',
    'noyabr',
    'dekabr',
  ],
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** Uzbekistan keeps UTC+5 all year (no daylight saving), so a fixed offset is exact. */
const TASHKENT_OFFSET_MS = 5 * 3600_000;

/**
 * '5 March 2025', '5 марта 2025 г.', '5-mart, 2025': the day in the shop's time zone; '' for a
 * date that does not parse (never "Invalid Date").
 */
export function formatDate(iso: string, language: Language): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const local = new Date(time + TASHKENT_OFFSET_MS);
  const day = local.getUTCDate();
  const month = MONTHS[language][local.getUTCMonth()] ?? '';
  const year = local.getUTCFullYear();
  switch (language) {
    case 'uz':
      return `${day}-${month}, ${year}`;
    case 'ru':
      return `${day} ${month} ${year} г.`;
    case 'en':
      return `${day} ${month} ${year}`;
  }
}

/**
 * '1 October 2025, 14:05' (uz '1-oktabr, 2025, 14:05'): a moment of an order's history, on
 * the 24-hour clock all three languages use, in the shop's time zone like the day itself.
 */
export function formatDateTime(iso: string, language: Language): string {
  const day = formatDate(iso, language);
  if (day === '') return '';
  const local = new Date(Date.parse(iso) + TASHKENT_OFFSET_MS);
  const hours = String(local.getUTCHours()).padStart(2, '0');
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return `${day}, ${hours}:${minutes}`;
}

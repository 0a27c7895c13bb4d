import type { Language } from '@shop/shared';

/**
 * Month names by hand, like money: browsers' ICU data for Uzbek is incomplete (Chromium prints
 * "2025 M10 1"), and Node and browsers disagree, so Intl cannot be trusted with all three.
 * Russian takes the genitive form a date needs ("1 октября").
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
 * '5 March 2025', '5 марта 2025 г.', '2025-yil 5-mart': the day in the shop's time zone; '' for a
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
      return `${year}-yil ${day}-${month}`;
    case 'ru':
      return `${day} ${month} ${year} г.`;
    case 'en':
      return `${day} ${month} ${year}`;
  }
}

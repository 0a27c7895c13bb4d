import type { LocalizedText } from '../db/schema';

/** Shorthand for the seed: `t('Oq', 'Белый', 'White')`. */
export function t(uz: string, ru: string, en: string): LocalizedText {
  return { uz, ru, en };
}

/** The same text in all three languages (numbers, codes, brand names). */
export function same(text: string): LocalizedText {
  return { uz: text, ru: text, en: text };
}

export const cm = (value: string): LocalizedText => t(`${value} sm`, `${value} см`, `${value} cm`);
export const litres = (value: string): LocalizedText => t(`${value} l`, `${value} л`, `${value} l`);
export const pieces = (value: number): LocalizedText =>
  t(`${value} dona`, `${value} шт.`, `${value} pcs`);

/**
 * A plain-text body in three languages, paragraphs separated by a blank line (what the blog and
 * info page answers promise). Each language must have the same number of paragraphs.
 */
export function paragraphs(
  uz: readonly string[],
  ru: readonly string[],
  en: readonly string[],
): LocalizedText {
  if (uz.length !== ru.length || ru.length !== en.length) {
    throw new Error(`Paragraph counts differ: uz ${uz.length}, ru ${ru.length}, en ${en.length}`);
  }
  return { uz: uz.join('\n\n'), ru: ru.join('\n\n'), en: en.join('\n\n') };
}

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

import * as z from 'zod/mini';
import type { Language } from './languages';

/** The capital first (the default), then the regions in their official order. */
export const REGION_SLUGS = [
  'tashkent',
  'tashkent-region',
  'karakalpakstan',
  'andijan',
  'bukhara',
  'kashkadarya',
  'navoi',
  'namangan',
  'samarkand',
  'surkhandarya',
  'syrdarya',
  'fergana',
  'khorezm',
] as const;

export type RegionSlug = (typeof REGION_SLUGS)[number];

export const RegionSlugSchema = z.enum(REGION_SLUGS);

export const DEFAULT_REGION: RegionSlug = 'tashkent';

export function isRegionSlug(x: unknown): x is RegionSlug {
  return typeof x === 'string' && (REGION_SLUGS as readonly string[]).includes(x);
}

// Uzbek uses U+02BB (ʻ, "turned comma") for oʻ/gʻ as in the official Latin alphabet; an ASCII
// apostrophe would look fine but break sorting and search against official address data.
export const REGION_NAMES: Readonly<Record<RegionSlug, Readonly<Record<Language, string>>>> = {
  tashkent: { uz: 'Toshkent shahri', ru: 'город Ташкент', en: 'Tashkent City' },
  'tashkent-region': {
    uz: 'Toshkent viloyati',
    ru: 'Ташкентская область',
    en: 'Tashkent Region',
  },
  karakalpakstan: {
    uz: 'Qoraqalpogʻiston Respublikasi',
    ru: 'Республика Каракалпакстан',
    en: 'Republic of Karakalpakstan',
  },
  andijan: { uz: 'Andijon viloyati', ru: 'Андижанская область', en: 'Andijan Region' },
  bukhara: { uz: 'Buxoro viloyati', ru: 'Бухарская область', en: 'Bukhara Region' },
  kashkadarya: {
    uz: 'Qashqadaryo viloyati',
    ru: 'Кашкадарьинская область',
    en: 'Kashkadarya Region',
  },
  navoi: { uz: 'Navoiy viloyati', ru: 'Навоийская область', en: 'Navoi Region' },
  namangan: { uz: 'Namangan viloyati', ru: 'Наманганская область', en: 'Namangan Region' },
  samarkand: { uz: 'Samarqand viloyati', ru: 'Самаркандская область', en: 'Samarkand Region' },
  surkhandarya: {
    uz: 'Surxondaryo viloyati',
    ru: 'Сурхандарьинская область',
    en: 'Surkhandarya Region',
  },
  syrdarya: { uz: 'Sirdaryo viloyati', ru: 'Сырдарьинская область', en: 'Syrdarya Region' },
  fergana: { uz: 'Fargʻona viloyati', ru: 'Ферганская область', en: 'Fergana Region' },
  khorezm: { uz: 'Xorazm viloyati', ru: 'Хорезмская область', en: 'Khorezm Region' },
};

export function regionName(slug: RegionSlug, lang: Language): string {
  return REGION_NAMES[slug][lang];
}

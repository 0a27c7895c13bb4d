import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import {
  DEFAULT_REGION,
  REGION_NAMES,
  REGION_SLUGS,
  RegionSlugSchema,
  isRegionSlug,
  regionName,
} from './regions';

describe('regions', () => {
  it('lists the 13 regions of the spec with Tashkent city as the default', () => {
    expect(REGION_SLUGS).toEqual([
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
    ]);
    expect(DEFAULT_REGION).toBe('tashkent');
  });

  it('names each region in every language, uniquely per language', () => {
    for (const lang of LANGUAGES) {
      const names = REGION_SLUGS.map((slug) => regionName(slug, lang));
      expect(names.every((name) => name.trim().length > 0)).toBe(true);
      expect(new Set(names).size).toBe(REGION_SLUGS.length);
    }
    expect(Object.keys(REGION_NAMES).sort()).toEqual([...REGION_SLUGS].sort());
  });

  it.each([
    ['tashkent', 'Toshkent shahri'],
    ['tashkent-region', 'Toshkent viloyati'],
    ['karakalpakstan', 'Qoraqalpog\u02BBiston Respublikasi'],
    ['andijan', 'Andijon viloyati'],
    ['bukhara', 'Buxoro viloyati'],
    ['kashkadarya', 'Qashqadaryo viloyati'],
    ['navoi', 'Navoiy viloyati'],
    ['namangan', 'Namangan viloyati'],
    ['samarkand', 'Samarqand viloyati'],
    ['surkhandarya', 'Surxondaryo viloyati'],
    ['syrdarya', 'Sirdaryo viloyati'],
    ['fergana', 'Farg\u02BBona viloyati'],
    ['khorezm', 'Xorazm viloyati'],
  ] as const)('names %s in Uzbek as %s', (slug, name) => {
    expect(regionName(slug, 'uz')).toBe(name);
  });

  it('writes oʻ and gʻ with U+02BB, never an ASCII or curly apostrophe', () => {
    for (const slug of REGION_SLUGS) {
      expect(regionName(slug, 'uz')).not.toMatch(/['\u2018\u2019\u02BC`]/);
    }
  });

  it('names regions in Russian and English', () => {
    expect(regionName('tashkent', 'ru')).toBe('город Ташкент');
    expect(regionName('fergana', 'ru')).toBe('Ферганская область');
    expect(regionName('tashkent', 'en')).toBe('Tashkent City');
    expect(regionName('karakalpakstan', 'en')).toBe('Republic of Karakalpakstan');
  });

  it('validates slugs', () => {
    expect(RegionSlugSchema.parse('khorezm')).toBe('khorezm');
    expect(RegionSlugSchema.safeParse('Tashkent').success).toBe(false);
    expect(isRegionSlug('navoi')).toBe(true);
    expect(isRegionSlug('moscow')).toBe(false);
    expect(isRegionSlug(7)).toBe(false);
  });
});

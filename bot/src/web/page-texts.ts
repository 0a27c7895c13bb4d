import type { Language } from '@shop/shared';

/** Open Graph locales (language_TERRITORY): the shop sells in Uzbekistan in all three. */
export const OG_LOCALES: Readonly<Record<Language, string>> = {
  uz: 'uz_UZ',
  ru: 'ru_RU',
  en: 'en_US',
};

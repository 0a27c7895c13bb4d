import { SHOP_TAGLINES, type Language } from '@shop/shared';

export { SHOP_NAME } from '@shop/shared';

/** Open Graph locales (language_TERRITORY): the shop sells in Uzbekistan in all three. */
export const OG_LOCALES: Readonly<Record<Language, string>> = {
  uz: 'uz_UZ',
  ru: 'ru_RU',
  en: 'en_US',
};

/**
 * The head of every page without a product or post of its own, per language: the shop's tagline,
 * the same words as the installed app's name and description (shared/shop-identity).
 */
export const GENERIC_PAGE_TEXTS = SHOP_TAGLINES;

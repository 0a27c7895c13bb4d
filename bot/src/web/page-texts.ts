import type { Language } from '@shop/shared';

export const SHOP_NAME = 'Uy Shop';

/** Open Graph locales (language_TERRITORY): the shop sells in Uzbekistan in all three. */
export const OG_LOCALES: Readonly<Record<Language, string>> = {
  uz: 'uz_UZ',
  ru: 'ru_RU',
  en: 'en_US',
};

/**
 * The head of every page without a product or post of its own, per language: the app's tagline
 * (webapp locales) and the manifest's description, so search results read like the app.
 */
export const GENERIC_PAGE_TEXTS: Readonly<
  Record<Language, { title: string; description: string }>
> = {
  uz: {
    title: `${SHOP_NAME} — Har kungi uy-roʻzgʻor buyumlari`,
    description:
      'Har kungi uy-roʻzgʻor buyumlari: oshxona anjomlari, tekstil va dekor. Oʻzbekiston boʻylab olib ketish va yetkazib berish.',
  },
  ru: {
    title: `${SHOP_NAME} — Товары для дома на каждый день`,
    description:
      'Товары для дома на каждый день: посуда, текстиль и декор. Самовывоз и доставка по всему Узбекистану.',
  },
  en: {
    title: `${SHOP_NAME} — Home goods for every day`,
    description:
      'Home goods for every day: kitchenware, textiles and décor, with pickup and delivery across Uzbekistan.',
  },
};

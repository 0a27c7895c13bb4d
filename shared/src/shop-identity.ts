import { LANGUAGES, type Language } from './languages';

export const SHOP_NAME = 'Uy Shop';

/**
 * The shop's title and description per language: the head of every page without a product or
 * post of its own (the server writes it), and the installed app's name and description.
 */
export const SHOP_TAGLINES: Readonly<Record<Language, { title: string; description: string }>> = {
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

/** The app's own names of its cart and catalogue tabs (webapp locales: nav.cart, nav.catalog). */
const SHORTCUT_NAMES: Readonly<Record<Language, { cart: string; catalog: string }>> = {
  uz: { cart: 'Savat', catalog: 'Katalog' },
  ru: { cart: 'Корзина', catalog: 'Каталог' },
  en: { cart: 'Cart', catalog: 'Catalogue' },
};

/** Where each language's web app manifest is served: the page links its own language's. */
export function webManifestPath(language: Language): string {
  return `/manifest.${language}.webmanifest`;
}

/**
 * The web app manifest of one language. The installed app opens where it was installed from:
 * `start_url` and the shortcuts are in that language. The `id` is the same in all three, so the
 * browser knows them as one app rather than offering to install it three times.
 */
export function webManifest(language: Language) {
  return {
    id: '/',
    name: SHOP_TAGLINES[language].title,
    short_name: SHOP_NAME,
    description: SHOP_TAGLINES[language].description,
    lang: language,
    start_url: `/${language}`,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#0b7a63',
    categories: ['shopping'],
    icons: [
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: SHORTCUT_NAMES[language].cart, url: `/${language}/cart` },
      { name: SHORTCUT_NAMES[language].catalog, url: `/${language}/catalog` },
    ],
  };
}

export const WEB_MANIFEST_PATHS: readonly string[] = LANGUAGES.map(webManifestPath);

// `.ts` written out: the build's configuration loads this file too (see vite.config.ts).
import { LANGUAGES, type Language } from './languages.ts';

export const SHOP_NAME = 'Uy Shop';

/**
 * The shop's title and description per language: the head of every page without a product or
 * post of its own (the server writes it), and the installed app's name and description (the
 * build's manifests, webapp/build/web-manifests.ts).
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

/** Where each language's web app manifest is served: the page links its own language's. */
export function webManifestPath(language: Language): string {
  return `/manifest.${language}.webmanifest`;
}

export const WEB_MANIFEST_PATHS: readonly string[] = LANGUAGES.map(webManifestPath);

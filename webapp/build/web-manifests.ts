// Vite plugin: the web app manifests, one per language.
import type { Plugin } from 'vite';
import { PNG_ICONS, type PngIcon } from './app-icons.ts';
import { LANGUAGES, type Language } from '../../shared/src/languages.ts';
import { SHOP_NAME, SHOP_TAGLINES, webManifestPath } from '../../shared/src/shop-identity.ts';
import { en } from '../src/lib/i18n/locales/shop/en.ts';
import { ru } from '../src/lib/i18n/locales/shop/ru.ts';
import { uz } from '../src/lib/i18n/locales/shop/uz.ts';

const TEXTS = { uz, ru, en } as const;

function pngIcon(icon: PngIcon, purpose: 'any' | 'maskable') {
  const size = `${String(icon.size)}x${String(icon.size)}`;
  return { src: `/${icon.fileName}`, sizes: size, type: 'image/png', purpose };
}

/**
 * The web app manifest of one language. The installed app opens where it was installed from:
 * `start_url` and the shortcuts (named as the app's own tabs) are in that language. The `id` is
 * the same in all three, so the browser knows them as one app rather than offering to install it
 * three times.
 */
export function webManifest(language: Language) {
  const { nav } = TEXTS[language];
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
      // PNG too: not every launcher reads an SVG icon (app-icons.ts draws these).
      pngIcon(PNG_ICONS.any192, 'any'),
      pngIcon(PNG_ICONS.any512, 'any'),
      pngIcon(PNG_ICONS.maskable512, 'maskable'),
    ],
    shortcuts: [
      { name: nav.cart, url: `/${language}/cart` },
      { name: nav.catalog, url: `/${language}/catalog` },
    ],
  };
}

/**
 * One web app manifest per language, written into the build and served by the dev server.
 */
export function webManifests(): Plugin {
  const files = LANGUAGES.map((language) => ({
    fileName: webManifestPath(language).slice(1),
    source: `${JSON.stringify(webManifest(language), null, 2)}\n`,
  }));
  return {
    name: 'shop-web-manifests',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files.find(({ fileName }) => request.url === `/${fileName}`);
        if (!file) {
          next();
          return;
        }
        response.setHeader('content-type', 'application/manifest+json');
        response.end(file.source);
      });
    },
    generateBundle() {
      for (const { fileName, source } of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

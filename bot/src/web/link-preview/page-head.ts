// What a page says about itself to link previews and search engines (title, description,
// canonical link, hreflang alternates, Open Graph and Twitter tags, schema.org data), and the
// tags that say it in `<head>`.
import {
  LANGUAGES,
  SHOP_NAME,
  stripLanguagePrefix,
  switchLanguagePath,
  type Language,
} from '@shop/shared';
import { escapeHtml, jsonForScript } from '../html-escape';

/** Open Graph locales (language_TERRITORY): the shop sells in Uzbekistan in all three. */
const OG_LOCALES: Readonly<Record<Language, string>> = {
  uz: 'uz_UZ',
  ru: 'ru_RU',
  en: 'en_US',
};

export interface PageImage {
  /** Absolute: link previews and crawlers fetch it from elsewhere. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

/** What a page says about itself to link previews and search engines. */
export interface PageHead {
  language: Language;
  title: string;
  description: string;
  /**
   * The page's own path ('/ru/products/white-mug'); null for a page that does not exist or is not
   * public (a legal-only product): no canonical link, no preview, noindex.
   */
  path: string | null;
  type: 'website' | 'product' | 'article';
  image?: PageImage;
  /** Further Open Graph properties, e.g. ['product:price:currency', 'UZS']. */
  properties?: readonly (readonly [string, string])[];
  /** schema.org data for rich results. */
  jsonLd?: Readonly<Record<string, unknown>>;
}

export interface LanguageAlternate {
  hreflang: Language | 'x-default';
  href: string;
}

/**
 * The same page in each language, and `x-default`: the path without a language, which the server
 * redirects by the shopper's cookie and Accept-Language (what x-default is meant for).
 */
export function languageAlternates(publicUrl: string, path: string): LanguageAlternate[] {
  return [
    ...LANGUAGES.map((language) => ({
      hreflang: language,
      href: `${publicUrl}${switchLanguagePath(path, language)}`,
    })),
    { hreflang: 'x-default', href: `${publicUrl}${stripLanguagePrefix(path).rest}` },
  ];
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">`;

/** The tags for `<head>`; every value is escaped here, whatever the backend sent. */
export function renderHead(head: PageHead, publicUrl: string): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
  ];
  if (head.path === null) {
    // The app's "not found" page, or one not for the public: nothing to index or preview.
    tags.push(meta('name', 'robots', 'noindex'));
    return tags.join('\n    ');
  }

  const url = `${publicUrl}${head.path}`;
  tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  for (const { hreflang, href } of languageAlternates(publicUrl, head.path)) {
    tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`);
  }

  tags.push(
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALES[head.language]),
    ...LANGUAGES.filter((language) => language !== head.language).map((language) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[language]),
    ),
  );
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url));
    if (head.image.width !== undefined && head.image.height !== undefined) {
      tags.push(
        meta('property', 'og:image:width', String(head.image.width)),
        meta('property', 'og:image:height', String(head.image.height)),
      );
    }
    if (head.image.alt !== undefined) tags.push(meta('property', 'og:image:alt', head.image.alt));
  }
  for (const [property, content] of head.properties ?? []) {
    tags.push(meta('property', property, content));
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image.url));
  if (head.jsonLd) {
    tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}

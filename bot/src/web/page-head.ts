import {
  FIRST_PAINT_QUERIES_ID,
  successfulQueryState,
  FIRST_PAINT_OUTLINES,
  imageSources,
  outlineHtml,
  LANGUAGES,
  SHOP_NAME,
  stripLanguagePrefix,
  switchLanguagePath,
  webManifestPath,
  type FirstPaintPage,
  type Image,
  type ImageSlot,
  type Language,
  type Slide,
} from '@shop/shared';
import { escapeHtml, jsonForScript } from './html-escape';
import { OG_LOCALES } from './page-texts';

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

/** A URL as a page may refer to it from elsewhere; null for anything but http(s). */
export function absoluteUrl(publicUrl: string, url: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  // Another scheme (javascript:, data:) is no picture a preview should fetch.
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  return `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Plain text cut to about a search snippet, at a word boundary. */
export function snippet(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
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

/**
 * index.html with the page's language, its own title and description (the build's generic ones
 * removed, so there is one of each) and `tags` at the end of `<head>`.
 */
export function injectIntoIndex(html: string, language: Language, tags: string): string {
  // The page's language for screen readers and search engines before the app sets it itself.
  const withLanguage = html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang\s*=/i.test(tag)
      ? tag.replace(/(\slang\s*=\s*)(["'])[^"']*\2/i, `$1$2${language}$2`)
      : tag.replace(/^<html/i, `<html lang="${language}"`),
  );
  // The installed app opens in the language it was installed from: link that language's manifest.
  const withManifest = withLanguage.replace(
    /(<link\b[^>]*\brel\s*=\s*["']manifest["'][^>]*\bhref\s*=\s*["'])[^"']*/i,
    `$1${webManifestPath(language)}`,
  );
  const close = withManifest.search(/<\/head>/i);
  if (close === -1) return withManifest;
  const head = withManifest
    .slice(0, close)
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>\s*/gi, '')
    .replace(/<meta\b[^>]*\bname\s*=\s*["']description["'][^>]*>\s*/gi, '');
  return `${head}  ${tags}\n  ${withManifest.slice(close)}`;
}

/** One answer for the webapp's query cache: its query key and the call's answer as sent. */
export interface InlineQuery {
  /** Strings, and for a listing page its filter object and page numbers (shared/first-paint). */
  queryKey: readonly unknown[];
  data: unknown;
}

/**
 * The answers a page was written from, as dehydrated TanStack Query state for the webapp's cache
 * (webapp/src/lib/first-paint reads and checks it). A JSON data block is never executed, so the
 * CSP needs no hash or nonce for it; jsonForScript keeps any text in it from ending the element.
 */
export function renderInlineQueries(queries: readonly InlineQuery[], fetchedAt: number): string {
  const state = {
    mutations: [],
    queries: queries.map(({ queryKey, data }) => ({
      queryKey,
      // TanStack's hashKey for a key of strings; the webapp hashes each key again as it reads it
      // (a listing's filter object, whose fields hashKey sorts).
      queryHash: JSON.stringify(queryKey),
      state: successfulQueryState(data, fetchedAt),
    })),
  };
  return `<script type="application/json" id="${FIRST_PAINT_QUERIES_ID}">${jsonForScript(state)}</script>`;
}

/** What the server draws in the root element before the app's code has run. */
export interface RootOutline {
  /** A product, blog or home page's own outline under the header; others show the header only. */
  page: FirstPaintPage | 'home' | null;
  /** Home's first banner: null when there are none, unset when it was not known in time. */
  firstSlide?: Slide | null | undefined;
  /** A product page's name and photo, when the server read them (a guest's answer). */
  product?: ProductFirstPaint | undefined;
  /** The header's back button: every page but home has one (app-shell's useIsRootPage). */
  back: boolean;
  /** The header's search row: the default layout has it, checkout's does not. */
  search: boolean;
}

/** A search box's box (features/catalog/search/search-box.tsx), empty. */
const SEARCH_BOX_OUTLINE = '<span class="search-box__input"></span>';

/**
 * A first-screen picture as the app's `<img>` draws it: its classes and the shared
 * imageSources attributes (one download for the outline and the app), fetched first.
 */
function firstPictureHtml(image: Image, slot: ImageSlot, className: string, alt: string): string {
  const { srcSet, sizes, src, width, height } = imageSources(image, slot);
  return (
    `<img class="${className}" srcset="${escapeHtml(srcSet)}" sizes="${escapeHtml(sizes)}"` +
    ` src="${escapeHtml(src)}" width="${width}" height="${height}" alt="${escapeHtml(alt)}"` +
    ' fetchpriority="high" decoding="sync">'
  );
}

const LOGO_MARK =
  '<svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
  '<rect width="32" height="32" rx="9" fill="var(--app-accent)"/>' +
  '<path d="M8 15.5 16 9l8 6.5V23a1 1 0 0 1-1 1h-4.5v-5h-5v5H9a1 1 0 0 1-1-1Z" fill="var(--app-accent-contrast)"/>' +
  '</svg>';

/**
 * The standalone app's header (webapp features/layout/site-header.tsx, with LogoMark of
 * lib/ui/icons.tsx) in the app's own classes, so it has the real one's size and the shop's name
 * sits where the app then draws it: the page shows words before its script has loaded (first
 * contentful paint) and nothing moves when the app takes over (tests/e2e/first-paint.spec.ts
 * compares the two). Buttons are empty boxes of their size. Inside Telegram, whose own header
 * takes this place, the inline launch mark hides it (first-paint.css).
 */
export function headerOutlineHtml(outline: Pick<RootOutline, 'back' | 'search'>): string {
  const button = '<span class="icon-button"></span>';
  const back = outline.back ? button : '';
  const logo = `<span class="logo">${LOGO_MARK}<span class="logo__text">${escapeHtml(SHOP_NAME)}</span></span>`;
  const search = outline.search
    ? `<div class="site-header__search"><div class="search-box">${SEARCH_BOX_OUTLINE}</div></div>`
    : '';
  const actions = `<div class="site-header__actions">${button.repeat(outline.search ? 3 : 2)}</div>`;
  return `<header class="site-header first-paint-header" aria-hidden="true"><div class="site-header__inner">${back}${logo}${search}${actions}</div></header>`;
}

/**
 * Home before its code has run (webapp features/catalog/home-page.tsx and slides-carousel.tsx, in
 * their classes): the first banner as the carousel draws it, with the same image attributes
 * (shared imageSources), so it is the one download the app's banner then shows at once, and
 * the largest thing on the first screen is painted from the HTML. Without a known banner, the
 * carousel's own placeholder; with none at all, nothing (the app shows its hero). Inside
 * Telegram home carries its own search box above the banners: its box is kept for it there.
 */
export function homeOutlineHtml(firstSlide: Slide | null | undefined): string {
  const telegramSearch = `<div class="search-box first-paint-telegram-only">${SEARCH_BOX_OUTLINE}</div>`;
  let banner = '';
  if (firstSlide === undefined) {
    banner =
      '<div class="carousel"><div class="carousel__track"><span class="skeleton carousel__skeleton"></span></div><div class="carousel__controls"></div></div>';
  } else if (firstSlide !== null) {
    const alt = firstSlide.image.alt === firstSlide.title ? '' : (firstSlide.image.alt ?? '');
    const subtitle = firstSlide.subtitle
      ? `<span class="slide__subtitle">${escapeHtml(firstSlide.subtitle)}</span>`
      : '';
    const image = firstPictureHtml(firstSlide.image, 'banner', 'slide__image', alt);
    banner =
      '<div class="carousel"><div class="carousel__track"><div class="carousel__slide"><div class="slide__body">' +
      `${image}<span class="slide__caption"><span class="slide__title">${escapeHtml(firstSlide.title)}</span>${subtitle}</span>` +
      '</div></div></div><div class="carousel__controls"></div></div>';
  }
  return `<div class="home" aria-hidden="true">${telegramSearch}${banner}</div>`;
}

/** A picture a page shows on its first screen, drawn in `slot` (shared IMAGE_SLOTS). */
export interface PreloadImage {
  image: Image;
  slot: ImageSlot;
}

/**
 * `<link rel="preload">` for pictures the app will draw first: with the `<img>`'s own srcset and
 * sizes (shared imageSources), so the browser matches the two and fetches each picture once,
 * while the app's code is still loading.
 */
export function preloadImageLinks(images: readonly PreloadImage[]): string {
  return images
    .map(({ image, slot }) => {
      const { srcSet, sizes, src } = imageSources(image, slot);
      return `<link rel="preload" as="image" href="${escapeHtml(src)}" imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes)}" fetchpriority="high" />`;
    })
    .join('\n    ');
}

/** A product page's name and first photo, which its outline shows in their boxes. */
export interface ProductFirstPaint {
  name: string;
  image: Image | undefined;
}

/**
 * The product outline with the product's name and first photo in place of their grey boxes, as
 * the product page draws them (webapp features/product: h1.product__name; the gallery's first
 * photo with ProductImage's attributes for the page's main picture): the same size, so the app's
 * own are not new largest paints, and one download of the photo for both.
 */
export function productOutlineHtml(product: ProductFirstPaint | undefined): string {
  const outline = FIRST_PAINT_OUTLINES.product;
  if (!product) return outlineHtml(outline);
  return outlineHtml(outline, (box) => {
    const classes = box.className.split(' ');
    if (classes.includes('first-paint__title')) {
      return `<h1 class="product__name" aria-hidden="true">${escapeHtml(product.name)}</h1>`;
    }
    if (classes.includes('first-paint__picture') && product.image) {
      const photo = firstPictureHtml(product.image, 'gallery', 'product-image gallery__image', '');
      return `<div class="first-paint__picture first-paint__photo">${photo}</div>`;
    }
    return undefined;
  });
}

/** The outline under the header: home's and a product's with what the server read, else boxes. */
function pageOutlineHtml({ page, firstSlide, product }: RootOutline): string {
  if (page === 'home') return homeOutlineHtml(firstSlide);
  if (page === 'product') return productOutlineHtml(product);
  return page ? outlineHtml(FIRST_PAINT_OUTLINES[page]) : '';
}

/**
 * index.html with the page's outline inside the root element (React replaces it on its first
 * render) and `after` right behind it. The outline sits in a page frame of the app's own classes,
 * so it has the app's margins and width.
 */
export function fillRoot(html: string, outline: RootOutline, after: string): string {
  const page = pageOutlineHtml(outline);
  const frame = `<div class="page first-paint-page" aria-busy="true">${headerOutlineHtml(outline)}<div class="page__main">${page}</div></div>`;
  return html.replace(
    /(<div\s+id\s*=\s*["']root["'][^>]*>)\s*(<\/div>)/i,
    (_match, open: string, close: string) => `${open}${frame}${close}${after}`,
  );
}

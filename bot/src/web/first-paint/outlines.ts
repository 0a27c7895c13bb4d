// The outlines the server paints in the root element before the app's code has run, in the app's
// own classes: the header, and home's or a product's page with what the server read for it.
import {
  FIRST_PAINT_OUTLINES,
  imageSources,
  outlineHtml,
  SHOP_NAME,
  type FirstPaintPage,
  type Image,
  type ImageSlot,
  type Slide,
} from '@shop/shared';
import { escapeHtml } from '../html-escape';
import { LOGO_MARK } from './logo';

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

/** A product page's name and first photo, which its outline shows in their boxes. */
export interface ProductFirstPaint {
  name: string;
  image: Image | undefined;
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

/**
 * The standalone app's header (webapp/src/app/layouts/site-header.tsx, with LogoMark of
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
 * Everything that goes in the root element: the outline in a page frame of the app's own classes,
 * so it has the app's margins and width. React replaces it on its first render.
 */
export function rootOutlineHtml(outline: RootOutline): string {
  const page = pageOutlineHtml(outline);
  return `<div class="page first-paint-page" aria-busy="true">${headerOutlineHtml(outline)}<div class="page__main">${page}</div></div>`;
}

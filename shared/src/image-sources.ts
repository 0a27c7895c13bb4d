import type { Image } from './contracts/common';

/**
 * How wide each kind of picture is drawn, as the browser's `sizes`: the browser chooses a source
 * for the slot before layout, so the right file is fetched even for a lazy picture. Keep in step
 * with the grids in the webapp's ui.css, catalog.css, product.css and info.css. Here, not in the
 * webapp, because the server writes the first home banner into the page with the very same
 * attributes (bot/src/web/first-paint/outlines.ts): one download, for both.
 */
export const IMAGE_SLOTS = {
  /** Product cards: 2 columns on phones, 3 from 640 px, 4 (or 5 in a home row) from 960 px. */
  card: '(min-width: 960px) 260px, (min-width: 640px) 33vw, 50vw',
  /** The product gallery: the full width on phones, half the page next to the details. */
  gallery: '(min-width: 800px) 600px, 100vw',
  /** Home banners: 92 % of the track, up to the page width. */
  banner: '(min-width: 1120px) 1030px, 92vw',
  /** Blog list: 1, 2 or 3 columns. */
  blogCard: '(min-width: 1000px) 360px, (min-width: 700px) 50vw, 100vw',
  /** A blog post's cover, as wide as the text column. */
  post: '(min-width: 760px) 760px, 100vw',
} as const;

export type ImageSlot = keyof typeof IMAGE_SLOTS;

/** A comma or a space would split a srcset candidate: those two are written percent-encoded. */
function srcsetUrl(url: string): string {
  return url.replace(/,/g, '%2C').replace(/\s/g, (c) => encodeURIComponent(c));
}

/**
 * The `<img>` attributes of a catalogue or content picture: its intrinsic size (no layout shift
 * while it loads) and responsive sources. The backends give one file per picture, so the srcset
 * lists that file with its real width; sized variants, once a backend offers them, go here too.
 */
export function imageSources(image: Image, slot: ImageSlot) {
  // Sources before `src`: a browser that saw `src` first could start fetching it.
  return {
    srcSet: `${srcsetUrl(image.url)} ${image.width}w`,
    sizes: IMAGE_SLOTS[slot],
    src: image.url,
    width: image.width,
    height: image.height,
  };
}

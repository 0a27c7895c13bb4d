// Pictures the page shows first, asked for in `<head>` while the app's code is still loading.
import { imageSources, type Image, type ImageSlot } from '@shop/shared';
import { escapeHtml } from '../html-escape';

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

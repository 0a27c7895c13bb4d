import { imageSources, type Image, type ImageSlot } from '@shop/shared';
import { ImageIcon } from './icons';
import { ImageOrPlaceholder } from './image-or-placeholder';

/**
 * A product photo with its intrinsic size, so the grid does not jump while images load, and
 * responsive sources; lazy below the fold, eager for what the first screen shows. No photo, or
 * one that cannot load, shows the picture icon on the muted box instead.
 */
export function ProductImage({
  image,
  alt,
  eager = false,
  priority = false,
  slot = 'card',
  className = '',
}: {
  image: Image | undefined;
  alt: string;
  eager?: boolean;
  /** The page's main picture (first gallery photo): fetched ahead of everything else. */
  priority?: boolean;
  /** Where it is drawn, for the browser's choice of source. */
  slot?: ImageSlot;
  className?: string;
}) {
  const empty = (
    <span className={`product-image product-image--empty ${className}`}>
      <ImageIcon size={40} />
    </span>
  );
  if (!image) return empty;
  return (
    <ImageOrPlaceholder
      placeholder={empty}
      className={`product-image ${className}`}
      {...imageSources(image, slot)}
      alt={image.alt ?? alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}

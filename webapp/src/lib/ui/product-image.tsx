import type { Image } from '@shop/shared';
import { ImageIcon } from './icons';

/**
 * A product photo with its intrinsic size, so the grid does not jump while images load; lazy
 * below the fold, eager for what the first screen shows.
 */
export function ProductImage({
  image,
  alt,
  eager = false,
  priority = false,
  className = '',
}: {
  image: Image | undefined;
  alt: string;
  eager?: boolean;
  /** The page's main picture (first gallery photo): fetched ahead of everything else. */
  priority?: boolean;
  className?: string;
}) {
  if (!image) {
    return (
      <span className={`product-image product-image--empty ${className}`}>
        <ImageIcon size={40} />
      </span>
    );
  }
  return (
    <img
      className={`product-image ${className}`}
      src={image.url}
      width={image.width}
      height={image.height}
      alt={image.alt ?? alt}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}

import { imageSources, type Image, type ImageSlot } from '@shop/shared';
import { ImageIcon } from '../../lib/ui/icons';

/** A post's picture in the list or on its page, or an empty box with the image icon. */
export function PostImage({
  image,
  className,
  slot,
  eager = false,
  priority = false,
}: {
  image: Image | null;
  className: string;
  slot: ImageSlot;
  eager?: boolean;
  priority?: boolean;
}) {
  if (!image) {
    return (
      <span className={`${className} post-image--empty`} aria-hidden="true">
        <ImageIcon size={40} />
      </span>
    );
  }
  return (
    <img
      className={className}
      {...imageSources(image, slot)}
      alt={image.alt ?? ''}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}

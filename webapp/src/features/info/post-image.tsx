import { imageSources, type Image, type ImageSlot } from '@shop/shared';
import { ImageIcon } from '../../lib/ui/icons';
import { ImageOrPlaceholder } from '../../lib/ui/image-or-placeholder';

/** A post's picture in the list or on its page; with none, or one that cannot load, an empty box
 * with the image icon. */
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
  const empty = (
    <span className={`${className} post-image--empty`} aria-hidden="true">
      <ImageIcon size={40} />
    </span>
  );
  if (!image) return empty;
  return (
    <ImageOrPlaceholder
      placeholder={empty}
      className={className}
      {...imageSources(image, slot)}
      alt={image.alt ?? ''}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}

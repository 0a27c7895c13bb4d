import type { Image } from '@shop/shared';
import { useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductImage } from '../../lib/ui/product-image';

/** Swipeable photos (CSS scroll snap) with position dots; the first photo is fetched first. */
export function ProductGallery({ images, name }: { images: readonly Image[]; name: string }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const track = useRef<HTMLUListElement>(null);
  const show = (index: number) => {
    const element = track.current;
    element?.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  };
  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const element = event.currentTarget;
    const index = Math.round(element.scrollLeft / Math.max(1, element.clientWidth));
    if (index !== current) setCurrent(index);
  };
  if (images.length === 0) {
    return (
      <div className="gallery">
        <ProductImage image={undefined} alt={name} className="gallery__image" />
      </div>
    );
  }
  return (
    <div className="gallery">
      {/* Focusable, so a keyboard can scroll through the photos too. */}
      <ul
        className="gallery__track"
        ref={track}
        onScroll={onScroll}
        tabIndex={0}
        aria-label={t('product.photos', { name })}
      >
        {images.map((image, index) => (
          <li key={image.url} className="gallery__slide">
            <ProductImage
              image={image}
              alt={image.alt ?? name}
              priority={index === 0}
              slot="gallery"
              className="gallery__image"
            />
          </li>
        ))}
      </ul>
      {images.length > 1 && (
        <div className="gallery__dots">
          {images.map((image, index) => (
            <button
              key={image.url}
              type="button"
              className={index === current ? 'gallery__dot gallery__dot--active' : 'gallery__dot'}
              aria-label={t('product.photo', { index: index + 1, total: images.length })}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => {
                show(index);
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}

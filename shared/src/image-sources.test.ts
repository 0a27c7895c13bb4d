import { describe, expect, it } from 'vitest';
import { imageSources } from './image-sources';

describe('imageSources', () => {
  it('gives the intrinsic size, a width-described source and the slot sizes', () => {
    const image = { url: '/media/products/mug-1.svg', width: 600, height: 600 };
    expect(imageSources(image, 'card')).toEqual({
      src: '/media/products/mug-1.svg',
      srcSet: '/media/products/mug-1.svg 600w',
      sizes: '(min-width: 960px) 260px, (min-width: 640px) 33vw, 50vw',
      width: 600,
      height: 600,
    });
  });

  it('keeps a URL with a comma or a space one srcset candidate', () => {
    const image = { url: 'https://cdn.example/a,b c.webp', width: 800, height: 400 };
    expect(imageSources(image, 'banner').srcSet).toBe('https://cdn.example/a%2Cb%20c.webp 800w');
  });
});

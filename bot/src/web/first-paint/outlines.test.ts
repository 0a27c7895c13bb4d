import { FIRST_PAINT_OUTLINES, outlineHtml, type Slide } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { headerOutlineHtml, homeOutlineHtml, productOutlineHtml } from './outlines';

const HOSTILE = `</div><script>alert(1)</script>" onerror="x" 'a' & <b>`;

/** Every tag the HTML opens, by name: hostile text must never add one. */
const tagsOf = (html: string) => [...html.matchAll(/<([a-z0-9]+)\b/g)].map((match) => match[1]);

describe('the outlines the server draws before the app runs', () => {
  it("escapes a banner's and a product's text and addresses", () => {
    const slide: Slide = {
      id: 1,
      title: HOSTILE,
      subtitle: HOSTILE,
      image: { url: `/media/a.webp?${HOSTILE}`, width: 1200, height: 500, alt: HOSTILE },
      link: null,
    };
    const banner = homeOutlineHtml(slide);
    expect(banner).not.toContain('<script');
    expect(tagsOf(banner)).toEqual(
      tagsOf(homeOutlineHtml({ ...slide, title: 'a', subtitle: 'b' })),
    );
    expect(banner).toContain(
      '&lt;/div&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; onerror=&quot;x&quot; &#39;a&#39; &amp; &lt;b&gt;',
    );

    const product = productOutlineHtml({ name: HOSTILE, image: slide.image });
    expect(product).not.toContain('<script');
    expect(tagsOf(product)).toEqual(
      tagsOf(productOutlineHtml({ name: 'Mug', image: { url: '/m.webp', width: 1, height: 1 } })),
    );
  });

  it('keeps the grey boxes where nothing is known', () => {
    expect(productOutlineHtml(undefined)).toBe(outlineHtml(FIRST_PAINT_OUTLINES.product));
    // A product without photos: its name, and the photo's grey box.
    const nameOnly = productOutlineHtml({ name: 'Mug', image: undefined });
    expect(nameOnly).toContain('skeleton first-paint__picture');
    expect(nameOnly).toContain('<h1 class="product__name" aria-hidden="true">Mug</h1>');
    // Home: the carousel's placeholder when the banners did not come in time, none when there are
    // none (the app shows its hero there).
    expect(homeOutlineHtml(undefined)).toContain('skeleton carousel__skeleton');
    expect(homeOutlineHtml(null)).not.toContain('carousel');
  });

  it('draws the header with the back button and search row its layout has', () => {
    const count = (html: string, text: string) => html.split(text).length - 1;
    expect(count(headerOutlineHtml({ back: false, search: true }), 'icon-button')).toBe(3);
    expect(count(headerOutlineHtml({ back: true, search: true }), 'icon-button')).toBe(4);
    expect(headerOutlineHtml({ back: true, search: false })).not.toContain('search');
    expect(headerOutlineHtml({ back: false, search: true })).toContain(
      '<span class="logo__text">Uy Shop</span>',
    );
  });
});

import type { Store } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { openInMapUrl, telHref } from './store-list';

const store: Store = {
  id: 1,
  name: 'Uy Shop Chilonzor',
  address: 'Bunyodkor Avenue 24',
  phone: '+998 71 200 40 01',
  hours: 'Daily 09:00–21:00',
  location: { lat: 41.2857, lng: 69.2036 },
};

describe('shop links', () => {
  it('opens Yandex Maps at the shop: longitude first, as Yandex wants it', () => {
    expect(openInMapUrl(store)).toBe('https://yandex.uz/maps/?pt=69.2036,41.2857&z=16&l=map');
  });

  it('dials the number without its spaces', () => {
    expect(telHref(store.phone)).toBe('tel:+998712004001');
  });
});

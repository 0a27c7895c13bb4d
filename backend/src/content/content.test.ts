import {
  DeliverySettingsResponseSchema,
  SlidesResponseSchema,
  StoresResponseSchema,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/http-client';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

describe.each(DATABASE_KINDS)('content and settings on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists three Tashkent shops in the requested language', async () => {
    const uz = StoresResponseSchema.parse((await call(t, 'GET', '/api/store/stores')).body).data;
    const en = StoresResponseSchema.parse(
      (await call(t, 'GET', '/api/store/stores', { headers: { 'x-lang': 'en' } })).body,
    ).data;
    expect(uz).toHaveLength(3);
    expect(uz[0]?.address).toContain('Toshkent');
    expect(en[0]?.address).toContain('Tashkent');
    for (const store of en) {
      expect(store.phone).toMatch(/^\+998 71 \d{3} \d{2} \d{2}$/);
      // Inside Tashkent city.
      expect(store.location.lat).toBeGreaterThan(41.2);
      expect(store.location.lat).toBeLessThan(41.4);
      expect(store.location.lng).toBeGreaterThan(69.1);
      expect(store.location.lng).toBeLessThan(69.4);
      expect(store.hours).toMatch(/\d{2}:\d{2}/);
    }
  });

  it('answers three slides with local images', async () => {
    const slides = SlidesResponseSchema.parse(
      (await call(t, 'GET', '/api/content/slides', { headers: { 'x-lang': 'ru' } })).body,
    ).data;
    expect(slides).toHaveLength(3);
    expect(slides[0]?.title).toBe('Всё для кухни');
    for (const slide of slides) {
      expect(slide.image).toMatchObject({
        url: `/media/slides/${slide.id}.svg`,
        width: 1200,
        height: 500,
      });
      expect((await call(t, 'GET', slide.image.url)).status).toBe(200);
    }
  });

  it('answers delivery methods with prices and the payment types, card off for now', async () => {
    const settings = DeliverySettingsResponseSchema.parse(
      (await call(t, 'GET', '/api/settings/delivery')).body,
    ).data;
    expect(settings.methods.map((m) => [m.type, m.price, m.free_from, m.enabled])).toEqual([
      ['pickup', 0, null, true],
      ['courier', 30_000, 1_000_000, true],
      ['express', 45_000, null, true],
    ]);
    expect(settings.payment_types.map((p) => [p.type, p.enabled])).toEqual([
      ['on_receipt', true],
      ['card', false],
    ]);
  });
});

import {
  BlogResponseSchema,
  BlogsResponseSchema,
  DeliverySettingsResponseSchema,
  INFO_PAGE_SLUGS,
  InfoPageResponseSchema,
  InfoPagesResponseSchema,
  REGION_SLUGS,
  SlidesResponseSchema,
  StoresResponseSchema,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { infoPages } from '../db/schema';
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

  it('answers delivery methods with prices, the regions they reach and how each may be paid', async () => {
    const settings = DeliverySettingsResponseSchema.parse(
      (await call(t, 'GET', '/api/settings/delivery', { headers: { 'x-lang': 'en' } })).body,
    ).data;
    expect(settings.methods.map((m) => [m.type, m.price, m.free_from, m.enabled])).toEqual([
      ['pickup', 0, null, true],
      ['courier', 30_000, 1_000_000, true],
      ['express', 45_000, null, true],
    ]);
    const byType = new Map(settings.methods.map((m) => [m.type, m]));
    expect(byType.get('pickup')?.regions).toEqual([...REGION_SLUGS]);
    expect(byType.get('courier')?.regions).toEqual([...REGION_SLUGS]);
    // Express goes by taxi, inside the capital only, and says so.
    expect(byType.get('express')?.regions).toEqual(['tashkent']);
    expect(byType.get('express')?.name).toMatch(/taxi/i);
    expect(byType.get('express')?.description).toMatch(/Tashkent city only/);
    for (const method of settings.methods) {
      expect(method.payment_types).toEqual(['on_receipt', 'card', 'click', 'payme', 'telegram']);
    }
    // Cash only to a courier or a taxi; a shop's till takes cards too.
    expect(byType.get('pickup')?.receipt_payments).toEqual(['cash', 'card']);
    expect(byType.get('courier')?.receipt_payments).toEqual(['cash']);
    expect(byType.get('express')?.receipt_payments).toEqual(['cash']);
    expect(settings.payment_types.map((p) => [p.type, p.enabled])).toEqual([
      ['on_receipt', true],
      ['card', true],
      ['click', true],
      ['payme', true],
      ['telegram', true],
    ]);
    expect(settings.payment_hold_minutes).toBe(30);
  });

  describe('blog', () => {
    const LANGS = ['uz', 'ru', 'en'] as const;

    async function blogs(lang: string, page?: string) {
      const answer = await call(t, 'GET', `/api/content/blogs${page ? `?page=${page}` : ''}`, {
        headers: { 'x-lang': lang },
      });
      expect(answer.status, answer.text).toBe(200);
      return BlogsResponseSchema.parse(answer.body);
    }

    it('lists the posts newest first, ten a page, in the requested language', async () => {
      const en = await blogs('en');
      expect(en.data.length).toBeGreaterThanOrEqual(4);
      expect(en.meta).toEqual({ total: en.data.length, page: 1, per_page: 10, last_page: 1 });
      const dates = en.data.map((post) => Date.parse(post.published_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(en.data.map((p) => p.title)).toContain('How to season a cast-iron kazan');
      expect((await blogs('ru')).data.map((p) => p.title)).toContain(
        'Как прокалить чугунный казан',
      );
      expect((await blogs('uz')).data.map((p) => p.title)).toContain(
        'Choʻyan qozonni qanday toblash kerak',
      );
      const beyond = await blogs('en', '2');
      expect(beyond.data).toEqual([]);
      expect(beyond.meta.total).toBe(en.meta.total);
    });

    it('answers each post with a plain-text body of real paragraphs and a cover picture', async () => {
      for (const summary of (await blogs('en')).data) {
        const bodies = new Set<string>();
        for (const lang of LANGS) {
          const answer = await call(t, 'GET', `/api/content/blogs/${summary.slug}`, {
            headers: { 'x-lang': lang },
          });
          expect(answer.status, answer.text).toBe(200);
          const post = BlogResponseSchema.parse(answer.body).data;
          const paragraphs = post.body.split('\n\n');
          expect(paragraphs.length, `${summary.slug} ${lang}`).toBeGreaterThanOrEqual(4);
          for (const paragraph of paragraphs) {
            expect(paragraph.trim(), `${summary.slug} ${lang}`).toBe(paragraph);
            expect(paragraph.length, `${summary.slug} ${lang}`).toBeGreaterThan(60);
          }
          expect(post.body).not.toMatch(/[<>]/);
          expect(post.excerpt.length).toBeGreaterThan(20);
          bodies.add(post.body);
        }
        expect(bodies.size, summary.slug).toBe(3);
        expect(summary.image?.url).toBe(`/media/blog/${summary.slug}.svg`);
        const cover = await call(t, 'GET', summary.image?.url ?? '');
        expect(cover.status).toBe(200);
        expect(cover.headers['content-type']).toMatch(/^image\/svg\+xml/);
      }
    });

    it('answers 404 for an unknown post and its cover', async () => {
      const answer = await call(t, 'GET', '/api/content/blogs/no-such-post');
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'not_found' });
      expect((await call(t, 'GET', '/media/blog/no-such-post.svg')).status).toBe(404);
    });
  });

  describe('info pages', () => {
    it('lists the six pages in footer order, titled in the requested language', async () => {
      const ru = InfoPagesResponseSchema.parse(
        (await call(t, 'GET', '/api/content/pages', { headers: { 'x-lang': 'ru' } })).body,
      ).data;
      expect(ru.map((p) => p.slug)).toEqual([...INFO_PAGE_SLUGS]);
      expect(ru.find((p) => p.slug === 'delivery')?.title).toBe('Доставка');
    });

    it('answers every page with substantial text in all three languages', async () => {
      for (const slug of INFO_PAGE_SLUGS) {
        const texts = new Map<string, string>();
        for (const lang of ['uz', 'ru', 'en']) {
          const answer = await call(t, 'GET', `/api/content/pages/${slug}`, {
            headers: { 'x-lang': lang },
          });
          expect(answer.status, answer.text).toBe(200);
          const page = InfoPageResponseSchema.parse(answer.body).data;
          expect(page.slug).toBe(slug);
          expect(page.body.split('\n\n').length, `${slug} ${lang}`).toBeGreaterThanOrEqual(5);
          expect(page.body.length, `${slug} ${lang}`).toBeGreaterThan(500);
          expect(page.body).not.toMatch(/[<>]/);
          expect(Number.isNaN(Date.parse(page.updated_at))).toBe(false);
          texts.set(lang, page.body);
        }
        expect(new Set(texts.values()).size, slug).toBe(3);
      }
      const delivery = InfoPageResponseSchema.parse(
        (await call(t, 'GET', '/api/content/pages/delivery', { headers: { 'x-lang': 'en' } })).body,
      ).data;
      // The page states the prices the delivery settings charge.
      expect(delivery.body).toContain('30,000 sum');
      expect(delivery.body).toContain('1,000,000 sum');
      expect(delivery.body).toContain('45,000 sum');
    });

    it('offers payment on receipt or by card online, and says how long a card order is held', async () => {
      const offer = async (lang: string) =>
        InfoPageResponseSchema.parse(
          (await call(t, 'GET', '/api/content/pages/public-offer', { headers: { 'x-lang': lang } }))
            .body,
        ).data.body;
      // The backend's default hold, written in by the page, not copied into its text.
      const en = await offer('en');
      expect(en).not.toContain('Payment is made on receipt');
      expect(en).toContain('on receipt (cash to the courier; cash or bank card in the shop)');
      expect(en).toContain('online, by Uzcard, Humo, Visa or Mastercard card through the Payme');
      expect(en).toContain('waits 30 minutes for its payment');
      const ru = await offer('ru');
      expect(ru).not.toContain('Оплата производится при получении');
      expect(ru).toContain(
        'онлайн — картой Uzcard, Humo, Visa или Mastercard через платёжную систему Payme',
      );
      expect(ru).toContain('ждёт оплаты 30 минут с момента оформления');
      const uz = await offer('uz');
      expect(uz).toContain('Payme toʻlov tizimi orqali');
      expect(uz).toContain('30 daqiqa davomida toʻlovni kutadi');
      for (const body of [en, ru, uz]) expect(body).not.toContain('{{');
    });

    it('refuses a slug outside the list with 400 and answers 404 for a page not written', async () => {
      const unknown = await call(t, 'GET', '/api/content/pages/careers');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: 'validation_error' });
      await t.db.delete(infoPages).where(eq(infoPages.slug, 'return'));
      const missing = await call(t, 'GET', '/api/content/pages/return');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'not_found' });
      const list = InfoPagesResponseSchema.parse((await call(t, 'GET', '/api/content/pages')).body);
      expect(list.data.map((p) => p.slug)).not.toContain('return');
    });
  });
});

import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { CALLS, formatUzPhone, type CartItem, type Order } from '@shop/shared';
import {
  bearer,
  checkoutWith,
  lineOf,
  signInFresh,
  signInFreshOnMapsServer,
} from '../support/checkout';
import { E2E_MAPS_PORT } from '../support/paths';
import { openInTelegram } from '../support/telegram';
import { linesOf } from '../support/text-lines';
import { standInYandexMaps } from '../support/yandex-maps';

// The payment page, the confirmation and checkout's courier point as a shopper on a narrow
// phone sees them: the recipient's phone number kept whole, nothing past the inputs' edges.

const main = (page: Page) => page.getByRole('main');

/** With E2E_SCREENSHOTS=1, pictures of the pages to look at (CI does not need them). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({
    path: testInfo.outputPath(`${name}.png`),
    fullPage: !name.startsWith('checkout'),
  });
}

/** A long name, so the recipient line has to wrap at 320 px and the number meets the edge. */
const RECIPIENT = { name: 'Aleksandra', surname: 'Konstantinopolskaya', phone: '+998901112255' };

/** An order for the page's shopper, placed through the API: courier by card, or pickup in cash. */
async function placeByApi(
  request: APIRequestContext,
  page: Page,
  line: CartItem,
  how: 'courier-card' | 'courier-cash',
): Promise<Order> {
  const answer = await request.post(CALLS.createOrder.path, {
    headers: { ...(await bearer(page)), 'x-lang': 'en' },
    data: {
      items: [{ product_id: line.product_id, quantity: line.quantity }],
      ...RECIPIENT,
      delivery_type: 'courier',
      region: 'tashkent',
      address: 'Amir Temur 15',
      flat: '12',
      ...(how === 'courier-card'
        ? { payment_type: 'card' }
        : { payment_type: 'on_receipt', receipt_payment: 'cash' }),
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: Order }).data;
}

test.describe('narrow screens: the payment page and the confirmation', () => {
  test('the recipient phone stays on one line at 320 and 360 px, light and inside Telegram dark (en)', async ({
    page,
    context,
    request,
  }, testInfo) => {
    await signInFresh(page, 'en', '/en/account');
    const mug = await lineOf(request, 'porcelain-mug', 'en');
    const unpaid = await placeByApi(request, page, mug, 'courier-card');
    const cash = await placeByApi(request, page, mug, 'courier-cash');
    const phone = formatUzPhone(RECIPIENT.phone);
    const pages = [
      { name: 'payment', path: `/en/checkout/payment?order=${unpaid.number}` },
      { name: 'confirmation', path: `/en/checkout/confirmed?order=${cash.number}` },
    ];

    const telegram = await context.newPage();
    for (const { name, path } of pages) {
      for (const width of [320, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path);
        await expect(main(page).getByText(phone)).toBeVisible();
        expect(await linesOf(page, 'main', phone), `${name} at ${width} px`).toBe(1);
        await screenshot(page, testInfo, `${name}-${width}-light`);

        await telegram.setViewportSize({ width, height: 800 });
        await openInTelegram(telegram, path, { colorScheme: 'dark' });
        await expect(main(telegram).getByText(phone)).toBeVisible();
        expect(await linesOf(telegram, 'main', phone), `${name} in Telegram at ${width} px`).toBe(
          1,
        );
        await screenshot(telegram, testInfo, `${name}-${width}-telegram-dark`);
      }
    }
  });
});

/**
 * Each part of the courier point lies within the address inputs' left and right edges (the map
 * too where the shop has one), and the page does not scroll sideways.
 */
async function expectLinedUp(page: Page, width: number, { withMap }: { withMap: boolean }) {
  await page.setViewportSize({ width, height: 800 });
  const input = await page.locator('main input[autocomplete="street-address"]').boundingBox();
  expect(input).not.toBeNull();
  if (!input) return;
  const parts = {
    card: page.locator('.location-field__set'),
    ...(withMap && { map: page.locator('.location-map__canvas') }),
  };
  for (const [name, part] of Object.entries(parts)) {
    const box = await part.boundingBox();
    expect(box, `${name} at ${width} px`).not.toBeNull();
    if (!box) continue;
    expect(box.x, `${name}: left edge at ${width} px`).toBeGreaterThanOrEqual(input.x - 0.5);
    expect(box.x + box.width, `${name}: right edge at ${width} px`).toBeLessThanOrEqual(
      input.x + input.width + 0.5,
    );
  }
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways, `sideways scroll at ${width} px`).toBe(0);
  await page.locator('.location-field').scrollIntoViewIfNeeded();
}

/** Courier, the device's point, and the map opened. */
async function courierPointSet(page: Page) {
  await main(page)
    .getByRole('radio', { name: /Courier delivery/ })
    .check();
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByText('Location set')).toBeVisible();
  await page.getByRole('button', { name: 'Pick the point on the map' }).click();
  await expect(
    page.getByRole('application', { name: 'Map: tap where the courier should come' }),
  ).toBeVisible();
}

test.describe("checkout's courier point, on the shop with a map", () => {
  const point = { latitude: 41.3111, longitude: 69.2797 };
  test.use({
    baseURL: `http://127.0.0.1:${E2E_MAPS_PORT}`,
    geolocation: point,
    permissions: ['geolocation'],
  });

  test('the location card and the map line up with the address fields at 320 and 360 px, light and inside Telegram dark (en)', async ({
    page,
    context,
    request,
  }, testInfo) => {
    await standInYandexMaps(page);
    await signInFreshOnMapsServer(page, '/en/account');
    const mug = await lineOf(request, 'porcelain-mug', 'en');
    await checkoutWith(page, request, 'en', [mug]);
    await courierPointSet(page);
    for (const width of [320, 360]) {
      await expectLinedUp(page, width, { withMap: true });
      await screenshot(page, testInfo, `checkout-location-${width}-light`);
    }

    const telegram = await context.newPage();
    await standInYandexMaps(telegram);
    await openInTelegram(telegram, '/en/checkout', {
      colorScheme: 'dark',
      location: point,
    });
    await courierPointSet(telegram);
    for (const width of [320, 360]) {
      await expectLinedUp(telegram, width, { withMap: true });
      await screenshot(telegram, testInfo, `checkout-location-${width}-telegram-dark`);
    }
  });
});

test.describe("checkout's courier point, in Russian and Uzbek", () => {
  const point = { latitude: 41.3111, longitude: 69.2797 };
  test.use({ geolocation: point, permissions: ['geolocation'] });
  // The status ("Местоположение указано") and "Olib tashlash" are far longer than in English.
  const texts = {
    ru: { courier: /^Доставка курьером/, use: 'Моё местоположение', set: 'Местоположение указано' },
    uz: { courier: /^Kuryer/, use: 'Joylashuvimni aniqlash', set: 'Joylashuv belgilandi' },
  } as const;

  /** Courier delivery and the device's point, on the checkout page open in `page`. */
  async function pointSet(page: Page, lang: keyof typeof texts) {
    await main(page).getByRole('radio', { name: texts[lang].courier }).check();
    await page.getByRole('button', { name: texts[lang].use }).click();
    await expect(page.getByText(texts[lang].set)).toBeVisible();
  }

  for (const lang of ['ru', 'uz'] as const) {
    test(`the location card stays within the address fields at 320 and 360 px, light and inside Telegram dark (${lang})`, async ({
      page,
      context,
      request,
    }, testInfo) => {
      await signInFresh(page, lang, `/${lang}/account`);
      const mug = await lineOf(request, 'porcelain-mug', lang);
      await checkoutWith(page, request, lang, [mug]);
      await pointSet(page, lang);
      for (const width of [320, 360]) {
        await expectLinedUp(page, width, { withMap: false });
        await screenshot(page, testInfo, `checkout-location-${lang}-${width}-light`);
      }

      const telegram = await context.newPage();
      await openInTelegram(telegram, `/${lang}/checkout`, { colorScheme: 'dark', location: point });
      await pointSet(telegram, lang);
      for (const width of [320, 360]) {
        await expectLinedUp(telegram, width, { withMap: false });
        await screenshot(telegram, testInfo, `checkout-location-${lang}-${width}-telegram-dark`);
      }
    });
  }
});

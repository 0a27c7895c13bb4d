// Setup for the checkout, card and payment specs, through the shop's own API where the setup is
// not what a test is about: a signed-in shopper, a cart on the server, a card added through the
// card calls with the code the card's "bank" texted (the sandbox writes it to the SMS outbox).
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import {
  CALLS,
  formatMoney,
  type CartItem,
  type Language,
  type Order,
  type SavedCard,
} from '@shop/shared';
import { storedJson } from './browser-state';
import { E2E_MAPS_DATA_DIR } from './paths';
import { apiProduct, LOW_STOCK_BOUGHT } from './shop-api';
import { completeSignIn } from './sign-in';
import { latestCodeFor, readOutbox, uniquePhone } from './sms-outbox';

/**
 * The sandbox's cards: Payme's published test cards pay; the sandbox's 8600 1111… is declined for
 * insufficient funds, its 9860 2222… because the bank has blocked it.
 */
export const TEST_CARDS = {
  uzcard: '8600069195406311',
  uzcard2: '8600495473316478',
  humo: '9860100000000008',
  declined: '8600111111111110',
  blocked: '9860222222222226',
} as const;
export const TEST_CARD_EXPIRY = '03/99';

/**
 * Signs a fresh shopper in through the form on the second shop server (the one with a Yandex
 * Maps key), whose SMS outbox is in its own data directory.
 */
export async function signInFreshOnMapsServer(page: Page, next: string): Promise<string> {
  const phone = uniquePhone();
  await page.goto(`/en/sign-in?next=${encodeURIComponent(next)}`);
  await completeSignIn(page, phone, 'en', E2E_MAPS_DATA_DIR);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  return phone;
}

/** Another shopper, signed in through the API: the bearer header of their session. */
export async function signInByApi(request: APIRequestContext): Promise<Record<string, string>> {
  const phone = uniquePhone();
  expect((await request.post(CALLS.sendOtp.path, { data: { phone } })).ok()).toBe(true);
  const verified = await request.post(CALLS.verifyOtp.path, {
    data: { phone, otp: await latestCodeFor(phone) },
  });
  expect(verified.ok()).toBe(true);
  const { access_token } = (await verified.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** Signs a fresh shopper in through the form and lands on `next`. Returns the phone. */
export async function signInFresh(page: Page, lang: Language, next: string): Promise<string> {
  const phone = uniquePhone();
  await page.goto(`/${lang}/sign-in?next=${encodeURIComponent(next)}`);
  await completeSignIn(page, phone, lang);
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[?]/g, '\\?')}$`));
  return phone;
}

export async function bearer(page: Page): Promise<Record<string, string>> {
  const auth = await storedJson<{ token?: string }>(page, 'auth');
  if (!auth?.token) throw new Error('not signed in');
  return { authorization: `Bearer ${auth.token}` };
}

/**
 * A cart line of the product's variant with the most in stock (or of `variantId`), `quantity` of
 * it. The most, not the first: the suite's orders then spread over the variants instead of
 * selling out the first one, which other specs pick by name.
 */
export async function lineOf(
  request: APIRequestContext,
  slug: string,
  lang: Language,
  quantity = 1,
  variantId?: number,
): Promise<CartItem> {
  const product = await apiProduct(request, slug, lang);
  const variant =
    variantId === undefined
      ? product.variants
          .filter((v) => v.in_stock && v.quantity >= quantity)
          .reduce<(typeof product.variants)[number] | undefined>(
            (most, v) => (most === undefined || v.quantity > most.quantity ? v : most),
            undefined,
          )
      : product.variants.find((v) => v.product_id === variantId);
  if (!variant) throw new Error(`${slug} has no variant with ${quantity} in stock`);
  return {
    product_id: variant.product_id,
    name: product.name,
    img_url: product.images[0]?.url ?? null,
    quantity,
    attributes: variant.attributes,
    price: variant.price,
    slug: product.slug,
    mxit: product.mxik,
    mxit_unit: product.package_code,
  };
}

/**
 * Saves `lines` as the signed-in shopper's cart and opens checkout once the cart page shows
 * them (a signed-in start reads the saved cart, so the page is never opened on an empty one).
 */
export async function checkoutWith(
  page: Page,
  request: APIRequestContext,
  lang: Language,
  lines: CartItem[],
): Promise<void> {
  const saved = await request.post(CALLS.saveCart.path, {
    data: { cart_data: lines },
    headers: await bearer(page),
  });
  expect(saved.status()).toBe(200);
  await page.goto(`/${lang}/cart`);
  for (const line of lines) {
    await expect(page.getByRole('main').getByText(line.name).first()).toBeVisible();
  }
  await page.goto(`/${lang}/checkout`);
}

/** On the checkout page, in English: pickup at the first shop listed, for Dilnoza Karimova. */
export async function pickUpAtFirstShop(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: /shop/i }).getByRole('radio').first().check();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dilnoza');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Karimova');
}

/**
 * A variant with 2 to 5 left, of the one product specs may buy low stock of (LOW_STOCK_BOUGHT):
 * buying one elsewhere leaves a line that asks for too many.
 */
export async function fewLeft(
  request: APIRequestContext,
  lang: Language,
): Promise<{ line: CartItem; quantity: number }> {
  const product = await apiProduct(request, LOW_STOCK_BOUGHT, lang);
  const variant = product.variants.find((v) => v.in_stock && v.quantity >= 2 && v.quantity <= 5);
  if (!variant) throw new Error(`${LOW_STOCK_BOUGHT} has no variant with 2 to 5 left`);
  return {
    line: await lineOf(request, product.slug, lang, variant.quantity, variant.product_id),
    quantity: variant.quantity,
  };
}

/** The newest 6-digit code the card's bank (the sandbox) texted for a card ending in `last4`. */
export async function latestCardCode(last4: string, dataDir?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const lines = (await readOutbox(dataDir)).filter((line) => line.phone.endsWith(last4));
      code = lines.at(-1)?.text.match(/\b\d{6}\b/)?.[0];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/**
 * Adds a card through the card calls, as setup for a test about something else; `dataDir` is the
 * shop's whose sandbox texts the code (the suite's first shop by default).
 */
export async function addCardByApi(
  page: Page,
  request: APIRequestContext,
  number: string,
  phone: string,
  dataDir?: string,
): Promise<SavedCard> {
  const headers = await bearer(page);
  const created = await request.post(CALLS.createCard.path, {
    data: { card_number: number, expiry: TEST_CARD_EXPIRY, phone },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const { card_id } = (await created.json()) as { card_id: number };
  const confirmed = await request.post(CALLS.confirmCard.path, {
    data: { card_id, code: await latestCardCode(number.slice(-4), dataDir) },
    headers,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { data: SavedCard }).data;
}

/** The next order answer the page receives (POST /api/orders or POST /api/orders/:tid/pay). */
export function nextOrderAnswer(page: Page, call: 'create' | 'pay'): Promise<Response> {
  return page.waitForResponse((response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    return (
      method === 'POST' &&
      (call === 'create'
        ? pathname === CALLS.createOrder.path
        : /^\/api\/orders\/[^/]+\/pay$/.test(pathname))
    );
  });
}

export async function orderOf(response: Response): Promise<Order> {
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Order }).data;
}

/** The checkout summary as shown: subtotal, delivery and total rows. */
export async function summaryShown(page: Page) {
  const summary = page.getByRole('region', { name: /^(Total|Итого|Jami)$/ });
  const value = (index: number) => summary.getByRole('definition').nth(index).innerText();
  return { subtotal: await value(0), delivery: await value(1), total: await value(2) };
}

/** The same numbers as the order answer has them, formatted as the page formats money. */
export function summaryOf(order: Order, lang: Language, free: string) {
  return {
    subtotal: formatMoney(order.subtotal, lang),
    delivery: order.delivery_price === 0 ? free : formatMoney(order.delivery_price, lang),
    total: formatMoney(order.total, lang),
  };
}

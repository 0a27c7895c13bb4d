// Paying the way Uzbekistan pays, end to end on one shop with its bot (the Bot API stand-in
// records every call) and a staff chat: the Click app's pay page and Payme's checkout, played by
// their local stand-ins, which call the shop's Prepare/Complete URLs and Merchant API through its
// relay as the real ones do. Each journey ends with exactly one "paid" message in the shopper's
// chat and one update of the order's staff card.
import {
  expect,
  test,
  type Browser,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import type { Order } from '@shop/shared';
import { startFakeBotApi, type FakeBotApi } from '../../bot/src/testing/fake-bot-api';
import { appLinksChat } from '../support/bot-journey';
import { addCardByApi, checkoutWith, lineOf, nextOrderAnswer, orderOf } from '../support/checkout';
import { TEST_BOT_TOKEN } from '../support/paths';
import { startShopProcess, type ShopProcess } from '../support/shop-process';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import {
  mainButtonState,
  openInTelegram,
  pressMainButton,
  telegramEvents,
} from '../support/telegram';
import { preCheckoutQuery, successfulPayment } from '../../bot/src/testing/updates';

const STAFF_CHAT = -100_500_600;
/** A card Click's local stand-in pays with (backend/src/payments/click/sandbox/). */
const CLICK_TEST_CARD = '8600555555555556';

let telegram: FakeBotApi | undefined;
let shop: ShopProcess | undefined;
const tg = (): FakeBotApi => {
  if (!telegram) throw new Error('The Bot API stand-in did not start');
  return telegram;
};
const shopOf = (): ShopProcess => {
  if (!shop) throw new Error('The shop did not start');
  return shop;
};

test.beforeAll(async () => {
  // A cold start: two PGlite databases, the stand-ins and the bot's getMe.
  test.setTimeout(240_000);
  telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  shop = await startShopProcess('app-pay', {
    BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    STAFF_CHAT_ID: String(STAFF_CHAT),
    // Saved cards through Click's Merchant API (its local stand-in).
    CARD_PROCESSOR: 'click',
    // BotFather's test token shape: the invoice goes to the Bot API stand-in.
    TELEGRAM_PAYMENT_PROVIDER_TOKEN:
      '398062629:TEST:999999999_F91D8F69C042267444B74CC0B3C747757EB0E065',
  });
  await telegram.waitForCall('getUpdates', undefined, 60_000);
});

test.afterAll(async () => {
  await shop?.stop();
  await telegram?.close();
});

/** With E2E_SCREENSHOTS=1, the page at 360 px, to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Signs `phone` in inside Telegram as chat `chatId`, which links the chat to the account. */
async function linkChat(
  page: Page,
  chatId: number,
  lang: 'uz' | 'ru' | 'en',
  phone: string,
  colorScheme: 'light' | 'dark' = 'light',
) {
  await openInTelegram(page, `/${lang}/sign-in?next=/${lang}/account`, {
    languageCode: lang,
    userId: chatId,
    colorScheme,
  });
  const linked = appLinksChat(page);
  await completeSignIn(page, phone, lang, shopOf().dataDir);
  expect((await linked).status()).toBe(200);
}

/**
 * A shopper whose chat `chatId` is linked (signed in inside Telegram once), now shopping on the
 * web in a fresh 360 px browser with the same account.
 */
async function webShopperWithChat(browser: Browser, chatId: number, lang: 'uz' | 'en') {
  const inTelegram = await browser.newContext({ baseURL: shopOf().baseUrl });
  const telegramPage = await inTelegram.newPage();
  const phone = uniquePhone();
  await linkChat(telegramPage, chatId, lang, phone);
  const session = await telegramPage.evaluate(() => localStorage.getItem('auth'));
  await inTelegram.close();
  const context = await browser.newContext({
    baseURL: shopOf().baseUrl,
    viewport: { width: 360, height: 780 },
    colorScheme: 'light',
  });
  await context.addInitScript((auth) => {
    if (auth !== null && localStorage.getItem('auth') === null) localStorage.setItem('auth', auth);
  }, session);
  const page = await context.newPage();
  await page.goto(`/${lang}/account`);
  await expect(page).toHaveURL(new RegExp(`/${lang}/account$`));
  return { context, page, phone };
}

/**
 * Fills the open checkout for a mug picked up at the first shop, paid `way`; answers the wait
 * for the order's answer (wrapped, so awaiting this does not wait for the order itself).
 */
async function placeWith(
  page: Page,
  way: RegExp,
  name: { first: RegExp; last: RegExp },
): Promise<{ answer: Promise<Response> }> {
  await page
    .getByRole('main')
    .getByRole('radiogroup', { name: /Doʻkonni tanlang|Выберите магазин/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('textbox', { name: name.first }).fill('Dilnoza');
  await page.getByRole('textbox', { name: name.last }).fill('Karimova');
  await page.getByRole('radio', { name: way }).check();
  return { answer: nextOrderAnswer(page, 'create') };
}

/** The one "paid" message the chat got, and the staff card saying who took the money. */
async function toldOnce(chatId: number, order: Order, paidLine: string, cardLine: string) {
  const paid = await tg().waitForCall(
    'sendMessage',
    (call) => call.payload.chat_id === chatId,
    30_000,
  );
  expect(String(paid.payload.text).split('\n')[0]).toBe(paidLine);
  await expect
    .poll(
      () =>
        tg()
          .calls.filter(
            (call) =>
              call.payload.chat_id === STAFF_CHAT &&
              call.method === 'editMessageText' &&
              String(call.payload.text).includes(`№${order.number}`),
          )
          .map((call) => String(call.payload.text)),
      { timeout: 30_000 },
    )
    .toEqual([expect.stringContaining(cardLine)]);
  // Nothing else follows: a moment more shows the chat heard of it once.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(
    tg()
      .delivered()
      .filter((call) => call.payload.chat_id === chatId),
  ).toHaveLength(1);
}

test('uz, on the web: pays with the Click app, comes back to the confirmation, one "paid" message', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const chatId = 700_300_001;
  const { context, page } = await webShopperWithChat(browser, chatId, 'uz');
  await checkoutWith(page, context.request, 'uz', [
    await lineOf(context.request, 'porcelain-mug', 'uz'),
  ]);
  const placed = await placeWith(page, /^Click ilovasi/, { first: /^Ism$/, last: /^Familiya$/ });
  await page.getByRole('button', { name: /Buyurtma berish/ }).click();
  const order = await orderOf(await placed.answer);
  expect(order).toMatchObject({ payment_type: 'click', payment_status: 'unpaid' });

  // The payment page offers every online way, Click first, and sends the shopper to Click.
  await expect(page).toHaveURL(/\/uz\/checkout\/payment\?order=UY-\d+$/);
  const ways = page.getByRole('radiogroup', { name: 'Toʻlov usuli' });
  // On the web: a card, Click and Payme (Telegram's sheet is only inside Telegram).
  await expect(ways.getByRole('radio')).toHaveCount(3);
  await expect(ways.getByRole('radio', { name: /Click ilovasi/ })).toBeChecked();
  await screenshot(page, testInfo, 'payment-ways-uz-light');
  await page.getByRole('button', { name: 'Click orqali toʻlash' }).click();
  await expect(page).toHaveURL(/\/services\/pay\?/);
  await expect(page.getByText(order.number)).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back in the shop: the order is paid, and the confirmation says so.
  await expect(page).toHaveURL(/\/uz\/checkout\/confirmed\?order=UY-\d+$/, { timeout: 30_000 });
  await toldOnce(
    chatId,
    order,
    `Buyurtma №${order.number} toʻlandi. Rahmat!`,
    'оплачен: приложение Click',
  );
  await context.close();
});

test('ru, inside Telegram, dark: pays in the Payme app’s checkout, one "paid" message', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const chatId = 700_300_002;
  const context = await browser.newContext({
    baseURL: shopOf().baseUrl,
    viewport: { width: 360, height: 780 },
  });
  const page = await context.newPage();
  await linkChat(page, chatId, 'ru', uniquePhone(), 'dark');
  await checkoutWith(page, context.request, 'ru', [
    await lineOf(context.request, 'porcelain-mug', 'ru'),
  ]);
  const placed = await placeWith(page, /^Приложение Payme/, {
    first: /^Имя$/,
    last: /^Фамилия$/,
  });
  await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Подтвердить заказ');
  await pressMainButton(page);
  const order = await orderOf(await placed.answer);
  expect(order.payment_type).toBe('payme');
  await expect(page).toHaveURL(/\/ru\/checkout\/payment\?order=UY-\d+$/);
  const ways = page.getByRole('radiogroup', { name: 'Способ оплаты' });
  // Inside Telegram every way: a card, Click, Payme and Telegram's sheet.
  await expect(ways.getByRole('radio')).toHaveCount(4);
  await expect(ways.getByRole('radio', { name: /Payme/ })).toBeChecked();
  await screenshot(page, testInfo, 'payment-ways-ru-telegram-dark');
  await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Оплатить через Payme');
  await pressMainButton(page);
  await expect(page.getByText('Payme (test checkout)')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/ru\/checkout\/confirmed\?order=UY-\d+$/, { timeout: 30_000 });
  await toldOnce(
    chatId,
    order,
    `Заказ №${order.number} оплачен. Спасибо!`,
    'оплачен: приложение Payme',
  );
  await context.close();
});

test('uz, inside Telegram, dark: pays in Telegram’s own sheet; a "cancelled" from the client changes nothing the order says', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const chatId = 700_300_003;
  const context = await browser.newContext({
    baseURL: shopOf().baseUrl,
    viewport: { width: 360, height: 780 },
  });
  const page = await context.newPage();
  await openInTelegram(page, '/uz/sign-in?next=/uz/account', {
    languageCode: 'uz',
    userId: chatId,
    colorScheme: 'dark',
  });
  const linked = appLinksChat(page);
  await completeSignIn(page, uniquePhone(), 'uz', shopOf().dataDir);
  expect((await linked).status()).toBe(200);
  await checkoutWith(page, context.request, 'uz', [
    await lineOf(context.request, 'porcelain-mug', 'uz'),
  ]);
  const placed = await placeWith(page, /^Telegram orqali/, { first: /^Ism$/, last: /^Familiya$/ });
  await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Buyurtma berish');
  await pressMainButton(page);
  const order = await orderOf(await placed.answer);
  expect(order.payment_type).toBe('telegram');
  await expect(
    page
      .getByRole('radiogroup', { name: 'Toʻlov usuli' })
      .getByRole('radio', { name: /Telegram orqali/ }),
  ).toBeChecked();

  // "Pay": the server makes the invoice, the app opens it in Telegram's sheet.
  await expect
    .poll(async () => (await mainButtonState(page))?.text)
    .toBe('Telegram orqali toʻlash');
  await pressMainButton(page);
  const opensInvoice = async () =>
    (await telegramEvents(page)).find((event) => event.type === 'web_app_open_invoice');
  await expect.poll(async () => (await opensInvoice()) !== undefined).toBe(true);
  const opened = await opensInvoice();
  const slug = (opened?.data as { slug: string }).slug;
  const invoice = tg().calls.find((call) => call.method === 'createInvoiceLink');
  expect(invoice?.payload).toMatchObject({ currency: 'UZS', payload: order.number });

  // Telegram asks the bot before it takes the money, then tells it the money is in.
  const payment = { totalAmount: order.total * 100, payload: order.number };
  const query = tg().pushUpdate(preCheckoutQuery(chatId, payment, 'uz'));
  const answer = await tg().waitForCall(
    'answerPreCheckoutQuery',
    (call) => call.payload.pre_checkout_query_id === query.pre_checkout_query?.id,
    15_000,
  );
  expect(answer.payload.ok).toBe(true);
  // A client that says "cancelled" after paying: the page trusts the order, not the client.
  await page.evaluate(
    ({ slug }) => {
      const w = window as unknown as {
        Telegram: { WebView: { receiveEvent(type: string, data: unknown): void } };
      };
      w.Telegram.WebView.receiveEvent('invoice_closed', { slug, status: 'cancelled' });
    },
    { slug },
  );
  tg().pushUpdate(successfulPayment(chatId, { ...payment, chargeId: `tg-${order.number}` }));
  await expect(page).toHaveURL(/\/uz\/checkout\/confirmed\?order=UY-\d+$/, { timeout: 30_000 });
  await toldOnce(chatId, order, `Buyurtma №${order.number} toʻlandi. Rahmat!`, 'оплачен: Telegram');
  await context.close();
});

test('en, on the web: pays with a card saved through Click, one "paid" message', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const chatId = 700_300_004;
  const { context, page, phone } = await webShopperWithChat(browser, chatId, 'en');
  // Click's stand-in knows this card; it texts the code to the card's phone, as Click does.
  const card = await addCardByApi(page, context.request, CLICK_TEST_CARD, phone, shopOf().dataDir);
  expect(card.masked_number).toMatch(/5556$/);
  await checkoutWith(page, context.request, 'en', [
    await lineOf(context.request, 'porcelain-mug', 'en'),
  ]);
  await page.getByRole('radiogroup', { name: /shop/i }).getByRole('radio').first().check();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dilnoza');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Karimova');
  await page.getByRole('radio', { name: /^Card online/ }).check();
  await page.getByRole('radio', { name: /•••• 5556/ }).check();
  const paid = nextOrderAnswer(page, 'pay');
  await page.getByRole('button', { name: /Place order/ }).click();
  const order = await orderOf(await paid);
  expect(order).toMatchObject({ payment_type: 'card', payment_status: 'paid' });
  expect(order.paid_with?.provider).toBe('click_card');
  await expect(page).toHaveURL(/\/en\/checkout\/confirmed\?order=UY-\d+$/);
  await toldOnce(
    chatId,
    order,
    `Order №${order.number} is paid. Thank you!`,
    `оплачен: Click, карта · ${order.paid_with?.transaction_id ?? ''}`,
  );
  await context.close();
});

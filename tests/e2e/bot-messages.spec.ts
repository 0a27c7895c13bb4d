// What the bot tells a shopper about an order, end to end: a shop whose bot talks to a
// local stand-in of the Bot API that records every call (support/bot-shop.ts), and the journey of
// support/bot-journey.ts: sign in inside Telegram, order in the app, one confirmation in the chat,
// each status the operator's command (`pnpm order:status`, a real child process) sets arriving
// once and in order, the same timeline on the order page. Russian with pickup (ready for pickup),
// Uzbek with a courier (on the way). Then the chat's chosen language across launches, and a card
// order declined then paid, which the chat hears of once, when it is paid.
import { expect, test } from '@playwright/test';
import { buttonPress, privateMessage } from '../../bot/src/testing/updates';
import { appLinksChat, journey, placeInApp } from '../support/bot-journey';
import { startBotShop, type BotShop } from '../support/bot-shop';
import {
  addCardByApi,
  checkoutWith,
  lineOf,
  nextOrderAnswer,
  orderOf,
  TEST_CARDS,
} from '../support/checkout';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import { mainButtonState, openInTelegram, pressMainButton } from '../support/telegram';

let started: BotShop | undefined;
const shopOf = (): BotShop => {
  if (!started) throw new Error('The shop with its bot did not start');
  return started;
};

test.beforeAll(async () => {
  // A cold start: two PGlite databases (the backend's and the notifier's) and the bot's getMe.
  test.setTimeout(240_000);
  started = await startBotShop();
});

test.afterAll(async () => {
  await started?.stop();
});

test('ru, pickup: one confirmation with "Open order", each status once and in order, the same timeline on the order page', async ({
  browser,
}) => {
  // Four runs of the operator's command (each a fresh Node process) on top of the journey.
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: shopOf().baseUrl });
  await journey(shopOf(), await context.newPage(), context.request, 'ru', 'pickup', 700_100_001);
  await context.close();
});

test('uz, courier: one confirmation with "Buyurtmani ochish", each status once and in order, the same timeline on the order page', async ({
  browser,
}) => {
  // Four runs of the operator's command (each a fresh Node process) on top of the journey.
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: shopOf().baseUrl });
  await journey(shopOf(), await context.newPage(), context.request, 'uz', 'courier', 700_100_002);
  await context.close();
});

test('the language chosen with /language stays across Mini App launches in another language', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shop = shopOf();
  const chatId = 700_100_003;
  const sentTo = (call: { payload: Record<string, unknown> }) => call.payload.chat_id === chatId;
  const said = (text: string) =>
    shop.telegram.waitForCall(
      'sendMessage',
      (call) => sentTo(call) && String(call.payload.text).startsWith(text),
      20_000,
    );

  // Telegram in Russian; the shopper picks English in the chat.
  shop.telegram.pushUpdate(privateMessage(chatId, '/language', 'ru'));
  const prompt = await said('Выберите язык:');
  const promptId = (prompt.result as { message_id: number }).message_id;
  shop.telegram.pushUpdate(
    buttonPress(chatId, promptId, { id: chatId, first_name: 'Aziz' }, 'lang:en'),
  );
  await said('Language: English. Order updates will come in English.');
  // The choice made, the prompt offers it no more.
  expect(shop.telegram.message(chatId, promptId)?.replyMarkup).toBeUndefined();

  // Then opens the Mini App, still with Telegram in Russian, signs in and orders.
  const context = await browser.newContext({ baseURL: shop.baseUrl });
  const page = await context.newPage();
  await openInTelegram(page, '/ru/sign-in?next=/ru/account', {
    languageCode: 'ru',
    userId: chatId,
  });
  const linked = appLinksChat(page);
  await completeSignIn(page, uniquePhone(), 'ru', shop.dataDir);
  const link = await linked;
  expect(link.status()).toBe(200);
  // The launch links the chat and keeps its chosen language.
  expect(await link.json()).toEqual({ linked: true, language: 'en' });
  const order = await placeInApp(page, context.request, 'ru', 'pickup');

  // The order message comes in English…
  const placed = await said(`Order №${order.number}`);
  expect(String(placed.payload.text).split('\n')[0]).toBe(
    `Order №${order.number} is placed. Thank you!`,
  );
  // …and so does /orders, sent from the Russian Telegram app.
  shop.telegram.pushUpdate(privateMessage(chatId, '/orders', 'ru'));
  const orders = await said('Your latest orders:');
  expect(String(orders.payload.text)).toContain(`№${order.number} — new`);
  expect(shop.messagesTo(chatId).map((call) => String(call.payload.text))).not.toContainEqual(
    expect.stringMatching(/Заказ|Оплата/),
  );
  await context.close();
});

test('uz, card declined then paid: one message, the paid confirmation, and no "Rahmat" before the money', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shop = shopOf();
  const chatId = 700_100_004;
  const context = await browser.newContext({ baseURL: shop.baseUrl });
  const page = await context.newPage();
  const { request } = context;
  await openInTelegram(page, '/uz/sign-in?next=/uz/account', {
    languageCode: 'uz',
    userId: chatId,
  });
  const phone = uniquePhone();
  const linked = appLinksChat(page);
  await completeSignIn(page, phone, 'uz', shop.dataDir);
  expect((await linked).status()).toBe(200);
  await addCardByApi(page, request, TEST_CARDS.declined, phone, shop.dataDir);
  await addCardByApi(page, request, TEST_CARDS.uzcard, phone, shop.dataDir);

  // Placed with the card its bank declines: the order waits on its payment page.
  await checkoutWith(page, request, 'uz', [await lineOf(request, 'porcelain-mug', 'uz')]);
  await page
    .getByRole('main')
    .getByRole('radiogroup', { name: 'Doʻkonni tanlang' })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('textbox', { name: 'Ism', exact: true }).fill('Sardor');
  await page.getByRole('textbox', { name: 'Familiya' }).fill('Qodirov');
  await page.getByRole('radio', { name: /Karta orqali onlayn/ }).check();
  await page.getByRole('radio', { name: 'Uzcard •••• 1110' }).check();
  const declined = nextOrderAnswer(page, 'pay');
  await pressMainButton(page);
  expect((await declined).status()).toBe(422);
  await expect(page).toHaveURL(/\/uz\/checkout\/payment\?order=UY-\d+$/);
  await expect(page.getByRole('alert')).toContainText('Toʻlov rad etildi');

  // Paid with the other card.
  await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Toʻlash');
  await page.getByRole('radio', { name: 'Uzcard •••• 6311' }).check();
  const second = nextOrderAnswer(page, 'pay');
  await pressMainButton(page);
  const order = await orderOf(await second);
  expect(order).toMatchObject({ payment_type: 'card', payment_status: 'paid' });

  // The chat's one message about it: paid, with the lines and the total.
  const paid = await shop.telegram.waitForCall(
    'sendMessage',
    (call) => call.payload.chat_id === chatId,
    20_000,
  );
  const text = String(paid.payload.text);
  expect(text.split('\n')[0]).toBe(`Buyurtma №${order.number} toʻlandi. Rahmat!`);
  expect(text).toContain('Toʻlov: Karta orqali onlayn');
  // The chat reads its messages in order, so anything told before the payment came first;
  // a moment more shows nothing follows.
  await page.waitForTimeout(3_000);
  expect(shop.messagesTo(chatId).map((call) => String(call.payload.text).split('\n')[0])).toEqual([
    `Buyurtma №${order.number} toʻlandi. Rahmat!`,
  ]);
  await context.close();
});

test('a product link in the chat shows the product: photo, name and price in the chat’s language, a button that opens it', async ({
  browser,
}) => {
  const shop = shopOf();
  const chatId = 700_100_005;
  shop.telegram.pushUpdate(privateMessage(chatId, '/start product_terry-bathrobe', 'ru'));
  const photo = await shop.telegram.waitForCall(
    'sendPhoto',
    (call) => call.payload.chat_id === chatId,
    20_000,
  );
  const [name, price] = String(photo.payload.caption).split('\n');
  expect(price).toMatch(/^[\d\u00A0]+\u00A0сум$/);
  expect(String(photo.payload.photo)).toMatch(new RegExp(`^${shop.baseUrl}/`));
  const markup = photo.payload.reply_markup as {
    inline_keyboard: { text: string; url?: string }[][];
  };
  const button = markup.inline_keyboard.flat();
  expect(button.map((b) => b.text)).toEqual(['Открыть товар']);

  // The button opens that product in the shop, under the same name.
  const page = await browser.newPage({ baseURL: shop.baseUrl });
  const url = new URL(button[0]?.url ?? '');
  await openInTelegram(page, `${url.pathname}${url.search}`, {
    languageCode: 'ru',
    userId: chatId,
  });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.close();
});

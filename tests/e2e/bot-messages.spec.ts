// What the bot tells a shopper about an order, end to end: a shop whose bot talks to a
// local stand-in of the Bot API that records every call (support/bot-shop.ts), and the journey of
// support/bot-journey.ts: sign in inside Telegram, order in the app, one confirmation in the chat,
// each status the operator's command (`pnpm order:status`, a real child process) sets arriving
// once and in order, the same timeline on the order page. Russian with pickup (ready for pickup),
// Uzbek with a courier (on the way).
import { expect, test } from '@playwright/test';
import { buttonPress, privateMessage } from '../../bot/src/testing/updates';
import { appLinksChat, journey, placeInApp } from '../support/bot-journey';
import { startBotShop, type BotShop } from '../support/bot-shop';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import { openInTelegram } from '../support/telegram';

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

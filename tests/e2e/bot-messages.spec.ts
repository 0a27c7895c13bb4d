// What the bot tells a shopper about an order, end to end: a shop whose bot talks to a
// local stand-in of the Bot API that records every call (support/bot-shop.ts), and the journey of
// support/bot-journey.ts: sign in inside Telegram, order in the app, one confirmation in the chat,
// each status the operator's command (`pnpm order:status`, a real child process) sets arriving
// once and in order, the same timeline on the order page. Russian with pickup (ready for pickup),
// Uzbek with a courier (on the way).
import { test } from '@playwright/test';
import { journey } from '../support/bot-journey';
import { startBotShop, type BotShop } from '../support/bot-shop';

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

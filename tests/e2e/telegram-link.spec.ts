// Linking a shop account to a Telegram chat: inside Telegram the app sends the raw init
// data with the bearer token to POST /tg/link after a sign-in and at start when already signed in,
// and the server records the link; outside Telegram, /account's "Order updates in Telegram" gives a
// one-time t.me/<bot>?start=link_… link that the bot redeems when Start is pressed. The shop runs
// here as its own process with its bot on (support/bot-shop.ts: the real server and embedded
// backend on its own data directory, the Bot API stand-in in this process), so the links are
// checked by the server's own answers and by the bot redeeming a real token.
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { TELEGRAM_LINK_PATHS, TelegramLinkStatusSchema, type Language } from '@shop/shared';
import { TEST_BOT_INFO } from '../../bot/src/testing/fake-bot-api';
import { privateMessage } from '../../bot/src/testing/updates';
import { botShopContext, startBotShop, type BotShop } from '../support/bot-shop';
import { bearer } from '../support/checkout';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import { openInTelegram, telegramEvents } from '../support/telegram';

const BOT = TEST_BOT_INFO.username;
/** A link token's start payload: `link_` and 43 base64url characters. */
const START_PAYLOAD = /^link_[A-Za-z0-9_-]{43}$/;

let shop: BotShop;

// Each test signs in through SMS codes on a shared 2-core machine: more than the default minute.
test.describe.configure({ mode: 'serial', timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startBotShop();
});

test.afterAll(async () => {
  // Undefined when the shop failed to start: beforeAll already reported that.
  await (shop as BotShop | undefined)?.stop();
});

const shopContext = (browser: Browser) => botShopContext(browser, shop);

/** What GET /tg/link answers for the page's signed-in shopper. */
async function linkStatus(page: Page) {
  const answer = await page.request.get(`${shop.baseUrl}${TELEGRAM_LINK_PATHS.link}`, {
    headers: await bearer(page),
  });
  expect(answer.status()).toBe(200);
  return TelegramLinkStatusSchema.parse(await answer.json());
}

/** The next POST /tg/link the page makes. */
function nextLinkCall(page: Page) {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === TELEGRAM_LINK_PATHS.link &&
      response.request().method() === 'POST',
  );
}

/** The Telegram user id in the init data the app sent. */
function initDataUserId(initData: string): number {
  const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as { id?: number };
  return user.id ?? 0;
}

async function signIn(page: Page, lang: Language, next: string) {
  await page.goto(`/${lang}/sign-in?next=${encodeURIComponent(next)}`);
  await completeSignIn(page, uniquePhone(), lang, shop.dataDir);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

/** A private chat's message to the bot, as Telegram delivers it. */
function pressStart(chatId: number, payload: string, lang: Language) {
  shop.telegram.pushUpdate(privateMessage(chatId, `/start ${payload}`, lang));
}

/** With E2E_SCREENSHOTS=1, the screen with the block in view at 360 px, to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await telegramBlock(page).evaluate((element) => {
    element.scrollIntoView({ block: 'center' });
  });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

const telegramBlock = (page: Page) => page.locator('section.telegram-updates');

test('inside Telegram (ru, dark): signing in links the chat; a sign-in the server refuses to link is quiet, and the button opens the bot in Telegram', async ({
  browser,
}, testInfo) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  const chatId = 730_000_001;
  await openInTelegram(page, `/ru/sign-in?next=${encodeURIComponent('/ru/account')}`, {
    languageCode: 'ru',
    colorScheme: 'dark',
    userId: chatId,
  });
  const linked = nextLinkCall(page);
  await completeSignIn(page, uniquePhone(), 'ru', shop.dataDir);
  await expect(page).toHaveURL(/\/ru\/account$/);

  // The app sent Telegram's signed init data itself, with the shopper's token; the server
  // validated it and recorded the link in the chat's language.
  const answer = await linked;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ linked: true, language: 'ru' });
  const sent = answer.request();
  const initData = (sent.postDataJSON() as { init_data: string }).init_data;
  expect(initDataUserId(initData)).toBe(chatId);
  expect(new URLSearchParams(initData).get('hash')).toMatch(/^[0-9a-f]{64}$/);
  expect(sent.headers().authorization).toBe((await bearer(page)).authorization);
  expect(await linkStatus(page)).toEqual({
    enabled: true,
    linked: true,
    bot_username: BOT,
    unreachable: false,
  });

  const block = page.getByRole('region', { name: 'Уведомления о заказах в Telegram' });
  await expect(block).toContainText(`Уведомления о заказах приходят вам в Telegram от @${BOT}.`);
  await expect(block.getByRole('button')).toHaveCount(0);
  await screenshot(page, testInfo, 'account-telegram-linked-ru-dark');

  // Another shopper signs in in the same launch: the same init data already linked the first
  // account, so the server refuses it (409). Nothing of that reaches the shopper.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/ru$/);
  // Signed out once the menu offers "Войти": the server revokes the token before the app forgets
  // it, and a page loaded in between would start with the revoked token (its link call a 401).
  await expect(
    page
      .getByRole('navigation', { name: 'Основная навигация' })
      .getByRole('link', { name: 'Войти' }),
  ).toBeVisible();
  const refused = nextLinkCall(page);
  await signIn(page, 'ru', '/ru/account');
  expect((await refused).status()).toBe(409);
  expect(await linkStatus(page)).toEqual({
    enabled: true,
    linked: false,
    bot_username: BOT,
    unreachable: false,
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(block).toContainText(
    'Получайте сообщение в Telegram, когда заказ подтверждён, собран или в пути.',
  );
  await screenshot(page, testInfo, 'account-telegram-not-linked-ru-dark');

  // The button asks for a one-time link and opens the bot's chat through Telegram
  // (web_app_open_tg_link), not as a page inside the Mini App.
  await block.getByRole('button', { name: 'Получать уведомления о заказах в Telegram' }).click();
  await expect(block).toContainText('Telegram открыт: нажмите «Запустить» в боте');
  const opened = (await telegramEvents(page)).filter((e) => e.type === 'web_app_open_tg_link');
  expect(opened).toHaveLength(1);
  const path = (opened[0]?.data as { path_full?: string } | undefined)?.path_full ?? '';
  const url = new URL(path, 'https://t.me');
  expect(url.pathname).toBe(`/${BOT}`);
  expect(url.searchParams.get('start')).toMatch(START_PAYLOAD);
  await expect(block.getByRole('link')).toHaveCount(0);
  await context.close();
});

test('inside Telegram: an app opened already signed in links the chat at start', async ({
  browser,
}) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  // Signed in on the web first; the same device's storage then opens in Telegram.
  await signIn(page, 'uz', '/uz/account');
  expect((await linkStatus(page)).linked).toBe(false);

  // Telegram opens the app on the same device: a fresh launch (its own page and session storage)
  // that finds the shopper signed in.
  const chatId = 730_000_002;
  const app = await context.newPage();
  const linked = nextLinkCall(app);
  await openInTelegram(app, '/uz/account', { languageCode: 'uz', userId: chatId });
  const answer = await linked;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ linked: true, language: 'uz' });
  expect(initDataUserId((answer.request().postDataJSON() as { init_data: string }).init_data)).toBe(
    chatId,
  );
  expect((await linkStatus(app)).linked).toBe(true);
  await expect(
    app.getByRole('region', { name: 'Buyurtmalar haqida Telegramda xabar' }),
  ).toContainText(`Buyurtmalaringiz haqidagi xabarlar Telegramga @${BOT} orqali keladi.`);
  await context.close();
});

test('outside Telegram (en): /account gives a one-time t.me link; pressing Start in the bot links the chat', async ({
  browser,
}, testInfo) => {
  const context = await shopContext(browser);
  const page = await context.newPage();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  await signIn(page, 'en', '/en/account');
  // Not inside Telegram: no init data to link with.
  expect(posts).not.toContain(TELEGRAM_LINK_PATHS.link);

  const block = page.getByRole('region', { name: 'Order updates in Telegram' });
  await expect(block).toContainText('Get a message in Telegram when your order is confirmed');
  await screenshot(page, testInfo, 'account-telegram-not-linked-en-light');
  await block.getByRole('button', { name: 'Get order updates in Telegram' }).click();

  // The link is fetched first and shown as a plain link to tap (a window opened after the fetch
  // would be a blocked popup); it opens in a new tab.
  const open = block.getByRole('link', { name: 'Open Telegram' });
  await expect(open).toBeVisible();
  const href = (await open.getAttribute('href')) ?? '';
  const url = new URL(href);
  expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${BOT}`);
  const payload = url.searchParams.get('start') ?? '';
  expect(payload).toMatch(START_PAYLOAD);
  await expect(open).toHaveAttribute('target', '_blank');
  await expect(block).toContainText(
    'Press Start in the bot to finish. The link works for 10 minutes.',
  );
  await screenshot(page, testInfo, 'account-telegram-link-shown-en-light');

  // The shopper presses Start in the bot: the bot redeems the token, says so in the chat, and the
  // page (asking again while the link waits) shows the link.
  const chatId = 730_000_003;
  pressStart(chatId, payload, 'en');
  await shop.telegram.waitForCall('sendMessage', (call) => call.payload.chat_id === chatId);
  await expect(block).toContainText(`Order updates come to you in Telegram from @${BOT}.`, {
    timeout: 20_000,
  });
  await expect(block.getByRole('link')).toHaveCount(0);
  expect(await linkStatus(page)).toEqual({
    enabled: true,
    linked: true,
    bot_username: BOT,
    unreachable: false,
  });
  await screenshot(page, testInfo, 'account-telegram-linked-en-light');
  await context.close();
});

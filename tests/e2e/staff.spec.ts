// Staff in Telegram, end to end: the real server (bot/dist/main.mjs, embedded backend) with its bot
// long-polling the Bot API stand-in and STAFF_CHAT_ID set (cards in the default language, ru). A
// shopper signs in inside Telegram and orders in the app; the staff chat gets one card with the
// order's lines, total, delivery and phone; staff presses (updates the stand-in hands the bot)
// move the order along its road, editing the same card, and the shopper gets one message per
// move. A stranger's press changes nothing, two presses at once move once, Cancel asks first and
// then returns the stock. An order placed outside Telegram posts its card the same way. A card
// order's card waits for the payment, then is edited when the shopper pays. A hold running out is
// not waited for here (the least is a minute, swept every 30 s): the backend's sweep cancelling the
// order with its event is backend/src/orders/order-status.test.ts on a clock, and the card that
// event edits is bot/src/staff/staff-cards.test.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { formatMoney, type Order } from '@shop/shared';
import {
  startFakeBotApi,
  type FakeBotApi,
  type RecordedCall,
} from '../../bot/src/testing/fake-bot-api';
import { buttonPress, type TestUser } from '../../bot/src/testing/updates';
import { appLinksChat, placeInApp } from '../support/bot-journey';
import {
  addCardByApi,
  checkoutWith,
  lineOf,
  nextOrderAnswer,
  orderOf,
  pickUpAtFirstShop,
  TEST_CARDS,
} from '../support/checkout';
import { TEST_BOT_TOKEN } from '../support/paths';
import { startShopProcess, type ShopProcess } from '../support/shop-process';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import { openInTelegram } from '../support/telegram';

const STAFF_CHAT = -1002000000001;
const ALI: TestUser = { id: 800_000_001, first_name: 'Ali', username: 'ali_shop' };
const VALI: TestUser = { id: 800_000_002, first_name: 'Vali' };
const STRANGER: TestUser = { id: 800_000_099, first_name: 'Begona' };

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
  // A cold start: two PGlite databases and the bot's getMe.
  test.setTimeout(240_000);
  telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  shop = await startShopProcess('staff', {
    BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_API_ROOT: telegram.apiRoot,
    STAFF_CHAT_ID: String(STAFF_CHAT),
    STAFF_USER_IDS: `${ALI.id},${VALI.id}`,
  });
  await telegram.waitForCall('getUpdates', undefined, 60_000);
});

test.afterAll(async () => {
  await shop?.stop();
  await telegram?.close();
});

/** The newest card of order `number` in the staff chat: its message id. */
async function cardOf(number: string): Promise<number> {
  const posted = await tg().waitForCall(
    'sendMessage',
    (call) => call.payload.chat_id === STAFF_CHAT && String(call.payload.text).includes(number),
    30_000,
  );
  expect(posted.payload.parse_mode).toBe('HTML');
  for (let id = 1; id < 1000; id++) {
    if (tg().message(STAFF_CHAT, id)?.text.includes(`№${number}`)) return id;
  }
  throw new Error(`No card of ${number} is shown`);
}

/** Presses a button of the card as `from`; resolves with what the bot answered the press. */
async function press(from: TestUser, messageId: number, data: string): Promise<string> {
  const update = tg().pushUpdate(buttonPress(STAFF_CHAT, messageId, from, data));
  const id = update.callback_query?.id;
  const answer = await tg().waitForCall(
    'answerCallbackQuery',
    (call) => call.payload.callback_query_id === id,
    20_000,
  );
  return String(answer.payload.text);
}

async function cardShows(messageId: number, text: string): Promise<void> {
  await expect
    .poll(() => tg().message(STAFF_CHAT, messageId)?.text ?? '', { timeout: 70_000 })
    .toContain(text);
}

function callbackData(messageId: number): string[] {
  return (
    JSON.stringify(tg().message(STAFF_CHAT, messageId)?.replyMarkup ?? {})
      .match(/"callback_data":"[^"]*"/g)
      ?.map((pair) => pair.slice('"callback_data":"'.length, -1)) ?? []
  );
}

/** The product's stock as the backend has it now (the relay may answer from its short cache). */
async function stockOf(request: APIRequestContext, slug: string): Promise<number> {
  const { dataDir } = shopOf();
  const backendUrl = (await readFile(join(dataDir, 'backend-url'), 'utf8')).trim();
  const apiKey = (await readFile(join(dataDir, 'catalog-api-key'), 'utf8')).trim();
  const answer = await request.get(`${backendUrl}/backend/api/ext/v1/resources/product/${slug}`, {
    headers: { 'x-api-key': apiKey },
  });
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { variants: { quantity: number }[] } };
  return body.data.variants.reduce((sum, variant) => sum + variant.quantity, 0);
}

function shopperTexts(chatId: number, number: string): string[] {
  return tg()
    .delivered()
    .filter((call: RecordedCall) => call.payload.chat_id === chatId)
    .map((call) => String(call.payload.text))
    .filter((text) => text.includes(number));
}

/** A shopper signs in inside Telegram (the app links the chat) and orders for pickup. */
async function orderInTelegram(browser: Browser, chatId: number): Promise<Order> {
  const context = await browser.newContext({ baseURL: shopOf().baseUrl });
  const page = await context.newPage();
  await openInTelegram(page, '/ru/sign-in?next=/ru/account', {
    languageCode: 'ru',
    userId: chatId,
  });
  const linked = appLinksChat(page);
  await completeSignIn(page, uniquePhone(), 'ru', shopOf().dataDir);
  await expect(page).toHaveURL((url) => url.pathname === '/ru/account');
  expect((await linked).status()).toBe(200);
  const order = await placeInApp(page, context.request, 'ru', 'pickup');
  await context.close();
  return order;
}

test('a Telegram order posts one card; staff walk it to completed, editing it; the shopper hears of each move', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const chatId = 800_100_001;
  const order = await orderInTelegram(browser, chatId);
  const { number } = order;
  const card = await cardOf(number);
  const text = tg().message(STAFF_CHAT, card)?.text ?? '';
  expect(text).toContain(`<b>Заказ №${number}</b>`);
  expect(text).toContain(
    `${order.items[0]?.name ?? '?'} × 2 — ${formatMoney(order.items[0]?.total ?? 0, 'ru')}`,
  );
  expect(text).toContain(`<b>Итого: ${formatMoney(order.total, 'ru')}</b>`);
  expect(text).toContain('Самовывоз из магазина');
  expect(text).toMatch(/Получатель: Dilnoza Karimova, \+998 \d\d \d\d\d \d\d \d\d/);
  expect(text).toContain('Оплата: <b>при получении');
  expect(callbackData(card)).toEqual([`m:${number}:n:c`, `c:${number}:n`]);

  // A stranger in the group presses: refused, nothing moves.
  expect(await press(STRANGER, card, `m:${number}:n:c`)).toBe('Вам нельзя менять заказы.');

  const road = [
    ['n', 'c', 'подтверждён'],
    ['c', 'a', 'собирается'],
    ['a', 'r', 'готов к выдаче'],
    ['r', 'f', 'выполнен'],
  ] as const;
  for (const [from, to, word] of road) {
    expect(await press(ALI, card, `m:${number}:${from}:${to}`)).toMatch(/^Готово/);
    await cardShows(card, `Статус: <b>${word}</b> — Ali (@ali_shop)`);
  }
  expect(callbackData(card)).toEqual([]);
  // One card for the order; the shopper: the confirmation and one message per move.
  const cards = tg()
    .delivered()
    .filter(
      (call) => call.payload.chat_id === STAFF_CHAT && String(call.payload.text).includes(number),
    );
  expect(cards).toHaveLength(1);
  await expect.poll(() => shopperTexts(chatId, number).length, { timeout: 30_000 }).toBe(5);
});

test('two presses at once move once; Cancel asks, then cancels and the stock comes back', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const order = await orderInTelegram(browser, 800_100_002);
  const { number } = order;
  const slug = order.items[0]?.slug ?? '';
  const card = await cardOf(number);
  const stockAfterOrder = await stockOf(request, slug);

  const answers = await Promise.all([
    press(ALI, card, `m:${number}:n:c`),
    press(VALI, card, `m:${number}:n:c`),
  ]);
  expect(answers.filter((answer) => answer.startsWith('Готово'))).toHaveLength(1);
  expect(answers.filter((answer) => answer.startsWith('Уже изменён'))).toHaveLength(1);
  await cardShows(card, 'Статус: <b>подтверждён</b>');

  expect(await press(VALI, card, `c:${number}:c`)).toBe(
    `Отменить заказ №${number}? Товары вернутся на склад.`,
  );
  expect(callbackData(card)).toEqual([`m:${number}:c:x`, `b:${number}`]);
  expect(await stockOf(request, slug)).toBe(stockAfterOrder);
  expect(await press(VALI, card, `m:${number}:c:x`)).toMatch(/^Готово/);
  await cardShows(card, 'Статус: <b>отменён</b> — Vali (id 800000002)');
  expect(await stockOf(request, slug)).toBe(stockAfterOrder + 2);
});

test('a standalone order (outside Telegram) posts its card too, and a staff press moves it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: shopOf().baseUrl });
  const page = await context.newPage();
  await page.goto('/en/sign-in?next=/en/account');
  await completeSignIn(page, uniquePhone(), 'en', shopOf().dataDir);
  await expect(page).toHaveURL((url) => url.pathname === '/en/account');
  await checkoutWith(page, context.request, 'en', [
    await lineOf(context.request, 'porcelain-mug', 'en'),
  ]);
  await pickUpAtFirstShop(page);
  const placed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/orders' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  const order = ((await (await placed).json()) as { data: Order }).data;
  await context.close();
  const card = await cardOf(order.number);
  const text = tg().message(STAFF_CHAT, card)?.text ?? '';
  expect(text).toContain(`<b>Итого: ${formatMoney(order.total, 'ru')}</b>`);
  expect(text).toMatch(/Получатель: .+, \+998 \d\d \d\d\d \d\d \d\d/);
  expect(await press(VALI, card, `m:${order.number}:n:c`)).toMatch(/^Готово/);
  await cardShows(card, 'Статус: <b>подтверждён</b> — Vali (id 800000002)');
  expect(await press(VALI, card, `c:${order.number}:c`)).toMatch(/^Отменить/);
  expect(await press(VALI, card, `m:${order.number}:c:x`)).toMatch(/^Готово/);
});

/** Staff-chat messages posted (not edited) about order `number`. */
function cardsPosted(number: string): RecordedCall[] {
  return tg()
    .delivered()
    .filter(
      (call) => call.payload.chat_id === STAFF_CHAT && String(call.payload.text).includes(number),
    );
}

function editsOf(messageId: number): RecordedCall[] {
  return tg()
    .callsOf('editMessageText')
    .filter(
      (call) =>
        call.ok && call.payload.chat_id === STAFF_CHAT && call.payload.message_id === messageId,
    );
}

/**
 * A standalone shopper with two saved cards orders for pickup by card; the default card is
 * declined, so the order waits, unpaid, on its payment page (where the page is left).
 */
async function placeUnpaidCardOrder(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; number: string }> {
  const context = await browser.newContext({ baseURL: shopOf().baseUrl });
  const page = await context.newPage();
  const phone = uniquePhone();
  await page.goto('/en/sign-in?next=/en/account');
  await completeSignIn(page, phone, 'en', shopOf().dataDir);
  await expect(page).toHaveURL((url) => url.pathname === '/en/account');
  // The declined card first, so it is the default one checkout offers.
  await addCardByApi(page, context.request, TEST_CARDS.declined, phone, shopOf().dataDir);
  await addCardByApi(page, context.request, TEST_CARDS.uzcard, phone, shopOf().dataDir);
  await checkoutWith(page, context.request, 'en', [
    await lineOf(context.request, 'porcelain-mug', 'en'),
  ]);
  await pickUpAtFirstShop(page);
  await page.getByRole('radio', { name: /Card online/ }).check();
  await expect(
    page.getByRole('radiogroup', { name: 'Saved cards' }).getByRole('radio', { name: /1110$/ }),
  ).toBeChecked();
  const declined = nextOrderAnswer(page, 'pay');
  await page.getByRole('button', { name: 'Place order' }).click();
  expect((await declined).status()).toBe(422);
  await expect(page).toHaveURL(/\/en\/checkout\/payment\?order=UY-\d+$/);
  const number = new URL(page.url()).searchParams.get('order') ?? '';
  return { context, page, number };
}

test('a card order waits for payment on its card; paying by card edits the same card to paid', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page, number } = await placeUnpaidCardOrder(browser);
  const card = await cardOf(number);
  expect(tg().message(STAFF_CHAT, card)?.text).toMatch(
    /Оплата: <b>ждём оплату картой, до \d\d\.\d\d\.\d{4} \d\d:\d\d<\/b>/,
  );

  // The shopper pays with the other card on the order's payment page.
  await page
    .getByRole('radiogroup', { name: 'Saved cards' })
    .getByRole('radio', { name: 'Uzcard •••• 6311' })
    .check();
  const paidAnswer = nextOrderAnswer(page, 'pay');
  await page.getByRole('button', { name: /^Pay / }).click();
  const paid = await orderOf(await paidAnswer);
  expect(paid).toMatchObject({ number, payment_status: 'paid' });
  await context.close();

  // Who took the money and its receipt, as staff find it in Payme's office.
  await cardShows(
    card,
    `Оплата: <b>оплачен: Payme, карта · ${paid.paid_with?.transaction_id ?? '?'}</b>`,
  );
  expect(editsOf(card).length).toBeGreaterThan(0);
  expect(cardsPosted(number)).toHaveLength(1);
});

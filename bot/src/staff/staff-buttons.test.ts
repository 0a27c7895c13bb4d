// Staff pressing the card's buttons, against the real backend (embedded, pushing its events) and
// the Bot API stand-in: each press moves the order once through the operator call, the card is
// edited in place, the shopper gets their message; non-staff and bad data change nothing; two
// presses at once move once and the second is told who was first; Cancel asks, then returns stock.
import type { Order } from '@shop/shared';
import type { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../telegram/create-bot';
import {
  TEST_BOT_INFO,
  TEST_BOT_TOKEN,
  TEST_PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
} from '../testing/fake-bot-api';
import { QUIET_LOGGER } from '../testing/notifier-stand';
import { waitFor } from '../testing/order-events';
import { startNotifierStand, type NotifierStand } from '../testing/relay-stand';
import { buttonPress, chatMessage, type TestUser } from '../testing/updates';
import { createOperatorClient } from './operator-client';

const SECRET = 'order-events-secret-for-tests';
const STAFF_CHAT = -1009876543210;
const SHOPPER_CHAT = 5151;
const ALI: TestUser = { id: 1001, first_name: 'Ali', username: 'ali_shop' };
const VALI: TestUser = { id: 1002, first_name: 'Vali' };
const STRANGER: TestUser = { id: 6666, first_name: 'Stranger' };
const CATALOG = '/backend/api/ext/v1';

let api: FakeBotApi;
let stand: NotifierStand;
let bot: Bot;
let shopper: { token: string; id: number };
let nextUpdateId = 1;

beforeAll(async () => {
  api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  stand = await startNotifierStand({
    apiRoot: api.apiRoot,
    orderEvents: { secret: SECRET },
    staffChatId: STAFF_CHAT,
  });
  const { backend } = stand.stand;
  bot = createBot({
    token: TEST_BOT_TOKEN,
    apiRoot: api.apiRoot,
    botInfo: TEST_BOT_INFO,
    publicUrl: TEST_PUBLIC_URL,
    logger: QUIET_LOGGER,
    seenUpdates: stand.store,
    chats: stand.store,
    staff: {
      chatId: STAFF_CHAT,
      userIds: [ALI.id, VALI.id],
      language: 'en',
      store: stand.store,
      notifier: stand.notifier,
      operator: createOperatorClient({ url: backend.url, secret: backend.operatorSecret }),
      logger: QUIET_LOGGER,
    },
  });
  shopper = await stand.stand.signIn('+998901115566');
  await stand.store.linkChat(
    { userId: shopper.id, chatId: SHOPPER_CHAT, language: 'en' },
    new Date(),
  );
}, 180_000);

afterAll(async () => {
  await stand.close();
  await api.close();
}, 60_000);

async function press(from: TestUser, messageId: number, data: string): Promise<string> {
  const update = { ...buttonPress(STAFF_CHAT, messageId, from, data), update_id: nextUpdateId++ };
  const before = api.callsOf('answerCallbackQuery').length;
  await bot.handleUpdate(update);
  const answers = api
    .callsOf('answerCallbackQuery')
    .slice(before)
    .filter((call) => call.payload.callback_query_id === update.callback_query?.id);
  const text = answers[0]?.payload.text;
  return typeof text === 'string' ? text : '';
}

async function placeOrder(quantity = 1): Promise<Order> {
  const answer = await stand.stand.placePickupOrder(shopper, {
    slug: 'granite-frying-pan',
    quantity,
  });
  expect([200, 201]).toContain(answer.statusCode);
  return answer.json<{ data: Order }>().data;
}

/** The card of `number` once posted: its message id. */
async function cardOf(number: string): Promise<number> {
  await waitFor(
    `the card of ${number}`,
    async () => (await stand.store.staffCardMessage(number, STAFF_CHAT)) !== null,
  );
  const id = await stand.store.staffCardMessage(number, STAFF_CHAT);
  if (id === null) throw new Error('the card vanished');
  return id;
}

async function cardShows(messageId: number, text: string): Promise<void> {
  await waitFor(`the card to show "${text}"`, () =>
    Boolean(api.message(STAFF_CHAT, messageId)?.text.includes(text)),
  );
}

function buttons(messageId: number): string[] {
  const markup = api.message(STAFF_CHAT, messageId)?.replyMarkup;
  if (typeof markup !== 'object' || markup === null || !('inline_keyboard' in markup)) return [];
  const rows: unknown = markup.inline_keyboard;
  if (!Array.isArray(rows)) return [];
  return rows
    .flat()
    .map((button: unknown) =>
      typeof button === 'object' && button !== null && 'callback_data' in button
        ? String(button.callback_data)
        : '',
    );
}

async function statusOf(number: string): Promise<string> {
  const answer = await stand.stand.app.inject({
    url: `/api/orders/${encodeURIComponent(number)}`,
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  return answer.json<{ data: Order }>().data.status;
}

async function stock(): Promise<number> {
  const product = await stand.stand.app.inject({
    url: `${CATALOG}/resources/product/granite-frying-pan`,
  });
  const variants = product.json<{ data: { variants: { quantity: number }[] } }>().data.variants;
  return variants.reduce((sum, variant) => sum + variant.quantity, 0);
}

function shopperMessages(number: string): string[] {
  return api
    .delivered()
    .filter((call) => call.payload.chat_id === SHOPPER_CHAT)
    .map((call) => String(call.payload.text))
    .filter((text) => text.includes(number));
}

describe('staff buttons', () => {
  it('walk a pickup order to completed, editing one card, the shopper told of each move', async () => {
    const order = await placeOrder();
    const card = await cardOf(order.number);
    expect(buttons(card)).toEqual([`m:${order.number}:n:c`, `c:${order.number}:n`]);
    const road = [
      ['n', 'c', 'confirmed'],
      ['c', 'a', 'being assembled'],
      ['a', 'r', 'ready for pickup'],
      ['r', 'f', 'completed'],
    ] as const;
    for (const [from, to, word] of road) {
      expect(await press(ALI, card, `m:${order.number}:${from}:${to}`)).toMatch(/^Done/);
      await cardShows(card, `Status: <b>${word}</b> — Ali (@ali_shop)`);
    }
    expect(await statusOf(order.number)).toBe('completed');
    expect(buttons(card)).toEqual([]);
    // One card, edited in place; the shopper: placed, then one message per move.
    const posts = api
      .delivered()
      .filter(
        (c) => c.payload.chat_id === STAFF_CHAT && String(c.payload.text).includes(order.number),
      );
    expect(posts).toHaveLength(1);
    await waitFor('the shopper’s five messages', () => shopperMessages(order.number).length === 5);
    expect(shopperMessages(order.number)).toHaveLength(5);
  });

  it('refuses anyone not on the staff list, and bad button data, changing nothing', async () => {
    const order = await placeOrder();
    const card = await cardOf(order.number);
    expect(await press(STRANGER, card, `m:${order.number}:n:c`)).toBe(
      'You are not allowed to change orders.',
    );
    expect(await press(STRANGER, card, `c:${order.number}:n`)).toBe(
      'You are not allowed to change orders.',
    );
    for (const data of [`m:${order.number}:n:q`, 'm:<b>:n:c', `m:${order.number}`, 'o:']) {
      expect(await press(ALI, card, data)).toMatch(/out of date/);
    }
    // A message in the group from a stranger asking for the list: no answer.
    await bot.handleUpdate({
      ...chatMessage(STAFF_CHAT, STRANGER, '/open'),
      update_id: nextUpdateId++,
    });
    expect(await statusOf(order.number)).toBe('new');
    expect(api.callsOf('editMessageReplyMarkup')).toHaveLength(0);
    await press(ALI, card, `m:${order.number}:n:c`);
    await press(ALI, card, `m:${order.number}:c:a`);
    await press(ALI, card, `m:${order.number}:a:r`);
    await press(ALI, card, `m:${order.number}:r:f`);
  });

  it('moves once when two staff press at once, and tells the second who was first', async () => {
    const order = await placeOrder();
    const card = await cardOf(order.number);
    const answers = await Promise.all([
      press(ALI, card, `m:${order.number}:n:c`),
      press(VALI, card, `m:${order.number}:n:c`),
      press(VALI, card, `m:${order.number}:n:c`),
    ]);
    const done = answers.filter((text) => text.startsWith('Done'));
    const late = answers.filter((text) => text.startsWith('Too late'));
    expect(done).toHaveLength(1);
    expect(late).toHaveLength(2);
    const first = answers[0].startsWith('Done') ? 'Ali (@ali_shop)' : 'Vali (id 1002)';
    for (const text of late) expect(text).toBe(`Too late: ${first} moved it first (confirmed).`);
    await cardShows(card, `Status: <b>confirmed</b> — ${first}`);
    await waitFor('the shopper’s two messages', () => shopperMessages(order.number).length === 2);
    expect(shopperMessages(order.number).filter((t) => t.includes('confirmed'))).toHaveLength(1);
    expect(await press(ALI, card, `m:${order.number}:c:x`)).toMatch(/^Done/);
  });

  it('asks before cancelling, goes back on Back, and cancels with stock returned on Yes', async () => {
    const before = await stock();
    const order = await placeOrder(2);
    expect(await stock()).toBe(before - 2);
    const card = await cardOf(order.number);
    expect(await press(ALI, card, `c:${order.number}:n`)).toBe(
      `Cancel order №${order.number}? Its items go back on sale.`,
    );
    expect(buttons(card)).toEqual([`m:${order.number}:n:x`, `b:${order.number}`]);
    await press(ALI, card, `b:${order.number}`);
    expect(buttons(card)).toEqual([`m:${order.number}:n:c`, `c:${order.number}:n`]);
    expect(await statusOf(order.number)).toBe('new');
    await press(ALI, card, `c:${order.number}:n`);
    expect(await press(VALI, card, `m:${order.number}:n:x`)).toMatch(/^Done/);
    await cardShows(card, 'Status: <b>cancelled</b> — Vali (id 1002)');
    expect(buttons(card)).toEqual([]);
    expect(await stock()).toBe(before);
    // A second Yes from an old question: nothing more comes back.
    expect(await press(ALI, card, `m:${order.number}:n:x`)).toMatch(/^Too late/);
    expect(await stock()).toBe(before);
  });

  it('edits the card when the operator command moves the order', async () => {
    const order = await placeOrder();
    const card = await cardOf(order.number);
    const { backend } = stand.stand;
    const moved = await fetch(
      `${backend.url}/operator/orders/${encodeURIComponent(order.number)}/status`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-operator-secret': backend.operatorSecret,
        },
        body: JSON.stringify({ status: 'cancelled', actor: 'pnpm order:status' }),
      },
    );
    expect(moved.status).toBe(200);
    await cardShows(card, 'Status: <b>cancelled</b> — pnpm order:status');
  });
});

// Test support for staff in Telegram: the real backend (embedded, pushing its events), a notifier
// with a staff chat sending through the Bot API stand-in, and the bot with the staff buttons and
// commands, fed updates directly. Each file gets its own (Telegram's 20-a-minute limit for a group
// is per chat and per sender, and the throttle is real).
import type { Order } from '@shop/shared';
import type { Bot } from 'grammy';
import { createOperatorClient } from '../staff/operator-client';
import { createBot } from '../telegram/create-bot';
import {
  TEST_BOT_INFO,
  TEST_BOT_TOKEN,
  TEST_PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
} from './fake-bot-api';
import { QUIET_LOGGER } from './notifier-stand';
import { waitFor } from './order-events';
import { startNotifierStand, type NotifierStand } from './relay-stand';
import { buttonPress, chatMessage, type TestUser } from './updates';

const SECRET = 'order-events-secret-for-tests';
export const STAFF_CHAT = -1009876543210;
const SHOPPER_CHAT = 5151;
export const ALI: TestUser = { id: 1001, first_name: 'Ali', username: 'ali_shop' };
export const VALI: TestUser = { id: 1002, first_name: 'Vali' };
export const STRANGER: TestUser = { id: 6666, first_name: 'Stranger' };
const CATALOG = '/backend/api/ext/v1';

export interface StaffStand {
  readonly api: FakeBotApi;
  readonly stand: NotifierStand;
  readonly bot: Bot;
  /** A button press (in the staff chat unless given); answers what the bot answered the press. */
  press(from: TestUser, messageId: number, data: string, chatId?: number): Promise<string>;
  /** A message in a chat (the staff chat unless given); answers the bot's replies there. */
  say(from: TestUser, text: string, chatId?: number): Promise<string[]>;
  /** A pickup order of the frying pan, paid on receipt, placed by the linked shopper. */
  placeOrder(quantity?: number): Promise<Order>;
  /** The message id of the order's newest card, once posted. */
  cardOf(number: string): Promise<number>;
  cardShows(messageId: number, text: string): Promise<void>;
  /** The callback data of a card's buttons as they stand. */
  buttons(messageId: number): string[];
  statusOf(number: string): Promise<string>;
  /** The frying pan's stock, over all its variants. */
  stock(): Promise<number>;
  /** The shopper's messages about the order so far. */
  shopperMessages(number: string): string[];
  close(): Promise<void>;
}

export async function startStaffStand(): Promise<StaffStand> {
  const api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const stand = await startNotifierStand({
    apiRoot: api.apiRoot,
    orderEvents: { secret: SECRET },
    staffChatId: STAFF_CHAT,
  });
  const { backend } = stand.stand;
  const bot = createBot({
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
  const shopper = await stand.stand.signIn('+998901115566');
  await stand.store.linkChat(
    { userId: shopper.id, chatId: SHOPPER_CHAT, language: 'en' },
    new Date(),
  );
  let nextUpdateId = 1;

  async function cardOf(number: string): Promise<number> {
    await waitFor(
      `the card of ${number}`,
      async () => (await stand.store.staffCardMessage(number, STAFF_CHAT)) !== null,
      70_000,
    );
    const id = await stand.store.staffCardMessage(number, STAFF_CHAT);
    if (id === null) throw new Error('the card vanished');
    return id;
  }

  return {
    api,
    stand,
    bot,
    async press(from, messageId, data, chatId = STAFF_CHAT) {
      const update = {
        ...buttonPress(chatId, messageId, from, data),
        update_id: nextUpdateId++,
      };
      const before = api.callsOf('answerCallbackQuery').length;
      await bot.handleUpdate(update);
      const answers = api
        .callsOf('answerCallbackQuery')
        .slice(before)
        .filter((call) => call.payload.callback_query_id === update.callback_query?.id);
      const text = answers[0]?.payload.text;
      return typeof text === 'string' ? text : '';
    },
    async say(from, text, chatId = STAFF_CHAT) {
      const before = api.callsOf('sendMessage').length;
      await bot.handleUpdate({ ...chatMessage(chatId, from, text), update_id: nextUpdateId++ });
      return api
        .callsOf('sendMessage')
        .slice(before)
        .filter((call) => call.payload.chat_id === chatId)
        .map((call) => String(call.payload.text));
    },
    async placeOrder(quantity = 1) {
      const answer = await stand.stand.placePickupOrder(shopper, {
        slug: 'granite-frying-pan',
        quantity,
      });
      if (answer.statusCode !== 201 && answer.statusCode !== 200) {
        throw new Error(`order answered ${answer.statusCode}: ${answer.body}`);
      }
      return answer.json<{ data: Order }>().data;
    },
    cardOf,
    async cardShows(messageId, text) {
      // Telegram lets a bot write 20 messages a minute to a group: a busy test waits for that.
      await waitFor(
        `the card to show "${text}"`,
        () => Boolean(api.message(STAFF_CHAT, messageId)?.text.includes(text)),
        70_000,
      );
    },
    buttons(messageId) {
      const markup = api.message(STAFF_CHAT, messageId)?.replyMarkup;
      if (typeof markup !== 'object' || markup === null || !('inline_keyboard' in markup))
        return [];
      const rows: unknown = markup.inline_keyboard;
      if (!Array.isArray(rows)) return [];
      return rows
        .flat()
        .map((button: unknown) =>
          typeof button === 'object' && button !== null && 'callback_data' in button
            ? String(button.callback_data)
            : '',
        );
    },
    async statusOf(number) {
      const answer = await stand.stand.app.inject({
        url: `/api/orders/${encodeURIComponent(number)}`,
        headers: { authorization: `Bearer ${shopper.token}` },
      });
      return answer.json<{ data: Order }>().data.status;
    },
    async stock() {
      const product = await stand.stand.app.inject({
        url: `${CATALOG}/resources/product/granite-frying-pan`,
      });
      const variants = product.json<{ data: { variants: { quantity: number }[] } }>().data.variants;
      return variants.reduce((sum, variant) => sum + variant.quantity, 0);
    },
    shopperMessages(number) {
      return api
        .delivered()
        .filter((call) => call.payload.chat_id === SHOPPER_CHAT)
        .map((call) => String(call.payload.text))
        .filter((text) => text.includes(number));
    },
    async close() {
      await stand.close();
      await api.close();
    },
  };
}

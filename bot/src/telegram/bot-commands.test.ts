import Fastify from 'fastify';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashLinkToken, newLinkToken } from '../telegram-account/link-tokens';
import { openNotifierStore, type NotifierStore } from '../notifier/store';
import {
  TEST_BOT_INFO,
  TEST_BOT_TOKEN as TOKEN,
  TEST_PUBLIC_URL as PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
  type RecordedCall,
} from '../testing/fake-bot-api';
import { captureLogs } from '../testing/log-capture';
import { privateMessage, writeAccessAllowed } from '../testing/updates';
import { placedEvent, sampleOrder, statusEvent } from '../testing/order-events';
import { setBotCommands } from './command-menu';
import { createBot } from './create-bot';
import { ORDER_TEXTS } from './order-texts';
import { prepareTelegram } from './prepare-telegram';
import { TEXTS } from './texts';
import { menuIn, menusOf } from '../testing/menu-buttons';
import { cleanUpAfterEach } from '../testing/cleanups';

/**
 * The bot's commands against the notifier's real store (PGlite) and the Bot API stand-in:
 * /start link_<token>, /orders, /language (and its buttons), /help, and the command menu.
 */

let store: NotifierStore;
beforeAll(async () => {
  store = await openNotifierStore({});
  // PGlite takes seconds to start, more on a loaded machine.
}, 120_000);
afterAll(async () => {
  await store.close();
});

const cleanUpLater = cleanUpAfterEach();

/** A real Fastify instance (never listening), for its logger writing into a capture. */
function server() {
  const logs = captureLogs();
  const app = Fastify({ logger: { level: 'info', stream: logs.stream } });
  cleanUpLater(() => app.close());
  return { app, logs, logger: app.log };
}

async function botWith() {
  const api = await startFakeBotApi({ token: TOKEN });
  cleanUpLater(() => api.close());
  const { logs, logger } = server();
  const bot = createBot({
    token: TOKEN,
    apiRoot: api.apiRoot,
    botInfo: TEST_BOT_INFO,
    publicUrl: PUBLIC_URL,
    logger,
    chats: store,
  });
  return { api, bot, logs, logger };
}

let nextUpdateId = 1;
function command(chatId: number, text: string, lang?: string): Update {
  return { update_id: nextUpdateId++, ...privateMessage(chatId, text, lang) };
}

function buttonPress(chatId: number, data: string, lang?: string): Update {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: `cb-${nextUpdateId}`,
      chat_instance: 'ci-1',
      data,
      from: {
        id: chatId,
        is_bot: false,
        first_name: 'Aziz',
        ...(lang ? { language_code: lang } : {}),
      },
      message: {
        message_id: 11,
        date: 1_760_000_000,
        chat: { id: chatId, type: 'private', first_name: 'Aziz' },
        text: 'Choose a language:',
      },
    },
  };
}

interface Button {
  text: string;
  url?: string;
  web_app?: { url: string };
  callback_data?: string;
}

function buttons(call: RecordedCall | undefined): Button[] {
  const markup = call?.payload.reply_markup as { inline_keyboard: Button[][] } | undefined;
  return markup?.inline_keyboard.flat() ?? [];
}

function repliesTo(api: FakeBotApi, chatId: number): RecordedCall[] {
  return api.callsOf('sendMessage').filter((call) => call.payload.chat_id === chatId);
}

async function tokenFor(userId: number, expiresInMs = 600_000): Promise<string> {
  const token = newLinkToken();
  const now = new Date();
  await store.createLinkToken(
    { hash: hashLinkToken(token), userId, expiresAt: new Date(now.getTime() + expiresInMs) },
    now,
  );
  return token;
}

/** The chats that a new order event of `userId` would be sent to. */
async function sendTargets(userId: number, number: string): Promise<number[]> {
  const event = placedEvent(userId, sampleOrder(number));
  await store.recordEvents([event], new Date());
  return (await store.sends())
    .filter((send) => send.eventId === event.id)
    .map((send) => send.chatId);
}

describe('/start link_<token>', () => {
  it('links the chat once, in the user’s Telegram language, with the shop button', async () => {
    const { api, bot } = await botWith();
    const token = await tokenFor(801);
    await bot.handleUpdate(command(6001, `/start link_${token}`, 'uz'));
    const [reply] = repliesTo(api, 6001);
    expect(reply?.payload.text).toBe(TEXTS.uz.linked);
    expect(buttons(reply)).toEqual([
      { text: TEXTS.uz.openShop, web_app: { url: `${PUBLIC_URL}/uz` } },
    ]);
    expect(await store.chat(6001)).toEqual({ language: 'uz', blocked: false });
    expect(await sendTargets(801, 'T-801')).toEqual([6001]);
    // The same chat pressing Start again is told the same, and nothing changes.
    await bot.handleUpdate(command(6001, `/start link_${token}`, 'uz'));
    expect(repliesTo(api, 6001)[1]?.payload.text).toBe(TEXTS.uz.linked);
    expect(await sendTargets(801, 'T-801b')).toEqual([6001]);
  });

  it('refuses a token replayed from a second chat, and links nothing there', async () => {
    const { api, bot } = await botWith();
    const token = await tokenFor(802);
    await bot.handleUpdate(command(6002, `/start link_${token}`, 'en'));
    await bot.handleUpdate(command(6003, `/start link_${token}`, 'ru'));
    expect(repliesTo(api, 6003)[0]?.payload.text).toBe(TEXTS.ru.linkUsed);
    expect(await store.chat(6003)).toBeNull();
    expect(await sendTargets(802, 'T-802')).toEqual([6002]);
  });

  it('refuses an expired token, and links nothing', async () => {
    const { api, bot } = await botWith();
    const token = await tokenFor(803, -1000);
    await bot.handleUpdate(command(6004, `/start link_${token}`, 'en'));
    expect(repliesTo(api, 6004)[0]?.payload.text).toBe(TEXTS.en.linkExpired);
    expect(await store.chat(6004)).toBeNull();
    expect(await sendTargets(803, 'T-803')).toEqual([]);
    // Nor is it usable afterwards by anyone.
    await bot.handleUpdate(command(6005, `/start link_${token}`, 'en'));
    expect(await store.chat(6005)).toBeNull();
  });

  it.each([
    ['a forged token', `link_${newLinkToken()}`],
    ['a malformed token', 'link_abc'],
    ['a token with a bad character', `link_${'A'.repeat(42)}.`],
  ])('refuses %s, and links nothing', async (_what, payload) => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(command(6006, `/start ${payload}`, 'ru'));
    expect(repliesTo(api, 6006)[0]?.payload.text).toBe(TEXTS.ru.linkInvalid);
    expect(await store.chat(6006)).toBeNull();
  });

  it('keeps other payloads for the Mini App: product, order, category', async () => {
    const { api, bot } = await botWith();
    for (const payload of ['product_white-mug', 'order_UY-001001', 'category_kitchen']) {
      await bot.handleUpdate(command(6007, `/start ${payload}`, 'en'));
    }
    const urls = repliesTo(api, 6007).map((call) => buttons(call)[0]?.web_app?.url);
    expect(urls).toEqual([
      `${PUBLIC_URL}/en?tgWebAppStartParam=product_white-mug`,
      `${PUBLIC_URL}/en?tgWebAppStartParam=order_UY-001001`,
      `${PUBLIC_URL}/en?tgWebAppStartParam=category_kitchen`,
    ]);
  });
});

describe('write access allowed', () => {
  it('makes a chat the bot could not write to reachable again, and answers nothing', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(command(6501, `/start link_${await tokenFor(851)}`, 'en'));
    await store.setChatReachable(6501, false, new Date());
    expect(await store.chat(6501)).toMatchObject({ blocked: true });
    expect(await sendTargets(851, 'A-851-1')).toEqual([]);
    const replies = repliesTo(api, 6501).length;

    await bot.handleUpdate({
      update_id: nextUpdateId++,
      ...writeAccessAllowed(6501, { fromRequest: true }),
    });

    expect(await store.chat(6501)).toMatchObject({ blocked: false });
    expect(await sendTargets(851, 'A-851-2')).toEqual([6501]);
    // A service message, not something the user wrote: no "use the shop button" answer.
    expect(repliesTo(api, 6501)).toHaveLength(replies);
  });
});

describe('/orders', () => {
  it('lists the linked accounts’ latest orders with their latest status and a button each', async () => {
    const { api, bot } = await botWith();
    await store.linkChat({ userId: 811, chatId: 6101, language: 'ru' }, new Date());
    // Six orders, a day apart; the second newest was confirmed, then is on its way.
    const orders = Array.from({ length: 6 }, (_, i) =>
      sampleOrder(`UY-00${2001 + i}`, {
        created_at: `2026-11-${String(10 + i).padStart(2, '0')}T07:00:00.000Z`,
        total: 100_000 + i,
      }),
    );
    await store.recordEvents(
      orders.map((order) => placedEvent(811, order)),
      new Date(),
    );
    const moved = orders[4];
    if (!moved) throw new Error('no order');
    await store.recordEvents(
      [
        { ...statusEvent(811, moved, 'delivering'), at: '2026-11-24T10:00:00.000Z' },
        { ...statusEvent(811, moved, 'confirmed'), at: '2026-11-24T09:00:00.000Z' },
      ],
      new Date(),
    );
    // Another account's order is not this chat's.
    await store.recordEvents([placedEvent(812, sampleOrder('UY-009999'))], new Date());

    await bot.handleUpdate(command(6101, '/orders', 'en'));
    const [reply] = repliesTo(api, 6101);
    const text = String(reply?.payload.text);
    // The chat's stored language (ru) wins over Telegram's (en).
    expect(text.split('\n')[0]).toBe(TEXTS.ru.ordersHeader);
    expect(text).toContain(`№UY-002005 — ${ORDER_TEXTS.ru.statuses.delivering}`);
    expect(text).toContain(`№UY-002006 — ${ORDER_TEXTS.ru.statuses.new}`);
    expect(text).not.toContain('UY-002001');
    expect(text).not.toContain('UY-009999');
    const numbers = ['UY-002006', 'UY-002005', 'UY-002004', 'UY-002003', 'UY-002002'];
    expect(buttons(reply)).toEqual([
      ...numbers.map((number) => ({
        text: `№${number} · ${ORDER_TEXTS.ru.statuses[number === 'UY-002005' ? 'delivering' : 'new']}`,
        web_app: { url: `${PUBLIC_URL}/ru?tgWebAppStartParam=order_${number}` },
      })),
      { text: TEXTS.ru.openShop, web_app: { url: `${PUBLIC_URL}/ru` } },
    ]);
  });

  it('tells an unlinked chat how to link, and a linked one without orders that there are none', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(command(6102, '/orders', 'uz'));
    await store.linkChat({ userId: 813, chatId: 6103, language: 'en' }, new Date());
    await bot.handleUpdate(command(6103, '/orders', 'en'));
    const [unlinked] = repliesTo(api, 6102);
    expect(unlinked?.payload.text).toBe(TEXTS.uz.ordersNotLinked);
    expect(buttons(unlinked)).toEqual([
      { text: TEXTS.uz.openShop, web_app: { url: `${PUBLIC_URL}/uz` } },
    ]);
    expect(repliesTo(api, 6103)[0]?.payload.text).toBe(TEXTS.en.ordersNone);
  });
});

describe('/language', () => {
  it('offers the three languages, stores the choice for the chat and answers in it', async () => {
    const { api, bot } = await botWith();
    await store.linkChat({ userId: 821, chatId: 6201, language: 'ru' }, new Date());
    await bot.handleUpdate(command(6201, '/language', 'ru'));
    const [prompt] = repliesTo(api, 6201);
    expect(prompt?.payload.text).toBe(TEXTS.ru.languagePrompt);
    expect(buttons(prompt)).toEqual([
      { text: 'Oʻzbekcha', callback_data: 'lang:uz' },
      { text: 'Русский', callback_data: 'lang:ru' },
      { text: 'English', callback_data: 'lang:en' },
    ]);

    await bot.handleUpdate(buttonPress(6201, 'lang:en', 'ru'));
    expect(api.callsOf('answerCallbackQuery')).toHaveLength(1);
    expect(repliesTo(api, 6201)[1]?.payload.text).toBe(TEXTS.en.languageSaved);
    expect(await store.chat(6201)).toEqual({ language: 'en', blocked: false });
    // The chat's order messages now go out in English.
    await store.recordEvents([placedEvent(821, sampleOrder('UY-003001'))], new Date());
    const claimed = await store.claimDueSends({ now: new Date(), leaseMs: 60_000, limit: 100 });
    expect(claimed.find((send) => send.chatId === 6201)?.language).toBe('en');
    // And so do the bot's answers, whatever the Telegram app's language.
    await bot.handleUpdate(command(6201, '/help', 'ru'));
    expect(repliesTo(api, 6201)[2]?.payload.text).toBe(TEXTS.en.help);
    // The chat's menu button follows.
    expect(api.callsOf('setChatMenuButton').at(-1)?.payload).toMatchObject({
      chat_id: 6201,
      menu_button: { web_app: { url: `${PUBLIC_URL}/en` } },
    });
  });

  it('takes the buttons off the prompt once a language is chosen', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(command(6203, '/language', 'uz'));
    const prompt = repliesTo(api, 6203)[0]?.result as { message_id: number } | undefined;
    const promptId = prompt?.message_id ?? 0;
    const press = buttonPress(6203, 'lang:ru', 'uz');
    if (press.callback_query?.message) press.callback_query.message.message_id = promptId;
    await bot.handleUpdate(press);
    expect(api.message(6203, promptId)).toEqual({
      text: TEXTS.uz.languagePrompt,
      replyMarkup: undefined,
    });
    expect(repliesTo(api, 6203)[1]?.payload.text).toBe(TEXTS.ru.languageSaved);
  });

  it('ignores buttons it does not know, answering them only', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(buttonPress(6202, 'lang:de', 'en'));
    await bot.handleUpdate(buttonPress(6202, 'anything', 'en'));
    expect(api.callsOf('answerCallbackQuery')).toHaveLength(2);
    expect(repliesTo(api, 6202)).toEqual([]);
    expect(await store.chat(6202)).toBeNull();
  });
});

describe('the chat menu button', () => {
  it('is set in the chat’s language on its first update, not only on /start, and once', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(command(6401, '/help', 'ru'));
    await bot.handleUpdate(command(6401, 'hello', 'ru'));
    expect(menusOf(api, 6401)).toEqual([menuIn('ru')]);
    // /start sets it itself: once for that update.
    await bot.handleUpdate(command(6402, '/start', 'en'));
    expect(menusOf(api, 6402)).toEqual([menuIn('en')]);
    // The Telegram app's language changes: the button follows.
    await bot.handleUpdate(command(6401, '/help', 'en'));
    expect(menusOf(api, 6401)).toEqual([menuIn('ru'), menuIn('en')]);
  });

  it('keeps to a language chosen with /language', async () => {
    const { api, bot } = await botWith();
    await store.setChatLanguage(6403, 'uz', new Date());
    await bot.handleUpdate(command(6403, '/orders', 'ru'));
    expect(menusOf(api, 6403)).toEqual([menuIn('uz')]);
  });
});

describe('/help and the command menu', () => {
  it('lists the commands', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(command(6301, '/help', 'uz'));
    const text = String(repliesTo(api, 6301)[0]?.payload.text);
    for (const name of ['/start', '/orders', '/language', '/help']) expect(text).toContain(name);
  });

  it('registers the commands in each language, and only logs a refusal', async () => {
    const { api, bot, logs, logger } = await botWith();
    api.failNext('setMyCommands', 400, 'Bad Request: BOT_COMMAND_INVALID');
    await setBotCommands(bot, logger);
    const calls = api.callsOf('setMyCommands');
    expect(calls.map((call) => call.payload.language_code)).toEqual([undefined, 'uz', 'ru', 'en']);
    expect(calls[0]?.ok).toBe(false);
    expect(calls[2]?.payload.commands).toEqual([
      { command: 'start', description: TEXTS.ru.commands.start },
      { command: 'orders', description: TEXTS.ru.commands.orders },
      { command: 'language', description: TEXTS.ru.commands.language },
      { command: 'help', description: TEXTS.ru.commands.help },
    ]);
    expect(logs.messages('Could not set the bot commands')).toHaveLength(1);
  });

  it('registers them when the bot starts', async () => {
    const api = await startFakeBotApi({ token: TOKEN });
    cleanUpLater(() => api.close());
    const { app, logger } = server();
    const telegram = prepareTelegram({
      config: { enabled: true, token: TOKEN, apiRoot: api.apiRoot, mode: 'polling' },
      publicUrl: PUBLIC_URL,
      logger,
      app,
    });
    cleanUpLater(() => telegram.stop());
    expect(telegram.username()).toBeNull();
    await telegram.start();
    await api.waitForCall('setMyCommands', (call) => call.payload.language_code === 'en');
    expect(telegram.username()).toBe(TEST_BOT_INFO.username);
  });
});

import type { FastifyInstance } from 'fastify';
import type { Update } from 'grammy/types';
import { describe, expect, it, vi } from 'vitest';
import { buildServer } from '../server';
import {
  TEST_BOT_INFO,
  TEST_BOT_TOKEN as TOKEN,
  TEST_PUBLIC_URL as PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
  type RecordedCall,
} from '../testing/fake-bot-api';
import { openNotifierStore } from '../notifier/store';
import { captureLogs, type LogCapture } from '../testing/log-capture';
import { makeFakeDist } from '../testing/temp-dist';
import { closedPortUrl } from '../testing/upstream-stand-ins';
import { createBot } from './create-bot';
import { prepareTelegram, WEBHOOK_PATH } from './prepare-telegram';
import { TEXTS } from './texts';
import { cleanUpAfterEach } from '../testing/cleanups';

const SECRET = 'webhook-secret-0123456789';

const cleanUpLater = cleanUpAfterEach();

async function fakeApi(): Promise<FakeBotApi> {
  const api = await startFakeBotApi({ token: TOKEN });
  cleanUpLater(() => api.close());
  return api;
}

/** A real server, for its real logger (captured) and, in webhook mode, its route. */
async function server(): Promise<{ app: FastifyInstance; logs: LogCapture }> {
  const logs = captureLogs();
  const dist = await makeFakeDist();
  const nowhere = await closedPortUrl();
  const app = await buildServer({
    webappDist: dist.dir,
    upstreams: { ecommerceUrl: nowhere, catalogUrl: nowhere, catalogApiKey: 'unused-key-123' },
    upstreamTimeoutMs: 1000,
    log: { level: 'info', stream: logs.stream },
  });
  cleanUpLater(async () => {
    await app.close();
    await dist.remove();
  });
  return { app, logs };
}

let nextUpdateId = 1;
function message(
  text: string,
  opts: { lang?: string; group?: boolean; updateId?: number } = {},
): Update {
  const from = {
    id: 4242,
    is_bot: false,
    first_name: 'Dilnoza',
    ...(opts.lang ? { language_code: opts.lang } : {}),
  };
  const command = /^\/\S+/.exec(text)?.[0];
  return {
    update_id: opts.updateId ?? nextUpdateId++,
    message: {
      message_id: 10,
      date: 1_760_000_000,
      chat: opts.group
        ? { id: -100_42, type: 'group', title: 'Neighbours' }
        : { id: 4242, type: 'private', first_name: 'Dilnoza' },
      from,
      text,
      ...(command
        ? { entities: [{ type: 'bot_command' as const, offset: 0, length: command.length }] }
        : {}),
    },
  };
}

interface Button {
  text: string;
  url?: string;
  web_app?: { url: string };
}

function firstButton(call: RecordedCall | undefined): Button | undefined {
  const markup = call?.payload.reply_markup as { inline_keyboard: Button[][] } | undefined;
  return markup?.inline_keyboard[0]?.[0];
}

async function botWith(publicUrl = PUBLIC_URL) {
  const api = await fakeApi();
  const { app, logs } = await server();
  const bot = createBot({
    token: TOKEN,
    apiRoot: api.apiRoot,
    botInfo: TEST_BOT_INFO,
    publicUrl,
    logger: app.log,
  });
  return { api, bot, logs };
}

describe('bot conversation', () => {
  it.each([
    ['uz', 'uz', 'Assalomu alaykum, Dilnoza!'],
    ['ru-RU', 'ru', 'Здравствуйте, Dilnoza!'],
    ['en', 'en', 'Hello, Dilnoza!'],
    ['de', 'uz', 'Assalomu alaykum, Dilnoza!'],
    [undefined, 'uz', 'Assalomu alaykum, Dilnoza!'],
  ])('greets a %s user in %s with a Mini App button', async (code, lang, greeting) => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(message('/start', { lang: code }));
    const [sent] = api.callsOf('sendMessage');
    expect(sent?.payload.chat_id).toBe(4242);
    expect(sent?.payload.text).toContain(greeting);
    expect(firstButton(sent)).toEqual({
      text: TEXTS[lang as 'uz' | 'ru' | 'en'].openShop,
      web_app: { url: `${PUBLIC_URL}/${lang}` },
    });
    const [menu] = api.callsOf('setChatMenuButton');
    expect(menu?.payload).toMatchObject({
      chat_id: 4242,
      menu_button: { type: 'web_app', web_app: { url: `${PUBLIC_URL}/${lang}` } },
    });
  });

  it('passes a deep-link payload on to the Mini App', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(message('/start product-white_mug-42', { lang: 'en' }));
    expect(firstButton(api.callsOf('sendMessage')[0])?.web_app?.url).toBe(
      `${PUBLIC_URL}/en?tgWebAppStartParam=product-white_mug-42`,
    );
  });

  it.each(['../../admin', 'a'.repeat(65), 'x y', 'привет'])(
    'drops the invalid payload %s',
    async (payload) => {
      const { api, bot } = await botWith();
      await bot.handleUpdate(message(`/start ${payload}`, { lang: 'en' }));
      expect(firstButton(api.callsOf('sendMessage')[0])?.web_app?.url).toBe(`${PUBLIC_URL}/en`);
    },
  );

  it('offers a plain link when the shop is not on https, as Telegram requires for Mini Apps', async () => {
    const { api, bot } = await botWith('http://127.0.0.1:3000');
    await bot.handleUpdate(message('/start', { lang: 'ru' }));
    expect(firstButton(api.callsOf('sendMessage')[0])).toEqual({
      text: TEXTS.ru.openShop,
      url: 'http://127.0.0.1:3000/ru',
    });
    expect(api.callsOf('setChatMenuButton')).toHaveLength(0);
  });

  it('answers /help and anything else with the way into the shop', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(message('/help', { lang: 'ru' }));
    await bot.handleUpdate(message('where is my order?', { lang: 'en' }));
    const [help, other] = api.callsOf('sendMessage');
    expect(help?.payload.text).toBe(TEXTS.ru.help);
    expect(firstButton(help)?.web_app?.url).toBe(`${PUBLIC_URL}/ru`);
    expect(other?.payload.text).toBe(TEXTS.en.fallback);
    expect(firstButton(other)?.web_app?.url).toBe(`${PUBLIC_URL}/en`);
  });

  it('stays quiet in groups, where Mini App buttons do not work', async () => {
    const { api, bot } = await botWith();
    await bot.handleUpdate(message('/start', { group: true }));
    await bot.handleUpdate(message('hello', { group: true }));
    expect(api.callsOf('sendMessage')).toHaveLength(0);
  });

  it('logs a failed reply instead of crashing', async () => {
    const { api, bot, logs } = await botWith();
    api.failNext('sendMessage', 403, 'Forbidden: bot was blocked by the user');
    await expect(bot.handleUpdate(message('/start', { lang: 'en' }))).resolves.toBeUndefined();
    expect(logs.messages('Bot update failed')).toHaveLength(1);
  });
});

describe('bot lifecycle', () => {
  it('is off without a token and says so once', async () => {
    const { app, logs } = await server();
    const telegram = prepareTelegram({
      config: { enabled: false },
      publicUrl: PUBLIC_URL,
      logger: app.log,
      app,
    });
    await telegram.start();
    await app.inject({ url: '/healthz' });
    await telegram.stop();
    expect(telegram.bot).toBeNull();
    expect(logs.lines.filter((line) => line.includes('BOT_TOKEN'))).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: {} })).statusCode).toBe(
      404,
    );
  });

  it('polls the Bot API at TELEGRAM_API_ROOT, answers, and stops cleanly', async () => {
    const api = await fakeApi();
    const { app, logs } = await server();
    const telegram = prepareTelegram({
      config: { enabled: true, token: TOKEN, apiRoot: api.apiRoot, mode: 'polling' },
      publicUrl: PUBLIC_URL,
      logger: app.log,
      app,
    });
    await telegram.start();
    await api.waitForCall('getUpdates', (call) => call.payload.timeout === 30);
    // The default menu button is set once the bot is up.
    const menu = await api.waitForCall('setChatMenuButton');
    expect(menu.payload).toEqual({
      menu_button: {
        type: 'web_app',
        text: TEXTS.uz.menuButton,
        web_app: { url: `${PUBLIC_URL}/uz` },
      },
    });
    expect(api.callsOf('deleteWebhook')[0]?.payload).toMatchObject({ drop_pending_updates: false });

    api.pushUpdate(message('/start', { lang: 'ru' }));
    const reply = await api.waitForCall('sendMessage');
    expect(reply.payload.text).toContain('Здравствуйте');
    expect(logs.messages('Telegram bot is on (polling)')).toHaveLength(1);

    await telegram.stop();
    expect(telegram.bot?.isRunning()).toBe(false);
  });

  it('keeps running when the menu button cannot be set', async () => {
    const api = await fakeApi();
    api.failNext('setChatMenuButton', 400, 'Bad Request: WEBAPP_URL_INVALID');
    const { app, logs } = await server();
    const telegram = prepareTelegram({
      config: { enabled: true, token: TOKEN, apiRoot: api.apiRoot, mode: 'polling' },
      publicUrl: PUBLIC_URL,
      logger: app.log,
      app,
    });
    await telegram.start();
    await api.waitForCall('setChatMenuButton');
    api.pushUpdate(message('hi', { lang: 'en' }));
    await api.waitForCall('sendMessage');
    expect(logs.messages('Could not set the chat menu button')).toHaveLength(1);
    await telegram.stop();
  });

  it('logs, and does not crash, when the Bot API is unreachable', async () => {
    const { app, logs } = await server();
    const telegram = prepareTelegram({
      config: { enabled: true, token: TOKEN, apiRoot: await closedPortUrl(), mode: 'polling' },
      publicUrl: PUBLIC_URL,
      logger: app.log,
      app,
    });
    await telegram.start();
    await vi.waitFor(() => {
      expect(logs.messages('Telegram Bot API is not reachable')).toHaveLength(1);
    });
    await telegram.stop();
    expect(logs.lines.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});

describe('bot webhook', () => {
  async function webhookSetup() {
    const api = await fakeApi();
    const { app } = await server();
    const telegram = prepareTelegram({
      config: {
        enabled: true,
        token: TOKEN,
        apiRoot: api.apiRoot,
        mode: 'webhook',
        webhookSecret: SECRET,
      },
      publicUrl: PUBLIC_URL,
      logger: app.log,
      app,
      botInfo: TEST_BOT_INFO,
    });
    cleanUpLater(() => telegram.stop());
    return { api, app, telegram };
  }

  it('registers itself with Telegram, with the secret', async () => {
    const { api, telegram } = await webhookSetup();
    await telegram.start();
    expect((await api.waitForCall('setWebhook')).payload).toMatchObject({
      url: `${PUBLIC_URL}${WEBHOOK_PATH}`,
      secret_token: SECRET,
    });
  });

  it('refuses updates without the right secret header', async () => {
    const { api, app } = await webhookSetup();
    const missing = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: message('/start'),
    });
    expect(missing.statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'x-telegram-bot-api-secret-token': `${SECRET}x` },
      payload: message('/start'),
    });
    expect(wrong.statusCode).toBe(401);
    expect(api.callsOf('sendMessage')).toHaveLength(0);
  });

  it('handles an update once across instances and restarts: handled ids are stored', async () => {
    const api = await fakeApi();
    const store = await openNotifierStore({});
    cleanUpLater(() => store.close());
    // Two servers, as two instances behind a load balancer (or one before and after a restart).
    const instances = [];
    for (let i = 0; i < 2; i++) {
      const { app } = await server();
      prepareTelegram({
        config: {
          enabled: true,
          token: TOKEN,
          apiRoot: api.apiRoot,
          mode: 'webhook',
          webhookSecret: SECRET,
        },
        publicUrl: PUBLIC_URL,
        logger: app.log,
        app,
        botInfo: TEST_BOT_INFO,
        seenUpdates: store,
      });
      instances.push(app);
    }
    const update = message('/start', { lang: 'ru' });
    for (const app of [...instances, ...instances]) {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'x-telegram-bot-api-secret-token': SECRET },
        payload: update,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(api.callsOf('sendMessage')).toHaveLength(1);
    expect(await store.rememberUpdate(update.update_id, new Date())).toBe(false);
  });

  it('handles an update once even when Telegram delivers it twice', async () => {
    const { api, app } = await webhookSetup();
    const update = message('/start', { lang: 'en' });
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'x-telegram-bot-api-secret-token': SECRET },
        payload: update,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(api.callsOf('sendMessage')).toHaveLength(1);
    expect(api.callsOf('sendMessage')[0]?.payload.text).toContain('Hello');
  });
});

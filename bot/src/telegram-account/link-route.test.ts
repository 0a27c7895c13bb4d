import {
  TelegramLinkStatusSchema,
  TelegramLinkTokenAnswerSchema,
  type TelegramLinkStatus,
} from '@shop/shared';
import { sign } from '@telegram-apps/init-data-node';
import type { FastifyInstance } from 'fastify';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../telegram/create-bot';
import { setChatMenuOf } from '../telegram/menu-button';
import { TEXTS } from '../telegram/texts';
import { buildServer } from '../server';
import {
  TEST_BOT_INFO,
  TEST_BOT_TOKEN,
  TEST_PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
} from '../testing/fake-bot-api';
import { placedEvent, sampleOrder } from '../testing/order-events';
import { startNotifierStand, type NotifierStand, type RelayStand } from '../testing/relay-stand';
import { makeFakeDist } from '../testing/temp-dist';
import { privateMessage } from '../testing/updates';
import { hashLinkToken } from './link-tokens';
import type { NotifierStore } from '../notifier/store';

/**
 * The link calls against the real backend's sign-ins: POST /tg/link with init data signed by the
 * library's own sign(), GET /tg/link, and POST /tg/link-token redeemed by the real bot (talking
 * to the Bot API stand-in).
 */

const BOT_TOKEN = TEST_BOT_TOKEN;
const OTHER_BOT_TOKEN = '7000000002:AAAnotherBotsTokenForTests_abcdefg';
const MAX_AGE_SECONDS = 3600;
const PUBLIC_URL = TEST_PUBLIC_URL;

let notifierStand: NotifierStand;
let store: NotifierStore;
let stand: RelayStand;
let api: FakeBotApi;
/** What the server's bot username getter answers (null: the bot has not reached Telegram). */
let botUsername: string | null = TEST_BOT_INFO.username;

beforeAll(async () => {
  api = await startFakeBotApi({ token: BOT_TOKEN });
  notifierStand = await startNotifierStand({
    telegramLink: {
      botToken: BOT_TOKEN,
      maxAgeSeconds: MAX_AGE_SECONDS,
      botUsername: () => botUsername,
      onLinked: ({ chatId, language }, log) =>
        setChatMenuOf(
          new Api(BOT_TOKEN, { apiRoot: api.apiRoot }),
          chatId,
          PUBLIC_URL,
          language,
          log,
        ),
    },
  });
  ({ store, stand } = notifierStand);
  // Two PGlite databases start cold (the backend's and the notifier's).
}, 180_000);

afterAll(async () => {
  await notifierStand.close();
  await api.close();
}, 60_000);

function initData(
  telegramUserId: number,
  options: { token?: string; ageSeconds?: number; lang?: string } = {},
): string {
  return sign(
    {
      query_id: `AAH${telegramUserId}`,
      user: {
        id: telegramUserId,
        first_name: 'Dilnoza',
        ...(options.lang ? { language_code: options.lang } : {}),
        // The shopper started the bot: it may write to them.
        allows_write_to_pm: true,
      },
    },
    options.token ?? BOT_TOKEN,
    new Date(Date.now() - (options.ageSeconds ?? 10) * 1000),
  );
}

function bearer(token: string | null): Record<string, string> {
  return token === null ? {} : { authorization: `Bearer ${token}` };
}

function link(token: string | null, raw: string, app: FastifyInstance = stand.app) {
  return app.inject({
    method: 'POST',
    url: '/tg/link',
    headers: bearer(token),
    payload: { init_data: raw },
  });
}

async function status(token: string | null, app: FastifyInstance = stand.app) {
  return app.inject({ url: '/tg/link', headers: bearer(token) });
}

function linkToken(token: string | null, app: FastifyInstance = stand.app) {
  return app.inject({ method: 'POST', url: '/tg/link-token', headers: bearer(token) });
}

async function sendsFor(userId: number, orderNumber: string): Promise<number[]> {
  const eventId = placedEvent(userId, sampleOrder(orderNumber)).id;
  await store.recordEvents([placedEvent(userId, sampleOrder(orderNumber))], new Date());
  return (await store.sends()).filter((send) => send.eventId === eventId).map((s) => s.chatId);
}

describe('POST /tg/link', () => {
  it('links the chat of fresh init data signed for this bot, in its language', async () => {
    const shopper = await stand.signIn('+998901230001');
    const answer = await link(shopper.token, initData(5_000_001, { lang: 'ru' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ linked: true, language: 'ru' });
    expect(await store.chat(5_000_001)).toEqual({ language: 'ru', blocked: false });
    // The shopper's next order event is for that chat.
    expect(await sendsFor(shopper.id, 'L-1')).toEqual([5_000_001]);
  });

  it('keeps a language chosen with /language across launches; an unchosen one follows Telegram', async () => {
    const shopper = await stand.signIn('+998901230041');
    expect((await link(shopper.token, initData(5_000_011, { lang: 'uz' }))).json()).toEqual({
      linked: true,
      language: 'uz',
    });
    // Not chosen yet: the next launch, with Telegram in Russian, moves the chat to Russian.
    await link(shopper.token, initData(5_000_011, { lang: 'ru' }));
    expect(await store.chat(5_000_011)).toEqual({ language: 'ru', blocked: false });
    // /language English; launches with Telegram in Russian keep it, and say so.
    await store.setChatLanguage(5_000_011, 'en', new Date());
    const relaunch = await link(shopper.token, initData(5_000_011, { lang: 'ru', ageSeconds: 5 }));
    expect(relaunch.json()).toEqual({ linked: true, language: 'en' });
    expect(await store.chat(5_000_011)).toEqual({ language: 'en', blocked: false });
    // The chat's menu button follows each link, in the chat's language.
    const menus = api
      .callsOf('setChatMenuButton')
      .filter((call) => call.payload.chat_id === 5_000_011);
    expect(menus.map((call) => call.payload.menu_button)).toEqual(
      (['uz', 'ru', 'en'] as const).map((lang) => ({
        type: 'web_app',
        text: TEXTS[lang].menuButton,
        web_app: { url: `${PUBLIC_URL}/${lang}` },
      })),
    );
    // And the order messages go out in English.
    await store.recordEvents([placedEvent(shopper.id, sampleOrder('L-11'))], new Date());
    const sends = await store.claimDueSends({ now: new Date(), leaseMs: 60_000, limit: 100 });
    expect(sends.find((send) => send.chatId === 5_000_011)?.language).toBe('en');
  });

  it('refuses forged, other-bot, stale and unsigned-in links, and links nothing', async () => {
    const shopper = await stand.signIn('+998901230002');
    const fresh = initData(5_000_002);
    const forged = fresh.replace('5000002', '5000003');
    const refusals = [
      { token: shopper.token, raw: forged, status: 401 },
      { token: shopper.token, raw: initData(5_000_002, { token: OTHER_BOT_TOKEN }), status: 401 },
      {
        token: shopper.token,
        raw: initData(5_000_002, { ageSeconds: MAX_AGE_SECONDS + 60 }),
        status: 401,
      },
      { token: null, raw: fresh, status: 401 },
      { token: 'not-a-real-token-0123456789abcdef', raw: fresh, status: 401 },
      { token: shopper.token, raw: 'user=%7B%7D', status: 401 },
    ];
    for (const refusal of refusals) {
      const answer = await link(refusal.token, refusal.raw);
      expect(answer.statusCode).toBe(refusal.status);
    }
    const badBody = await stand.app.inject({
      method: 'POST',
      url: '/tg/link',
      headers: bearer(shopper.token),
      payload: { init_data: fresh, extra: true },
    });
    expect(badBody.statusCode).toBe(400);
    expect(await store.chat(5_000_002)).toBeNull();
    expect(await store.chat(5_000_003)).toBeNull();
  });

  it('refuses init data dated more than a minute ahead, however far, and links nothing', async () => {
    const shopper = await stand.signIn('+998901230009');
    const YEAR = 365 * 24 * 3600;
    for (const ahead of [3600, YEAR, 50 * YEAR]) {
      const answer = await link(shopper.token, initData(5_000_009, { ageSeconds: -ahead }));
      expect(answer.statusCode, `${ahead} s ahead: ${answer.body}`).toBe(401);
    }
    expect(await store.chat(5_000_009)).toBeNull();
    // A phone whose clock runs half a minute fast still links.
    const skewed = await link(shopper.token, initData(5_000_009, { ageSeconds: -30 }));
    expect(skewed.statusCode, skewed.body).toBe(200);
  });

  it('refuses init data replayed for another account, and keeps the first link', async () => {
    const owner = await stand.signIn('+998901230004');
    const thief = await stand.signIn('+998901230005');
    const raw = initData(5_000_004, { lang: 'en' });
    expect((await link(owner.token, raw)).statusCode).toBe(200);
    // The same account again is harmless.
    expect((await link(owner.token, raw)).statusCode).toBe(200);
    const replayed = await link(thief.token, raw);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ code: 'conflict' });
    // Nor does a second hash in front make it other init data.
    const respelled = await link(thief.token, `hash=${'0'.repeat(64)}&${raw}`);
    expect(respelled.statusCode).toBe(401);
    expect(await sendsFor(thief.id, 'L-2')).toEqual([]);
  });
});

describe('GET /tg/link', () => {
  it('tells a signed-in shopper whether their account has a chat, and names the bot', async () => {
    const shopper = await stand.signIn('+998901230011');
    const before = await status(shopper.token);
    expect(before.statusCode).toBe(200);
    const parsed = TelegramLinkStatusSchema.parse(before.json());
    expect(parsed).toEqual<TelegramLinkStatus>({
      enabled: true,
      linked: false,
      bot_username: 'uy_shop_test_bot',
      unreachable: false,
    });
    expect((await link(shopper.token, initData(5_000_011))).statusCode).toBe(200);
    expect((await status(shopper.token)).json()).toMatchObject({ linked: true });
    // A chat that blocked the bot receives nothing: not linked for the shopper's purposes.
    await store.markChatBlocked(5_000_011, new Date());
    expect((await status(shopper.token)).json()).toMatchObject({
      linked: false,
      unreachable: true,
    });
  });

  it('needs a sign-in the backend accepts', async () => {
    expect((await status(null)).statusCode).toBe(401);
    const wrong = await status('not-a-real-token-0123456789abcdef');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized' });
  });
});

describe('POST /tg/link-token and the bot redeeming it', () => {
  function startUpdate(chatId: number, text: string, lang?: string): Update {
    return { update_id: chatId * 10 + text.length, ...privateMessage(chatId, text, lang) };
  }

  it('gives a one-time t.me link that the bot redeems once, in the chat’s language', async () => {
    const shopper = await stand.signIn('+998901230021');
    const before = Date.now();
    const answer = await linkToken(shopper.token);
    const after = Date.now();
    expect(answer.statusCode).toBe(200);
    const { url, expires_at } = TelegramLinkTokenAnswerSchema.parse(answer.json());
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe('https://t.me/uy_shop_test_bot');
    const start = parsed.searchParams.get('start') ?? '';
    expect(start).toMatch(/^link_[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 600_000);
    expect(expires).toBeLessThanOrEqual(after + 600_000);
    // Two links are two tokens.
    const second = TelegramLinkTokenAnswerSchema.parse((await linkToken(shopper.token)).json());
    expect(second.url).not.toBe(url);

    const bot = createBot({
      token: BOT_TOKEN,
      apiRoot: api.apiRoot,
      botInfo: TEST_BOT_INFO,
      publicUrl: PUBLIC_URL,
      logger: stand.app.log,
      chats: store,
    });
    // The database alone links nothing: only the token's hash is kept.
    const token = start.slice('link_'.length);
    expect(
      await store.redeemLinkToken({ hash: token, chatId: 5_000_099, language: 'uz' }, new Date()),
    ).toEqual({ kind: 'unknown' });
    expect(hashLinkToken(token)).toMatch(/^[0-9a-f]{64}$/);

    await bot.handleUpdate(startUpdate(5_000_021, `/start ${start}`, 'ru'));
    const reply = api.callsOf('sendMessage').find((call) => call.payload.chat_id === 5_000_021);
    expect(reply?.payload.text).toBe(TEXTS.ru.linked);
    expect(await store.chat(5_000_021)).toEqual({ language: 'ru', blocked: false });
    expect((await status(shopper.token)).json()).toMatchObject({ linked: true });
    expect(await sendsFor(shopper.id, 'L-21')).toEqual([5_000_021]);

    // Replayed from another chat: refused, and that chat gets nothing.
    await bot.handleUpdate(startUpdate(5_000_022, `/start ${start}`, 'en'));
    const replayed = api.callsOf('sendMessage').find((call) => call.payload.chat_id === 5_000_022);
    expect(replayed?.payload.text).toBe(TEXTS.en.linkUsed);
    expect(await store.chat(5_000_022)).toBeNull();
    expect(await sendsFor(shopper.id, 'L-22')).toEqual([5_000_021]);
  });

  it('refuses without a sign-in, and makes no token', async () => {
    expect((await linkToken(null)).statusCode).toBe(401);
    const wrong = await linkToken('not-a-real-token-0123456789abcdef');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('says so while the bot has not reached Telegram (no username yet)', async () => {
    const shopper = await stand.signIn('+998901230023');
    botUsername = null;
    try {
      const answer = await linkToken(shopper.token);
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ code: 'upstream_unavailable' });
      expect((await status(shopper.token)).json()).toEqual({
        enabled: true,
        linked: false,
        bot_username: null,
        unreachable: false,
      });
    } finally {
      botUsername = TEST_BOT_INFO.username;
    }
  });
});

describe('the link calls without a bot', () => {
  it('answer that the bot is off, and link nothing', async () => {
    const dist = await makeFakeDist();
    const app = await buildServer({
      webappDist: dist.dir,
      upstreams: {
        ecommerceUrl: stand.backend.url,
        catalogUrl: stand.backend.url,
        catalogApiKey: stand.backend.catalogApiKey,
      },
      upstreamTimeoutMs: 10_000,
      publicUrl: PUBLIC_URL,
      notifier: notifierStand.notifier,
      log: { level: 'silent' },
    });
    try {
      const shopper = await stand.signIn('+998901230031');
      const answer = await status(shopper.token, app);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        enabled: false,
        linked: false,
        bot_username: null,
        unreachable: false,
      });
      expect((await status(null, app)).statusCode).toBe(401);

      const token = await linkToken(shopper.token, app);
      expect(token.statusCode).toBe(404);
      expect(token.json()).toMatchObject({ code: 'not_found' });
      const linked = await link(shopper.token, initData(5_000_031), app);
      expect(linked.statusCode).toBe(404);
      expect(await store.chat(5_000_031)).toBeNull();
    } finally {
      await app.close();
      await dist.remove();
    }
  });
});

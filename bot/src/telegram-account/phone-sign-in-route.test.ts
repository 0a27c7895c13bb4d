// POST /tg/phone-sign-in against the real backend's trusted sign-in: a contact Telegram signed for
// this bot, fresh and of the launching user, signs in with no SMS and links the chat (its menu
// button set through the Bot API stand-in); every other contact is refused and signs nobody in,
// and a contact signs in once, however many servers share the database.
import { PHONE_NOT_UZBEK_RULE, UserSchema, VerifyOtpResponseSchema } from '@shop/shared';
import { sign } from '@telegram-apps/init-data-node';
import { createScratchDatabase, type ScratchDatabase } from '@shop/backend';
import Fastify, { type FastifyInstance } from 'fastify';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setChatMenuOf } from '../telegram/menu-button';
import {
  TEST_BOT_TOKEN,
  TEST_PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
} from '../testing/fake-bot-api';
import { menuIn, menusOf } from '../testing/menu-buttons';
import { startNotifierStand, type NotifierStand } from '../testing/relay-stand';
import { signContact } from '../testing/signed-contact';
import { installErrorHandler } from '../errors';
import { buildServer } from '../server';
import { testNotifier } from '../testing/notifier-stand';
import { TEST_DATABASE_URL } from '../testing/scratch-database';
import { makeFakeDist } from '../testing/temp-dist';
import type { OpenSqlOptions } from '../notifier/sql';
import { openNotifierStore, type NotifierStore } from '../notifier/store';
import { registerPhoneSignIn } from './phone-sign-in-route';

const OTHER_BOT_TOKEN = '7000000002:AAAnotherBotsTokenForTests_abcdefg';
const MAX_AGE_SECONDS = 3600;

let stand: NotifierStand;
let api: FakeBotApi;

beforeAll(async () => {
  api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  stand = await startNotifierStand({
    telegramLink: {
      botToken: TEST_BOT_TOKEN,
      maxAgeSeconds: MAX_AGE_SECONDS,
      // As main.ts wires it: a linked chat's menu button opens the shop in its language.
      onLinked: ({ chatId, language }, log) =>
        setChatMenuOf(
          new Api(TEST_BOT_TOKEN, { apiRoot: api.apiRoot }),
          chatId,
          TEST_PUBLIC_URL,
          language,
          log,
        ),
    },
    trustedSignIn: true,
  });
}, 180_000);

const servers: {
  app: FastifyInstance;
  store: NotifierStore;
  dist: Awaited<ReturnType<typeof makeFakeDist>>;
}[] = [];
const databases: ScratchDatabase[] = [];

afterAll(async () => {
  for (const { app, store, dist } of servers) {
    await app.close();
    await store.close();
    await dist.remove();
  }
  for (const database of databases) await database.drop();
  await stand.close();
  await api.close();
}, 60_000);

/** Another server on the stand's backends, its notifier's store of its own on this database. */
async function serverOn(database: OpenSqlOptions): Promise<FastifyInstance> {
  const store = await openNotifierStore(database);
  const dist = await makeFakeDist();
  const app = await buildServer({
    webappDist: dist.dir,
    upstreams: stand.stand.upstreams,
    upstreamTimeoutMs: 10_000,
    notifier: testNotifier({ store, apiRoot: null }),
    telegramLink: { botToken: TEST_BOT_TOKEN, maxAgeSeconds: MAX_AGE_SECONDS },
    trustedSignIn: {
      url: stand.stand.backend.url,
      secret: stand.stand.backend.operatorSecret,
    },
    log: { level: 'warn', stream: { write: () => undefined } },
  });
  servers.push({ app, store, dist });
  return app;
}

/** The menu buttons the bot set in `chatId`, oldest first. */

const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

function initData(userId: number, lang = 'ru'): string {
  return sign(
    // A user who started the bot: Telegram lets it write to them.
    { user: { id: userId, first_name: 'Dilnoza', language_code: lang, allows_write_to_pm: true } },
    TEST_BOT_TOKEN,
    secondsAgo(5),
  );
}

function contact(
  userId: number,
  phoneNumber: string,
  options: { token?: string; ageSeconds?: number } = {},
): string {
  return signContact(
    { user_id: userId, phone_number: phoneNumber, first_name: 'Dilnoza' },
    options.token ?? TEST_BOT_TOKEN,
    secondsAgo(options.ageSeconds ?? 3),
  );
}

function phoneSignIn(body: unknown) {
  return stand.stand.app.inject({
    method: 'POST',
    url: '/tg/phone-sign-in',
    payload: body as object,
  });
}

async function smsTo(phone: string): Promise<number> {
  return (await stand.stand.outbox()).filter((line) => line.phone === phone).length;
}

describe('POST /tg/phone-sign-in', () => {
  it('signs in with the shared number, sends no SMS and links the chat', async () => {
    const answer = await phoneSignIn({
      init_data: initData(6_000_001),
      contact: contact(6_000_001, '998901239001'),
    });
    expect(answer.statusCode).toBe(200);
    const signedIn = VerifyOtpResponseSchema.parse(answer.json());
    expect(signedIn.user.phone).toBe('+998901239001');
    expect(await smsTo('+998901239001')).toBe(0);
    const me = await stand.stand.app.inject({
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${signedIn.access_token}` },
    });
    expect(UserSchema.parse(me.json()).id).toBe(signedIn.user.id);
    expect(await stand.store.chat(6_000_001)).toEqual({ language: 'ru', blocked: false });
    expect(await stand.store.isUserLinked(signedIn.user.id)).toBe(true);
  });

  it('sets the linked chat’s menu button in its language, keeping one chosen with /language', async () => {
    const uz = await phoneSignIn({
      init_data: initData(6_000_006, 'uz'),
      contact: contact(6_000_006, '998901239006'),
    });
    expect(uz.statusCode).toBe(200);
    expect(menusOf(api, 6_000_006)).toEqual([menuIn('uz')]);

    await stand.store.setChatLanguage(6_000_007, 'en', new Date());
    const chosen = await phoneSignIn({
      init_data: initData(6_000_007, 'ru'),
      contact: contact(6_000_007, '998901239007'),
    });
    expect(chosen.statusCode).toBe(200);
    expect(menusOf(api, 6_000_007)).toEqual([menuIn('en')]);
    // A refused contact links nothing and sets no menu.
    await phoneSignIn({
      init_data: initData(6_000_008),
      contact: contact(6_000_999, '998901239008'),
    });
    expect(menusOf(api, 6_000_008)).toEqual([]);
  });

  it('signs a number with "+" in as the same account the SMS code made', async () => {
    const earlier = await stand.stand.signIn('+998901239002');
    const answer = await phoneSignIn({
      init_data: initData(6_000_002),
      contact: contact(6_000_002, '+998901239002'),
    });
    expect(VerifyOtpResponseSchema.parse(answer.json()).user.id).toBe(earlier.id);
  });

  it('refuses forged, other-bot, stale, future and other-user contacts, signing nobody in', async () => {
    const phone = '998901239003';
    const genuine = contact(6_000_003, phone);
    const refusals = [
      { why: 'forged number', contact: genuine.replace(phone, '998901239004'), status: 401 },
      {
        why: 'other bot',
        contact: contact(6_000_003, phone, { token: OTHER_BOT_TOKEN }),
        status: 401,
      },
      {
        why: 'stale',
        contact: contact(6_000_003, phone, { ageSeconds: MAX_AGE_SECONDS + 30 }),
        status: 401,
      },
      { why: 'future', contact: contact(6_000_003, phone, { ageSeconds: -600 }), status: 401 },
      { why: 'other user', contact: contact(6_000_999, phone), status: 403 },
    ];
    for (const refusal of refusals) {
      const answer = await phoneSignIn({
        init_data: initData(6_000_003),
        contact: refusal.contact,
      });
      expect(answer.statusCode, refusal.why).toBe(refusal.status);
      expect(answer.json(), refusal.why).not.toHaveProperty('access_token');
    }
    // Init data of another bot, or none, with a genuine contact.
    const otherBotInit = sign(
      { user: { id: 6_000_003, first_name: 'D' } },
      OTHER_BOT_TOKEN,
      new Date(),
    );
    expect((await phoneSignIn({ init_data: otherBotInit, contact: genuine })).statusCode).toBe(401);
    expect((await phoneSignIn({ contact: genuine })).statusCode).toBe(400);
    expect(
      (await phoneSignIn({ init_data: initData(6_000_003), contact: genuine, x: 1 })).statusCode,
    ).toBe(400);
    expect(await stand.store.chat(6_000_003)).toBeNull();
    // Nobody was signed in: the number has no account yet (an SMS sign-in makes the first one).
    const first = await stand.stand.signIn(`+${phone}`);
    const again = await phoneSignIn({ init_data: initData(6_000_003), contact: genuine });
    expect(VerifyOtpResponseSchema.parse(again.json()).user.id).toBe(first.id);
  });

  it('sends a non-Uzbek number to the SMS sign-in with its reason', async () => {
    for (const number of ['79161234567', '+79161234567', '998712004001', '99890123']) {
      const answer = await phoneSignIn({
        init_data: initData(6_000_004),
        contact: contact(6_000_004, number),
      });
      expect(answer.statusCode, number).toBe(400);
      expect(answer.json(), number).toMatchObject({
        code: 'validation_error',
        details: [{ field: 'contact', rule: PHONE_NOT_UZBEK_RULE }],
      });
    }
    expect(await stand.store.chat(6_000_004)).toBeNull();
  });
});

/** The sessions the backend holds for a user: each sign-in opens one. */
async function sessionsOf(userId: number): Promise<number> {
  const db = stand.stand.backend.pglite;
  if (!db) throw new Error('the stand runs on the embedded PGlite');
  const result = await db.query<{ n: number }>(
    'select count(*)::int as n from auth_tokens where user_id = $1',
    [userId],
  );
  return result.rows[0]?.n ?? 0;
}

/** The same signed contact, written otherwise: its fields in another order. */
function reordered(signed: string): string {
  return new URLSearchParams([...new URLSearchParams(signed)].reverse()).toString();
}

describe('a signed contact signs in once', () => {
  it('refuses every replay of the contact, opening no second session', async () => {
    const shared = contact(6_000_010, '998901239010');
    const first = await phoneSignIn({ init_data: initData(6_000_010), contact: shared });
    expect(first.statusCode).toBe(200);
    const { user } = VerifyOtpResponseSchema.parse(first.json());
    expect(await sessionsOf(user.id)).toBe(1);

    const replays = [
      { why: 'the same request again', init_data: initData(6_000_010), contact: shared },
      { why: 'with new init data', init_data: initData(6_000_010, 'uz'), contact: shared },
      { why: 'its fields reordered', init_data: initData(6_000_010), contact: reordered(shared) },
      {
        why: 'a second hash in front',
        init_data: initData(6_000_010),
        contact: `hash=${'0'.repeat(64)}&${shared}`,
      },
    ];
    for (const { why, ...body } of replays) {
      const answer = await phoneSignIn(body);
      expect(answer.statusCode, why).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, why).toBeLessThan(500);
      expect(answer.json(), why).not.toHaveProperty('access_token');
    }
    const again = await phoneSignIn({ init_data: initData(6_000_010), contact: shared });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict' });
    expect(await sessionsOf(user.id)).toBe(1);

    // A contact shared anew (Telegram signs it again) signs in.
    const anew = await phoneSignIn({
      init_data: initData(6_000_010),
      contact: contact(6_000_010, '998901239010', { ageSeconds: 1 }),
    });
    expect(anew.statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toBe(2);
  });

  it('refuses the replay at another server sharing the database, and one made meanwhile', async () => {
    const db = stand.stand.backend.pglite;
    if (!db) throw new Error('the stand runs on the embedded PGlite');
    // Two servers, each with its own store on the backend's database, as embedded instances are.
    await expectOneSignInAcross(
      await Promise.all([serverOn({ pglite: db }), serverOn({ pglite: db })]),
      6_000_011,
    );
  });

  it.skipIf(!TEST_DATABASE_URL)('holds across servers on one PostgreSQL database', async () => {
    const database = await createScratchDatabase(TEST_DATABASE_URL);
    databases.push(database);
    await expectOneSignInAcross(
      await Promise.all([
        serverOn({ databaseUrl: database.url }),
        serverOn({ databaseUrl: database.url }),
      ]),
      6_000_012,
    );
  });
});

/**
 * One contact sent to two servers at once and then to each again: exactly one sign-in, one
 * session, and a 409 for every other.
 */
async function expectOneSignInAcross(apps: FastifyInstance[], userId: number): Promise<void> {
  const shared = contact(userId, `99890123${String(userId).slice(-4)}`);
  const signIn = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: '/tg/phone-sign-in',
      payload: { init_data: initData(userId), contact: shared },
    });
  const together = await Promise.all(apps.map(signIn));
  const later = await Promise.all(apps.map(signIn));
  const statuses = [...together, ...later].map((answer) => answer.statusCode);
  expect([...statuses].sort()).toEqual([200, 409, 409, 409]);
  const signedIn = together.find((answer) => answer.statusCode === 200);
  const { user } = VerifyOtpResponseSchema.parse(signedIn?.json());
  expect(await sessionsOf(user.id)).toBe(1);
}

describe('a server that cannot sign a phone in', () => {
  it('answers 404 without a bot or without a trusted sign-in', async () => {
    for (const options of [
      { bot: null, signIn: () => Promise.reject(new Error('not called')) },
      { bot: { token: TEST_BOT_TOKEN, maxAgeSeconds: 60 }, signIn: null },
    ]) {
      const app = Fastify();
      installErrorHandler(app);
      registerPhoneSignIn(app, { store: stand.store, ...options });
      const answer = await app.inject({
        method: 'POST',
        url: '/tg/phone-sign-in',
        payload: { init_data: initData(6_000_005), contact: contact(6_000_005, '998901239005') },
      });
      expect(answer.statusCode).toBe(404);
      await app.close();
    }
  });
});

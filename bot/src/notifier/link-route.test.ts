import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placedEvent, sampleOrder } from '../testing/order-events';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';
import { createNotifier } from './notifier';
import { openNotifierStore, type NotifierStore } from './store';

/** POST /tg/link with init data signed by the library's own sign(), and real shop sign-ins. */

const BOT_TOKEN = '7000000001:AAFakeTokenForTestsOnly_abcdefghijk';
const OTHER_BOT_TOKEN = '7000000002:AAAnotherBotsTokenForTests_abcdefg';
const MAX_AGE_SECONDS = 3600;

let store: NotifierStore;
let stand: RelayStand;

beforeAll(async () => {
  store = await openNotifierStore({});
  const notifier = createNotifier({
    store,
    secret: null,
    api: null,
    publicUrl: 'https://shop.example.uz',
  });
  stand = await startRelayStand({
    upstreamTimeoutMs: 10_000,
    logLevel: 'warn',
    notifier,
    telegramLink: { botToken: BOT_TOKEN, maxAgeSeconds: MAX_AGE_SECONDS },
  });
  // Two PGlite databases start cold (the backend's and the notifier's).
}, 180_000);

afterAll(async () => {
  await stand.close();
  await store.close();
}, 60_000);

async function signIn(phone: string): Promise<{ token: string; id: number }> {
  await stand.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone } });
  const otp = await stand.lastCode(phone);
  const verified = await stand.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { phone, otp },
  });
  const token = verified.json<{ access_token: string }>().access_token;
  const user = await stand.app.inject({
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, id: user.json<{ id: number }>().id };
}

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
      },
    },
    options.token ?? BOT_TOKEN,
    new Date(Date.now() - (options.ageSeconds ?? 10) * 1000),
  );
}

function link(token: string | null, raw: string) {
  return stand.app.inject({
    method: 'POST',
    url: '/tg/link',
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    payload: { init_data: raw },
  });
}

describe('POST /tg/link', () => {
  it('links the chat of fresh init data signed for this bot, in its language', async () => {
    const shopper = await signIn('+998901230001');
    const answer = await link(shopper.token, initData(5_000_001, { lang: 'ru' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ linked: true, language: 'ru' });
    expect(await store.chat(5_000_001)).toEqual({ language: 'ru', blocked: false });
    // The shopper's next order event is for that chat.
    await store.recordEvents([placedEvent(shopper.id, sampleOrder('L-1'))], new Date());
    expect((await store.sends()).map((send) => send.chatId)).toEqual([5_000_001]);
  });

  it('refuses forged, other-bot, stale and unsigned-in links, and links nothing', async () => {
    const shopper = await signIn('+998901230002');
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
      headers: { authorization: `Bearer ${shopper.token}` },
      payload: { init_data: fresh, extra: true },
    });
    expect(badBody.statusCode).toBe(400);
    expect(await store.chat(5_000_002)).toBeNull();
    expect(await store.chat(5_000_003)).toBeNull();
  });

  it('refuses init data replayed for another account, and keeps the first link', async () => {
    const owner = await signIn('+998901230004');
    const thief = await signIn('+998901230005');
    const raw = initData(5_000_004, { lang: 'en' });
    expect((await link(owner.token, raw)).statusCode).toBe(200);
    // The same account again is harmless.
    expect((await link(owner.token, raw)).statusCode).toBe(200);
    const replayed = await link(thief.token, raw);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ code: 'conflict' });
    const before = (await store.sends()).length;
    await store.recordEvents([placedEvent(thief.id, sampleOrder('L-2'))], new Date());
    expect(await store.sends()).toHaveLength(before);
  });
});

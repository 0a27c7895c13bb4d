import { signOrderEvents } from '@shop/shared/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import {
  TEST_BOT_TOKEN,
  TEST_PUBLIC_URL,
  startFakeBotApi,
  type FakeBotApi,
  type RecordedCall,
} from '../testing/fake-bot-api';
import { QUIET_LOGGER, testNotifier } from '../testing/notifier-stand';
import {
  placedEvent,
  sampleOrder,
  signedDelivery,
  statusEvent,
  waitFor,
} from '../testing/order-events';
import { makeFakeDist } from '../testing/temp-dist';
import { closedPortUrl } from '../testing/upstream-stand-ins';
import type { Notifier } from './notifier';
import { openNotifierStore, type NotifierStore } from './store';
import { cleanUpAfterEach } from '../testing/cleanups';

const TOKEN = TEST_BOT_TOKEN;
const SECRET = 'order-events-secret-for-tests';
const PUBLIC_URL = TEST_PUBLIC_URL;
const USER = 501;
const NBSP = '\u00A0';

// One store for the file (PGlite takes seconds to start); each test has its own users and chats.
let store: NotifierStore;
beforeAll(async () => {
  store = await openNotifierStore({});
});
afterAll(async () => {
  await store.close();
});

const cleanUpLater = cleanUpAfterEach();

interface Setup {
  api: FakeBotApi;
  notifier: Notifier;
  app: FastifyInstance;
}

async function setup(): Promise<Setup> {
  const api = await startFakeBotApi({ token: TOKEN });
  cleanUpLater(() => api.close());
  const notifier = testNotifier({
    store,
    apiRoot: api.apiRoot,
    secret: SECRET,
    sender: { maxBackoffMs: 400, leaseMs: 30_000 },
  });
  notifier.start(QUIET_LOGGER);
  cleanUpLater(() => notifier.stop());
  const dist = await makeFakeDist();
  const nowhere = await closedPortUrl();
  const app = await buildServer({
    webappDist: dist.dir,
    upstreams: { ecommerceUrl: nowhere, catalogUrl: nowhere, catalogApiKey: 'unused-key-123' },
    upstreamTimeoutMs: 1000,
    publicUrl: PUBLIC_URL,
    notifier,
    log: { level: 'silent' },
  });
  cleanUpLater(async () => {
    await app.close();
    await dist.remove();
  });
  return { api, notifier, app };
}

async function sendsTo(chats: readonly number[]) {
  return (await store.sends()).filter((send) => chats.includes(send.chatId));
}

async function allSettled(chats: readonly number[], count: number): Promise<void> {
  await waitFor(`${count} sends settled`, async () => {
    const sends = await sendsTo(chats);
    return sends.length === count && sends.every((send) => send.state !== 'pending');
  });
}

function textsTo(calls: readonly RecordedCall[], chatId: number): string[] {
  return calls
    .filter((call) => call.payload.chat_id === chatId)
    .map((call) => String(call.payload.text));
}

describe('POST /tg/order-events', () => {
  it('refuses a delivery without the right fresh signature, or with a bad body, and stores nothing', async () => {
    const { app, api } = await setup();
    await store.linkChat({ userId: 401, chatId: 9001, language: 'en' }, new Date());
    const events = [placedEvent(401, sampleOrder('A-1001'))];

    const wrongSecret = signedDelivery('another-secret-entirely', events);
    const stale = signedDelivery(SECRET, events, Date.now() - 10 * 60_000);
    const unsigned = signedDelivery(SECRET, events);
    const tampered = signedDelivery(SECRET, events);
    for (const delivery of [wrongSecret, stale, tampered]) {
      if (delivery === tampered) delivery.payload = delivery.payload.replace('A-1001', 'A-1002');
      expect((await app.inject(delivery)).statusCode).toBe(401);
    }
    const withoutHeaders = await app.inject({
      method: 'POST',
      url: unsigned.url,
      payload: unsigned.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(withoutHeaders.statusCode).toBe(401);
    expect(withoutHeaders.json()).toMatchObject({ code: 'unauthorized' });

    // Signed correctly, but not a delivery: 400, nothing stored.
    const badBody = signedDelivery(SECRET, []);
    expect((await app.inject(badBody)).statusCode).toBe(400);
    const notJson = signedDelivery(SECRET, events);
    notJson.payload = '{"events": [';
    Object.assign(notJson.headers, signOrderEvents(SECRET, notJson.payload));
    expect((await app.inject(notJson)).statusCode).toBe(400);

    expect(await store.eventIds()).not.toContain(events[0]?.id);
    expect(await sendsTo([9001])).toEqual([]);
    expect(api.callsOf('sendMessage')).toEqual([]);
  });

  it('sends one message for an event delivered three times', async () => {
    const { app, api } = await setup();
    await store.linkChat({ userId: 402, chatId: 9002, language: 'ru' }, new Date());
    const event = placedEvent(402, sampleOrder('A-2001'));
    for (let delivery = 0; delivery < 3; delivery++) {
      const answer = await app.inject(signedDelivery(SECRET, [event]));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: 1, stored: delivery === 0 ? 1 : 0 });
    }
    await allSettled([9002], 1);
    // Once more after it was sent: still stored once, nothing new to send.
    expect((await app.inject(signedDelivery(SECRET, [event]))).json()).toMatchObject({ stored: 0 });

    const sent = api.callsOf('sendMessage');
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message?.payload.text).toContain('Заказ №A-2001 оформлен');
    expect(message?.payload.text).toContain('Tea cup × 2 — 90\u00A0000\u00A0сум');
    expect(message?.payload.text).toContain('Итого: 115\u00A0000\u00A0сум');
    expect(message?.payload.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Открыть заказ', web_app: { url: `${PUBLIC_URL}/ru/account/orders/A-2001` } }],
      ],
    });
    expect((await sendsTo([9002]))[0]).toMatchObject({ state: 'sent', telegramMessageId: 1 });
  });

  it('names the lines in each chat’s language, whatever language the order was placed in', async () => {
    const { app, api } = await setup();
    await store.linkChat({ userId: 403, chatId: 9006, language: 'uz' }, new Date());
    await store.linkChat({ userId: 403, chatId: 9007, language: 'ru' }, new Date());
    // Placed in English; the backend sent the line in Uzbek and English, not in Russian.
    const [cup] = sampleOrder('A-2002').items;
    if (!cup) throw new Error('sample order has no line');
    const colour = (name: string, value: string) => [{ code: 'color', name, value }];
    const order = sampleOrder('A-2002', {
      items: [
        {
          ...cup,
          name: 'Piyola tea bowl set',
          attributes: colour('Colour', 'Blue'),
          names: {
            uz: { name: 'Piyolalar toʻplami', attributes: colour('Rang', 'Koʻk') },
            en: { name: 'Piyola tea bowl set', attributes: colour('Colour', 'Blue') },
          },
        },
      ],
    });
    const answer = await app.inject(signedDelivery(SECRET, [placedEvent(403, order)]));
    expect(answer.statusCode).toBe(200);
    await allSettled([9006, 9007], 2);
    const [uz] = textsTo(api.delivered(), 9006);
    expect(uz).toContain(`• Piyolalar toʻplami × 2 — 90${NBSP}000${NBSP}soʻm`);
    expect(uz).not.toContain('Piyola tea bowl set');
    // No Russian kept for the line: the name it was bought under.
    expect(textsTo(api.delivered(), 9007)[0]).toContain('• Piyola tea bowl set × 2');
  });

  it('tells every linked chat, each in its language, in the order things happened', async () => {
    const { notifier, api } = await setup();
    await store.linkChat({ userId: USER, chatId: 9003, language: 'uz' }, new Date());
    await store.linkChat({ userId: USER, chatId: 9004, language: 'en' }, new Date());
    await store.linkChat({ userId: 777, chatId: 9005, language: 'en' }, new Date());
    const order = sampleOrder('A-3001');
    await notifier.record([
      placedEvent(USER, order),
      statusEvent(USER, order, 'confirmed'),
      statusEvent(USER, order, 'delivering'),
    ]);
    await allSettled([9003, 9004, 9005], 6);
    expect(textsTo(api.delivered(), 9004)).toEqual([
      expect.stringContaining('Order №A-3001 is placed'),
      'Order №A-3001: confirmed.',
      'Order №A-3001: on the way.',
    ]);
    expect(textsTo(api.delivered(), 9003)).toEqual([
      expect.stringContaining('Buyurtma №A-3001 qabul qilindi'),
      'Buyurtma №A-3001: tasdiqlandi.',
      'Buyurtma №A-3001: yoʻlda.',
    ]);
    expect(textsTo(api.delivered(), 9005)).toEqual([]);
  });
});

describe('the sender', () => {
  it('delivers every message exactly once while Telegram fails a share of sends with 429 and 5xx', async () => {
    const { notifier, api } = await setup();
    const chats = [9101, 9102, 9103];
    const user = 601;
    for (const chatId of chats)
      await store.linkChat({ userId: user, chatId, language: 'en' }, new Date());
    let n = 0;
    api.setFailurePolicy((call) => {
      if (call.method !== 'sendMessage') return undefined;
      n += 1;
      if (n % 3 === 0) {
        return {
          error_code: 429,
          description: 'Too Many Requests: retry after 1',
          parameters: { retry_after: 1 },
        };
      }
      if (n % 4 === 0) return { error_code: 502, description: 'Bad Gateway' };
      if (n % 7 === 0) return { error_code: 500, description: 'Internal Server Error' };
      return undefined;
    });
    const orders = ['A-4001', 'A-4002'].map((number) => sampleOrder(number));
    await notifier.record(
      orders.flatMap((order) => [placedEvent(user, order), statusEvent(user, order, 'confirmed')]),
    );
    await allSettled(chats, chats.length * 4);

    const failed = api.callsOf('sendMessage').filter((call) => !call.ok);
    expect(failed.length).toBeGreaterThan(3);
    for (const chatId of chats) {
      const texts = textsTo(api.delivered(), chatId);
      expect(texts).toHaveLength(4);
      expect(new Set(texts).size).toBe(4);
    }
    expect((await sendsTo(chats)).every((send) => send.state === 'sent')).toBe(true);
  });

  it('stops writing to a chat that blocked the bot (403) and keeps telling the others', async () => {
    const { notifier, api } = await setup();
    const user = 602;
    await store.linkChat({ userId: user, chatId: 9201, language: 'en' }, new Date());
    await store.linkChat({ userId: user, chatId: 9202, language: 'en' }, new Date());
    api.setFailurePolicy((call) =>
      call.method === 'sendMessage' && call.payload.chat_id === 9201
        ? { error_code: 403, description: 'Forbidden: bot was blocked by the user' }
        : undefined,
    );
    const order = sampleOrder('A-5001');
    await notifier.record([placedEvent(user, order), statusEvent(user, order, 'confirmed')]);
    await allSettled([9201, 9202], 4);
    expect(await store.chat(9201)).toEqual({ language: 'en', blocked: true });
    expect(await store.chat(9202)).toEqual({ language: 'en', blocked: false });

    await notifier.record([statusEvent(user, order, 'delivering')]);
    await waitFor(
      'the third message to the other chat',
      () => textsTo(api.delivered(), 9202).length === 3,
    );
    expect(textsTo(api.callsOf('sendMessage'), 9201)).toHaveLength(1);
    const blockedSends = await sendsTo([9201]);
    expect(blockedSends.map((send) => send.state)).toEqual(['blocked', 'blocked']);
  });
});

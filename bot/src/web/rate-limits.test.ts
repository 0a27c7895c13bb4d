// The abuse limits, on the real relay in front of the real reference backend: a
// sign-in flood from one address is refused after its limit (and sends no more SMS) while another
// address still signs in; the overall cap holds across addresses; code checks, orders and plain
// calls have their own limits; and with Redis, two instances count together.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '@telegram-apps/init-data-node';
import { openNotifierStore, type NotifierStore } from '../notifier/store';
import { createTrustedSignIn } from '../telegram-account/trusted-sign-in-client';
import { buildServer, type ServerDeps } from '../server';
import { TEST_BOT_TOKEN } from '../testing/fake-bot-api';
import { testNotifier } from '../testing/notifier-stand';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';
import { signContact } from '../testing/signed-contact';
import { makeFakeDist } from '../testing/temp-dist';
import { DEFAULT_RATE_LIMITS, type RateLimitOptions, type RateLimits } from './rate-limits';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';

/** Every limit off but the ones a test names. */
function only(limits: Partial<RateLimits>): RateLimits {
  return {
    signInCodesPerClient: null,
    signInCodesOverall: null,
    codeChecksPerClient: null,
    ordersPerAccount: null,
    requestsPerClient: null,
    ...limits,
  };
}

const MINUTE = { windowMs: 60_000 };
let phoneCounter = 0;
/** A fresh Uzbek mobile number per call: the backend's own per-phone limits stay out of the way. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+99890${String(1_000_000 + (process.pid % 1000) * 1000 + phoneCounter).slice(-7)}`;
}

function askCode(app: FastifyInstance, address: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/send-otp',
    remoteAddress: address,
    headers,
    payload: { phone: freshPhone() },
  });
}

// One backend for the file; each test builds its own relay instance with the limits it names.
let stand: RelayStand;
const instances: FastifyInstance[] = [];

beforeAll(async () => {
  stand = await startRelayStand({ upstreamTimeoutMs: 5000, logLevel: 'warn' });
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await stand.close();
});

/** Another relay instance on the stand's backends, with these limits (and whatever else given). */
async function relayWith(
  rateLimits: RateLimitOptions,
  more: Partial<ServerDeps> = {},
): Promise<FastifyInstance> {
  const dist = await makeFakeDist();
  const instance = await buildServer({
    webappDist: dist.dir,
    upstreams: stand.upstreams,
    upstreamTimeoutMs: 5000,
    rateLimits,
    ...more,
    log: { level: 'warn', stream: { write: () => undefined } },
  });
  instances.push(instance);
  return instance;
}

describe('rate limits, counted in memory', () => {
  it('refuses a sign-in flood from one address after its limit, while another address signs in', async () => {
    const app = await relayWith({
      limits: only({ signInCodesPerClient: { max: 3, ...MINUTE } }),
      redis: null,
    });
    for (let sent = 0; sent < 3; sent += 1) {
      expect((await askCode(app, '203.0.113.7')).statusCode).toBe(200);
    }
    const smsBefore = (await stand.outbox()).length;
    const refused = await askCode(app, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ code: string; retry_after: number }>();
    expect(body.code).toBe('rate_limited');
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(body.retry_after));
    // Refused before the backend: no SMS went out.
    expect((await stand.outbox()).length).toBe(smsBefore);

    expect((await askCode(app, '198.51.100.20')).statusCode).toBe(200);
  });

  it('caps sign-in codes for everyone together, whatever the addresses', async () => {
    const app = await relayWith({
      limits: only({ signInCodesOverall: { max: 4, ...MINUTE } }),
      redis: null,
    });
    for (let client = 1; client <= 4; client += 1) {
      expect((await askCode(app, `203.0.113.${client}`)).statusCode).toBe(200);
    }
    expect((await askCode(app, '203.0.113.99')).statusCode).toBe(429);
  });

  it('limits code checks per address, across phones', async () => {
    const app = await relayWith({
      limits: only({ codeChecksPerClient: { max: 5, ...MINUTE } }),
      redis: null,
    });
    const check = (address: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        remoteAddress: address,
        payload: { phone: freshPhone(), otp: '00000' },
      });
    for (let tried = 0; tried < 5; tried += 1) {
      expect((await check('203.0.113.7')).statusCode).not.toBe(429);
    }
    expect((await check('203.0.113.7')).statusCode).toBe(429);
    expect((await check('198.51.100.20')).statusCode).not.toBe(429);
  });

  it('limits orders per account, not per address', async () => {
    const app = await relayWith({
      limits: only({ ordersPerAccount: { max: 2, ...MINUTE } }),
      redis: null,
    });
    const first = await stand.signIn(freshPhone());
    const second = await stand.signIn(freshPhone());
    const order = { slug: 'porcelain-mug' };
    expect((await stand.placePickupOrder(first, order, app)).statusCode).toBe(201);
    expect((await stand.placePickupOrder(first, order, app)).statusCode).toBe(201);
    const refused = await stand.placePickupOrder(first, order, app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('rate_limited');
    // The same address, another account.
    expect((await stand.placePickupOrder(second, order, app)).statusCode).toBe(201);
  });

  it('counts orders per account, however many times its phone signed in', async () => {
    const app = await relayWith({
      limits: only({ ordersPerAccount: { max: 2, ...MINUTE } }),
      redis: null,
    });
    const phone = freshPhone();
    const first = await stand.signIn(phone);
    // The same phone signed in again (the one-tap sign-in: no second code within a minute).
    const again = await createTrustedSignIn({
      url: stand.backend.url,
      secret: stand.backend.operatorSecret,
    })(phone);
    expect(again.access_token).not.toBe(first.token);
    const second = { token: again.access_token };
    const order = { slug: 'porcelain-mug' };
    expect((await stand.placePickupOrder(first, order, app)).statusCode).toBe(201);
    expect((await stand.placePickupOrder(second, order, app)).statusCode).toBe(201);
    expect((await stand.placePickupOrder(second, order, app)).statusCode).toBe(429);
    expect((await stand.placePickupOrder(first, order, app)).statusCode).toBe(429);
  });

  it('limits every API call per address, generously, and never the pages or pictures', async () => {
    const app = await relayWith({
      limits: only({ requestsPerClient: { max: 3, ...MINUTE } }),
      redis: null,
    });
    const stores = () => app.inject({ url: '/api/store/stores', remoteAddress: '203.0.113.7' });
    for (let asked = 0; asked < 3; asked += 1) expect((await stores()).statusCode).toBe(200);
    expect((await stores()).statusCode).toBe(429);
    const page = await app.inject({ url: '/en', remoteAddress: '203.0.113.7' });
    expect(page.statusCode).toBe(200);
  });

  it('takes the client address from X-Forwarded-For only from a trusted proxy', async () => {
    const limits = only({ signInCodesPerClient: { max: 1, ...MINUTE } });
    const direct = await relayWith({ limits, redis: null });
    // Untrusted: a client cannot pick a new address per request to walk around its limit.
    const forwarded = (address: string) => ({ 'x-forwarded-for': address });
    expect((await askCode(direct, '203.0.113.7', forwarded('1.1.1.1'))).statusCode).toBe(200);
    expect((await askCode(direct, '203.0.113.7', forwarded('2.2.2.2'))).statusCode).toBe(429);

    const proxied = await relayWith({ limits, redis: null }, { trustProxy: ['10.0.0.1'] });
    // Behind the trusted proxy each shopper is their own address.
    expect((await askCode(proxied, '10.0.0.1', forwarded('1.1.1.1'))).statusCode).toBe(200);
    expect((await askCode(proxied, '10.0.0.1', forwarded('2.2.2.2'))).statusCode).toBe(200);
    expect((await askCode(proxied, '10.0.0.1', forwarded('1.1.1.1'))).statusCode).toBe(429);
  });

  it('keeps defaults that let a shopper sign in, mistype and order without meeting them', () => {
    expect(DEFAULT_RATE_LIMITS.signInCodesPerClient?.max).toBeGreaterThanOrEqual(5);
    expect(DEFAULT_RATE_LIMITS.codeChecksPerClient?.max).toBeGreaterThanOrEqual(10);
    expect(DEFAULT_RATE_LIMITS.requestsPerClient?.max).toBeGreaterThanOrEqual(300);
  });
});

describe('rate limits, whatever spelling of a route reaches them', () => {
  // The router decodes a path before it matches a route ("/%74g/link" is "/tg/link"): every
  // spelling it takes for a route must count as that route.
  let store: NotifierStore;

  beforeAll(async () => {
    store = await openNotifierStore({});
    // PGlite takes seconds to start, more on a loaded machine.
  }, 120_000);

  afterAll(async () => {
    await store.close();
  });

  /** A relay instance that also serves the Telegram calls, with these limits. */
  function telegramRelayWith(limits: RateLimits): Promise<FastifyInstance> {
    return relayWith(
      { limits, redis: null },
      {
        notifier: testNotifier({ store, apiRoot: null }),
        telegramLink: { botToken: TEST_BOT_TOKEN, maxAgeSeconds: 3600 },
        trustedSignIn: { url: stand.backend.url, secret: stand.backend.operatorSecret },
      },
    );
  }

  /** A Telegram user's launch data and the contact they share, both signed for this bot. */
  function signedPhone(userId: number, phone: string) {
    const now = new Date(Date.now() - 3000);
    return {
      init_data: sign({ user: { id: userId, first_name: 'Dilnoza' } }, TEST_BOT_TOKEN, now),
      contact: signContact({ user_id: userId, phone_number: phone }, TEST_BOT_TOKEN, now),
    };
  }

  it('counts the phone sign-in as a code check under any spelling, on one counter', async () => {
    const app = await telegramRelayWith(only({ codeChecksPerClient: { max: 3, ...MINUTE } }));
    const signInAt = (url: string, payload: object = {}) =>
      app.inject({ method: 'POST', url, remoteAddress: '203.0.113.7', payload });
    // The spelled-out path is the route itself: a valid contact signs in there.
    const signedIn = await signInAt('/%74g/phone-sign-in', signedPhone(6_100_001, '998901238001'));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('access_token');
    // Two more tries, one per spelling, reach the route (its refusal of an empty body).
    for (const url of ['/tg/phone%2Dsign-in', '/tg/phone-sign-in']) {
      const answer = await signInAt(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json<{ code: string }>().code, url).toBe('validation_error');
    }
    // The limit is met, whichever spelling comes next.
    for (const url of ['/%74g/phone-sign-in', '/tg/phone%2Dsign-in', '/tg/phone-sign-in']) {
      const refused = await signInAt(url, signedPhone(6_100_002, '998901238002'));
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json<{ code: string }>().code, url).toBe('rate_limited');
    }
    // Another address still signs in.
    const other = await app.inject({
      method: 'POST',
      url: '/%74g/phone-sign-in',
      remoteAddress: '198.51.100.20',
      payload: signedPhone(6_100_003, '998901238003'),
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts every spelling of an API route against the requests per client', async () => {
    const app = await telegramRelayWith(only({ requestsPerClient: { max: 4, ...MINUTE } }));
    const ask = (url: string) => app.inject({ url, remoteAddress: '203.0.113.7' });
    // Each spelling reaches its route: the link status wants a sign-in, the relay has the call.
    expect((await ask('/tg/link')).statusCode).toBe(401);
    expect((await ask('/%74g/link')).statusCode).toBe(401);
    expect((await ask('/tg/l%69nk')).statusCode).toBe(401);
    // The relay's route takes "/%61pi/…" too; its gate matches calls on the path as sent, so
    // that is no call (a 404 before any backend), and counted as a request all the same.
    expect((await ask('/%61pi/store/stores')).statusCode).toBe(404);
    for (const url of ['/%74g/link', '/tg/link', '/%61pi/store/stores', '/api/store/stores']) {
      expect((await ask(url)).statusCode, url).toBe(429);
    }
  });

  it('never sends a sign-in code for an encoded spelling of its call', async () => {
    const app = await relayWith({
      limits: only({ signInCodesPerClient: { max: 1, ...MINUTE } }),
      redis: null,
    });
    const askAt = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress: '203.0.113.7',
        payload: { phone: freshPhone() },
      });
    expect((await askAt('/api/auth/send-otp')).statusCode).toBe(200);
    const smsBefore = (await stand.outbox()).length;
    // The relay's gate knows no such call: refused before the backend, so the limit has nothing
    // to count; the plain spelling stays limited.
    for (const url of ['/%61pi/auth/send-otp', '/api/auth/send%2Dotp', '/api/%61uth/send-otp']) {
      const answer = await askAt(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json<{ code: string }>().code, url).toBe('not_found');
    }
    expect((await stand.outbox()).length).toBe(smsBefore);
    expect((await askAt('/api/auth/send-otp')).statusCode).toBe(429);
  });
});

describe.skipIf(!TEST_REDIS_URL)('rate limits shared by two instances through Redis', () => {
  const clients: Redis[] = [];

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('refuses a flood split across both at the same total as on one', async () => {
    // A prefix of this run's own: counters of other runs (or a live shop) are never shared.
    const redisPrefix = `shop-test-${randomUUID()}:`;
    const limits = only({
      signInCodesPerClient: { max: 4, ...MINUTE },
      signInCodesOverall: { max: 6, ...MINUTE },
    });
    const both = await Promise.all(
      [0, 1].map(() => {
        const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
        clients.push(redis);
        return relayWith({ limits, redis, redisPrefix });
      }),
    );
    const instance = (index: number) => both[index % 2] as FastifyInstance;
    const answers: number[] = [];
    for (let sent = 0; sent < 6; sent += 1) {
      answers.push((await askCode(instance(sent), '203.0.113.50')).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 200, 429, 429]);
    // The overall cap too: other addresses, alternating, meet it at six in all.
    const overall: number[] = [];
    for (let client = 1; client <= 4; client += 1) {
      overall.push((await askCode(instance(client), `198.51.100.${client}`)).statusCode);
    }
    expect(overall).toEqual([200, 200, 429, 429]);
  });

  it("counts one account's orders together across instances and sign-ins", async () => {
    const limits = only({ ordersPerAccount: { max: 2, ...MINUTE } });
    const redisPrefix = `shop-test-${randomUUID()}:`;
    const [first, second] = await Promise.all(
      [0, 1].map(() => {
        const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
        clients.push(redis);
        return relayWith({ limits, redis, redisPrefix });
      }),
    );
    const phone = freshPhone();
    const signedIn = await stand.signIn(phone);
    const again = await createTrustedSignIn({
      url: stand.backend.url,
      secret: stand.backend.operatorSecret,
    })(phone);
    const order = { slug: 'porcelain-mug' };
    expect((await stand.placePickupOrder(signedIn, order, first)).statusCode).toBe(201);
    const other = { token: again.access_token };
    expect((await stand.placePickupOrder(other, order, second)).statusCode).toBe(201);
    expect((await stand.placePickupOrder(other, order, first)).statusCode).toBe(429);
  });

  it('counts two shops on one Redis apart when their prefixes differ', async () => {
    const limits = only({ signInCodesPerClient: { max: 2, ...MINUTE } });
    const run = randomUUID();
    const [first, second] = await Promise.all(
      ['first', 'second'].map((shop) => {
        const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
        clients.push(redis);
        return relayWith({ limits, redis, redisPrefix: `shop-test-${run}-${shop}:` });
      }),
    );
    const address = '203.0.113.60';
    const firstAnswers: number[] = [];
    for (let sent = 0; sent < 3; sent += 1) {
      firstAnswers.push((await askCode(first as FastifyInstance, address)).statusCode);
    }
    expect(firstAnswers).toEqual([200, 200, 429]);
    // The same address at the other shop has used none of its own limit.
    expect((await askCode(second as FastifyInstance, address)).statusCode).toBe(200);
  });
});

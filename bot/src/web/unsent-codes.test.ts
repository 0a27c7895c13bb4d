// A sign-in code the SMS gateway did not take costs nothing, so it does not count against the
// client's limit on sign-in codes: a shopper pressing "try again" through a gateway outage is not
// locked out once it is over. On the real server in front of the real backend, which sends its
// codes through its Eskiz adapter to the Eskiz stand-in (whose failing number answers 500).
import { randomUUID } from 'node:crypto';
import { STAND_IN_NUMBERS, startEskizStandIn, type EskizStandIn } from '@shop/backend';
import { ERROR_STATUS } from '@shop/shared';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../server';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';
import { makeFakeDist } from '../testing/temp-dist';
import type { RateLimits } from './rate-limits';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const ACCOUNT = { email: 'shop@example.uz', password: 'stand-in-password' };
const PER_CLIENT = 3;
const LIMITS: RateLimits = {
  signInCodesPerClient: { max: PER_CLIENT, windowMs: 60_000 },
  signInCodesOverall: null,
  codeChecksPerClient: null,
  ordersPerAccount: null,
  requestsPerClient: null,
};

/** A number the stand-in delivers to, new each call: the backend's per-phone waits stay away. */
let phoneCounter = 0;
function deliveredPhone(): string {
  phoneCounter += 1;
  return `+99890${String(2_000_000 + (process.pid % 1000) * 1000 + phoneCounter).slice(-7)}`;
}

// One backend for the file, sending through the stand-in; each store gets a server of its own.
let eskiz: EskizStandIn;
let stand: RelayStand;
let dist: Awaited<ReturnType<typeof makeFakeDist>>;
beforeAll(async () => {
  eskiz = await startEskizStandIn(ACCOUNT);
  stand = await startRelayStand({
    upstreamTimeoutMs: 15_000,
    logLevel: 'warn',
    sms: { provider: 'eskiz', ...ACCOUNT, apiUrl: eskiz.url, from: '4546', timeoutMs: 5000 },
  });
  dist = await makeFakeDist();
});
afterAll(async () => {
  await dist.remove();
  await stand.close();
  await eskiz.close();
});

const STORES: { where: string; withRedis: boolean }[] = [
  { where: 'in memory', withRedis: false },
  ...(TEST_REDIS_URL ? [{ where: 'in Redis', withRedis: true }] : []),
];

describe.each(STORES)('sign-in codes the gateway did not take, counted $where', ({ withRedis }) => {
  let app: FastifyInstance;
  let redis: Redis | null = null;
  beforeAll(async () => {
    redis = withRedis ? new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 }) : null;
    app = await buildServer({
      webappDist: dist.dir,
      upstreams: stand.upstreams,
      upstreamTimeoutMs: 15_000,
      rateLimits: { limits: LIMITS, redis, redisPrefix: `shop-test-${randomUUID()}:` },
      log: { level: 'warn', stream: { write: () => undefined } },
    });
  });
  afterAll(async () => {
    await app.close();
    await redis?.quit();
  });

  const askCode = (phone: string, address: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/send-otp',
      remoteAddress: address,
      payload: { phone },
    });

  it('do not count against the address, while the codes that went out do', async () => {
    const address = withRedis ? '203.0.113.71' : '203.0.113.70';
    const failing = `+${STAND_IN_NUMBERS.serverError}`;
    // The shopper tries again and again while the gateway fails: told so each time, never locked out.
    for (let attempt = 0; attempt < PER_CLIENT + 2; attempt += 1) {
      const answer = await askCode(failing, address);
      expect(answer.statusCode, `attempt ${String(attempt + 1)}`).toBe(
        ERROR_STATUS.sms_unavailable,
      );
      expect(answer.json<{ code: string }>().code).toBe('sms_unavailable');
    }
    // The gateway is back: the whole limit is left, and a code that went out counts.
    for (let sent = 0; sent < PER_CLIENT; sent += 1) {
      expect((await askCode(deliveredPhone(), address)).statusCode).toBe(200);
    }
    const refused = await askCode(deliveredPhone(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ code: string }>().code).toBe('rate_limited');
  });
});

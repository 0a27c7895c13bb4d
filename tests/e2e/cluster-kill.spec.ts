// The shop on two instances behind the proxy of `pnpm start:cluster`, one of them SIGKILLed while
// shoppers browse and order (the short form of `pnpm bench:scale`'s kill run):
//   - no page or catalogue read fails: a refused connection or a read cut off is the proxy's to
//     send to the other instance;
//   - every order a shopper placed is acknowledged (an attempt cut off with the instance is sent
//     again under its Idempotency-Key), is in the database once, and none is there twice;
//   - the staff chat gets each order's card, whichever instance sends it (those the killed
//     instance had claimed once their lease has run out); at most the one card it was sending
//     as it died may arrive twice: delivery to Telegram is at least once.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import postgres from 'postgres';
import { createDatabase, dropDatabase } from '@shop/backend';
import { startFakeBotApi, type FakeBotApi } from '../../bot/src/testing/fake-bot-api';
import {
  spawnCluster,
  stopProcess,
  untilClusterServes,
  webhookBotEnv,
} from '../support/cluster-process';
import { E2E_RATE_LIMITS, REPO_ROOT, TEST_BOT_TOKEN } from '../support/paths';
import { uniquePhone } from '../support/sms-outbox';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
/** Beside the other cluster spec's ports (its proxy, instances and backend). */
const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 3160) + 20;
const BASE = `http://127.0.0.1:${String(PORT)}`;
const STAFF_CHAT = -1003000000020;
const CATALOG = '/backend/api/ext/v1/resources';
/** Reads only: each may be sent again by the proxy, so none may fail. */
const READS = [
  '/ru',
  `${CATALOG}/home`,
  `${CATALOG}/product/porcelain-mug`,
  `${CATALOG}/categories`,
  '/api/store/stores',
];

function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await response.json().catch((): unknown => null)) as {
    access_token?: string;
    data?: { number?: string };
  } | null;
  return { status: response.status, json };
}

/** A fresh phone signed in with the code the console SMS provider wrote; its bearer token. */
async function signIn(dataDir: string): Promise<{ phone: string; token: string }> {
  const phone = uniquePhone();
  expect((await post('/api/auth/send-otp', { phone })).status).toBe(200);
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await readFile(join(dataDir, 'backend', 'outbox', 'sms.jsonl'), 'utf8');
      const line = outbox
        .split('\n')
        .filter((entry) => entry.includes(`"${phone}"`))
        .at(-1);
      code = line?.match(/\b\d{5}\b/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{5}$/);
  const verified = await post('/api/auth/verify-otp', { phone, otp: code });
  expect(verified.status).toBe(200);
  return { phone, token: verified.json?.access_token ?? '' };
}

test.describe('an instance killed under load', () => {
  test.skip(
    DATABASE_URL === '' || REDIS_URL === '',
    'needs PostgreSQL and Redis: TEST_DATABASE_URL and TEST_REDIS_URL, as .ci/run sets them',
  );

  let telegram: FakeBotApi | undefined;
  let child: ChildProcess | undefined;
  let database = '';
  const dataDir = join(REPO_ROOT, '.tmp', `e2e-cluster-kill-${String(PORT)}`);

  test.afterAll(async () => {
    if (child) await stopProcess(child);
    await telegram?.close();
    if (database !== '') await dropDatabase(DATABASE_URL, database);
    await rm(dataDir, { recursive: true, force: true });
  });

  test('loses no read, no order and no staff card, and doubles no order', async () => {
    test.setTimeout(420_000);
    database = `shop_cluster_kill_${randomBytes(4).toString('hex')}`;
    const databaseUrl = await createDatabase(DATABASE_URL, database);
    await rm(dataDir, { recursive: true, force: true });
    const bot = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    telegram = bot;
    const cluster = spawnCluster({
      port: PORT,
      databaseUrl,
      redisUrl: REDIS_URL,
      dataDir,
      instances: 2,
      env: {
        ...E2E_RATE_LIMITS,
        ...webhookBotEnv({
          token: TEST_BOT_TOKEN,
          apiRoot: bot.apiRoot,
          staffChatId: STAFF_CHAT,
          staffUserIds: [800300020],
        }),
        // The killed instance's claimed sends go to the other one after this, not after the
        // production default's three minutes (the stand-in answers each send at once).
        NOTIFIER_SEND_LEASE_MS: '15000',
      },
    });
    child = cluster.child;
    await untilClusterServes(cluster, 120_000);
    await expect.poll(() => bot.callsOf('setWebhook').length, { timeout: 30_000 }).toBe(2);
    // Through the proxy, several times over: both instances are in its rotation.
    for (let answered = 0; answered < 4;) {
      const status = await fetch(`${BASE}/api/store/stores`)
        .then((response) => response.status)
        .catch(() => 0);
      answered = status === 200 ? answered + 1 : 0;
      if (status !== 200) await sleep(250);
    }

    const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
    const [store] = await sql<{ id: number }[]>`select id from stores order by id limit 1`;
    const variants = await sql<{ id: number }[]>`
      select id from variants where quantity >= 20 order by quantity desc limit 30`;

    const running = { on: true };
    // Reads: three clients, round and round.
    const reads: { path: string; status: number | string }[] = [];
    const readers = Array.from({ length: 3 }, async (_, lane) => {
      for (let turn = lane; running.on; turn += 1) {
        const path = READS[turn % READS.length] ?? '/ru';
        const status = await fetch(`${BASE}${path}`, {
          headers: { 'x-lang': 'ru' },
          signal: AbortSignal.timeout(30_000),
        })
          .then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          })
          .catch((error: unknown) => String((error as { cause?: unknown }).cause ?? error));
        reads.push({ path, status });
      }
    });
    // Orders: three shoppers, one unit each time, retried under the same key as the webapp does.
    const acknowledged = new Map<string, string>();
    const failedAttempts: string[] = [];
    const givenUp: string[] = [];
    const shoppers = Array.from({ length: 3 }, async (_, lane) => {
      const account = await signIn(dataDir);
      for (let placed = 0; running.on && placed < 4; placed += 1) {
        const key = randomUUID();
        const body = {
          items: [{ product_id: variants[(lane * 4 + placed) % variants.length]?.id, quantity: 1 }],
          delivery_type: 'pickup',
          store_id: store?.id,
          name: 'Dilnoza',
          surname: 'Karimova',
          phone: account.phone,
          payment_type: 'on_receipt',
        };
        let number: string | undefined;
        for (let attempt = 0; attempt < 4 && number === undefined; attempt += 1) {
          const answer = await post('/api/orders', body, {
            authorization: `Bearer ${account.token}`,
            'idempotency-key': key,
          }).catch((error: unknown) => ({ status: String(error), json: null }));
          if (answer.status === 201 || answer.status === 200) number = answer.json?.data?.number;
          else {
            failedAttempts.push(String(answer.status));
            await sleep(300);
          }
        }
        if (number === undefined) givenUp.push(key);
        else acknowledged.set(number, key);
        await sleep(500);
      }
    });

    // Once orders go through, one instance is killed outright.
    await expect.poll(() => acknowledged.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    const instances = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(cluster.child.pid)], {
      encoding: 'utf8',
    })
      .stdout.split('\n')
      .filter((line) => line.includes('bot/dist/main.mjs'))
      .map((line) => Number(line.trim().split(/\s+/)[0]));
    expect(instances, cluster.log()).toHaveLength(2);
    process.kill(instances[0] ?? 0, 'SIGKILL');
    // The shop goes on without it: three more orders through the one left.
    const atKill = acknowledged.size;
    await expect
      .poll(() => acknowledged.size, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(atKill + 3);
    running.on = false;
    await Promise.all([...readers, ...shoppers]);

    expect(reads.length).toBeGreaterThan(20);
    expect(reads.filter((read) => read.status !== 200)).toEqual([]);
    // Only an order cut off inside the killed instance fails, at most one per shopper.
    expect(failedAttempts.length).toBeLessThanOrEqual(3);
    expect(givenUp).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(3);
    const rows = await sql<{ number: string }[]>`select number from orders order by number`;
    await sql.end();
    expect(rows.map((row) => row.number)).toEqual([...acknowledged.keys()].sort());

    // Each order's staff card, once. Sends the killed instance had claimed wait out their lease
    // (NOTIFIER_SEND_LEASE_MS, 15 s here) before another instance takes them: late, never lost.
    const cards = () =>
      bot
        .delivered()
        .filter((call) => call.payload.chat_id === STAFF_CHAT)
        .map((call) => /№([A-Z0-9-]+)/.exec(String(call.payload.text))?.[1] ?? '')
        .sort();
    const events = async () =>
      (await readFile(join(dataDir, 'access.log'), 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => line.includes('/tg/order-events'))
        .map((line) => /"status":(\d+)/.exec(line)?.[1])
        .join(' ');
    await expect
      .poll(() => cards().length, { timeout: 60_000, message: `order events: ${await events()}` })
      .toBeGreaterThanOrEqual(acknowledged.size);
    await sleep(2000);
    const sent = cards();
    expect([...new Set(sent)]).toEqual([...acknowledged.keys()].sort());
    // A card Telegram took just before the SIGKILL, not yet recorded as sent, goes out again
    // once its lease runs out: at most the one the killed instance had on the wire to this chat.
    const repeated = sent.length - new Set(sent).size;
    test.info().annotations.push({ type: 'staff cards sent twice', description: String(repeated) });
    expect(repeated).toBeLessThanOrEqual(1);
  });
});

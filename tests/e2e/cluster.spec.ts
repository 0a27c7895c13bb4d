// The shop on two servers behind Caddy (`pnpm start:cluster`: scripts/cluster.mjs, with the
// proxy configured from deploy/Caddyfile.template), on this machine's PostgreSQL and Redis, each
// server's bot on webhooks against a local stand-in of the Bot API. While the servers are
// restarted one after the other (a rolling restart):
//   - a shopper's purchase goes through both servers while another client keeps calling: no call
//     fails and the order is placed once;
//   - the bot's journey (support/bot-journey.ts) loses and repeats no message: one confirmation,
//     then each status the operator sets, once and in order, whichever server sends it.
// And when one server is killed outright (SIGKILL), nothing Caddy may send again fails, the
// order and its message to the staff are there once, and the cluster starts the server again.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import postgres from 'postgres';
import { createDatabase, dropDatabase } from '@shop/backend';
import { startFakeBotApi, type FakeBotApi } from '../../bot/src/testing/fake-bot-api';
import { buttonPress, type TestUser } from '../../bot/src/testing/updates';
import { journey, type JourneyShop } from '../support/bot-journey';
import { moveOrder } from '../support/bot-shop';
import { bearer, checkoutWith, lineOf, pickUpAtFirstShop } from '../support/checkout';
import {
  spawnCluster,
  stopProcess,
  untilClusterServes,
  webhookBotEnv,
} from '../support/cluster-process';
import { completeSignIn } from '../support/sign-in';
import { E2E_RATE_LIMITS, REPO_ROOT, TEST_BOT_TOKEN } from '../support/paths';
import { latestCodeFor, uniquePhone } from '../support/sms-outbox';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 3160);
const BASE = `http://127.0.0.1:${PORT}`;

/** The staff chat of the cluster's shop, and who may act there. */
const STAFF_CHAT = -1003000000001;
const STAFF: TestUser = { id: 800_300_001, first_name: 'Ali', username: 'ali_cluster' };
const OTHER_STAFF: TestUser = { id: 800_300_002, first_name: 'Vali' };

interface Cluster {
  child: ChildProcess;
  /** Telegram's X-Telegram-Bot-Api-Secret-Token for the servers' webhook. */
  webhookSecret: string;
  dataDir: string;
  database: string;
  /** The scratch database's URL. */
  databaseUrl: string;
  telegram: FakeBotApi;
  log(): string;
}

async function startCluster(telegram: FakeBotApi): Promise<Cluster> {
  // A scratch database beside the one TEST_DATABASE_URL names, dropped afterwards.
  const database = `shop_cluster_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(DATABASE_URL, database);
  const dataDir = join(REPO_ROOT, '.tmp', `e2e-cluster-${String(PORT)}`);
  await rm(dataDir, { recursive: true, force: true });
  const webhookSecret = randomBytes(16).toString('hex');
  const cluster = spawnCluster({
    port: PORT,
    databaseUrl: url,
    redisUrl: REDIS_URL,
    dataDir,
    env: {
      // Short enough that the slow order below runs out of time within the test, long enough for
      // anything else this machine does under a test run.
      UPSTREAM_TIMEOUT_MS: '5000',
      ...E2E_RATE_LIMITS,
      // Webhooks, the mode for more than one server: every server's bot and notifier is on.
      ...webhookBotEnv({
        token: TEST_BOT_TOKEN,
        apiRoot: telegram.apiRoot,
        staffChatId: STAFF_CHAT,
        staffUserIds: [STAFF.id, OTHER_STAFF.id],
        webhookSecret,
      }),
    },
  });
  await untilClusterServes(cluster, 120_000);
  // Each server has told Telegram where its webhook is.
  await expect.poll(() => telegram.callsOf('setWebhook').length, { timeout: 30_000 }).toBe(2);
  return {
    child: cluster.child,
    webhookSecret,
    dataDir,
    database,
    databaseUrl: url,
    telegram,
    log: cluster.log,
  };
}

/** A new shopper signed in on the cluster, at checkout with a mug to pick up at the first shop. */
async function shopperAtCheckout(browser: Browser, running: Cluster) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto('/en/sign-in?next=/en/account');
  await completeSignIn(page, uniquePhone(), 'en', join(running.dataDir, 'backend'));
  // By the path: the sign-in page's own address ends in `?next=/en/account` too.
  await expect(page).toHaveURL((url) => url.pathname === '/en/account');
  await checkoutWith(page, context.request, 'en', [
    await lineOf(context.request, 'porcelain-mug', 'en'),
  ]);
  await pickUpAtFirstShop(page);
  return { context, page };
}

/** A server's pid, from the cluster's DATA_DIR/cluster.json. */
async function serverPid(cluster: Cluster, name: string): Promise<number> {
  const pids = JSON.parse(await readFile(join(cluster.dataDir, 'cluster.json'), 'utf8')) as {
    servers: { name: string; pid: number }[];
  };
  const pid = pids.servers.find((server) => server.name === name)?.pid;
  if (pid === undefined) throw new Error(`no ${name} in cluster.json`);
  return pid;
}

/** Whether a connection to this local port is refused (nothing listens there). */
function refused(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      done(error.code === 'ECONNREFUSED');
    });
  });
}

/** Which server Caddy says answered (X-Served-By: its host:port). */
const SERVERS = [`127.0.0.1:${String(PORT + 1)}`, `127.0.0.1:${String(PORT + 2)}`];

/** Sends SIGUSR2 and resolves when the cluster says the servers have all been restarted. */
async function rollingRestart(cluster: Cluster): Promise<void> {
  const before = cluster.log().split('[cluster] rolling restart done').length;
  cluster.child.kill('SIGUSR2');
  await expect
    .poll(() => cluster.log().split('[cluster] rolling restart done').length, {
      timeout: 120_000,
    })
    .toBe(before + 1);
}

test.describe('two servers behind Caddy', () => {
  test.skip(
    DATABASE_URL === '' || REDIS_URL === '',
    'needs PostgreSQL and Redis: TEST_DATABASE_URL and TEST_REDIS_URL, as .ci/run sets them',
  );

  let started: Cluster | undefined;
  const cluster = (): Cluster => {
    if (!started) throw new Error('the cluster did not start');
    return started;
  };
  let telegram: FakeBotApi | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    started = await startCluster(telegram);
  });
  test.afterAll(async () => {
    await telegram?.close();
    const running = started;
    if (!running) return;
    await stopProcess(running.child);
    await dropDatabase(DATABASE_URL, running.database);
    await rm(running.dataDir, { recursive: true, force: true });
  });

  test('a purchase and another client’s calls reach both servers; a rolling restart meanwhile loses no call', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // Which servers answered the shopper's and the other client's calls: Caddy takes turns across
    // both, so together they must have reached each server.
    const servedBy = new Set<string>();
    page.on('response', (response) => {
      const server = response.headers()['x-served-by'];
      if (server && new URL(response.url()).pathname.startsWith('/api/')) servedBy.add(server);
    });

    // Another client keeps calling through the whole run; every answer must be a 200.
    const calling = { on: true };
    const answers: number[] = [];
    const caller = (async () => {
      while (calling.on) {
        const response = await request.get(`${BASE}/api/store/stores`).catch(() => null);
        answers.push(response?.status() ?? 0);
        const server = response?.headers()['x-served-by'];
        if (server) servedBy.add(server);
        await new Promise((done) => setTimeout(done, 50));
      }
    })();

    const phone = uniquePhone();
    await page.goto(`${BASE}/en/products/porcelain-mug`);
    // The rolling restart starts as the shopper shops.
    const restarted = rollingRestart(cluster());
    await page.getByRole('radio', { name: 'Mint' }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto(`${BASE}/en/cart`);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/en\/sign-in/);
    await page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page
      .getByRole('textbox', { name: 'Code' })
      .fill(await latestCodeFor(phone, join(cluster().dataDir, 'backend')));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/en\/checkout$/);
    await pickUpAtFirstShop(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Order confirmed!')).toBeVisible();

    await restarted;
    calling.on = false;
    await caller;

    expect(servedBy).toEqual(new Set(SERVERS));
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    // One order, placed once, whichever server took it.
    const auth = await page.evaluate(() => localStorage.getItem('auth'));
    const token = (JSON.parse(auth ?? '{}') as { token?: string }).token ?? '';
    const user = await request.get(`${BASE}/api/auth/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { id } = (await user.json()) as { id: number };
    const orders = await request.get(`${BASE}/backend/api/ext/v1/customers/${String(id)}/orders`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(orders.status()).toBe(200);
    expect(((await orders.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  test('the bot, on both servers: one confirmation and each status once and in order, through a rolling restart', async ({
    browser,
  }) => {
    // The journey (sign-in, order, four runs of the operator's command) and a rolling restart.
    test.setTimeout(240_000);
    const running = cluster();
    const bot = running.telegram;
    const shop: JourneyShop = {
      baseUrl: BASE,
      dataDir: join(running.dataDir, 'backend'),
      telegram: bot,
      messagesTo: (chatId) => bot.delivered().filter((call) => call.payload.chat_id === chatId),
      moveOrder: (number, status) => moveOrder(join(running.dataDir, 'backend'), number, status),
    };
    const context = await browser.newContext({ baseURL: BASE });
    let restarted: Promise<void> | undefined;
    await journey(shop, await context.newPage(), context.request, 'ru', 'pickup', 700_200_001, {
      // The servers restart one by one while the order's statuses are sent.
      afterPlaced: () => {
        restarted = rollingRestart(running);
        // Awaited below; a journey that fails first must not leave it unhandled.
        restarted.catch(() => undefined);
      },
    });
    await restarted;
    await context.close();
  });

  test('staff presses through the webhook, on either server, move the order once and edit its one card', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const running = cluster();
    const bot = running.telegram;
    const { context, page } = await shopperAtCheckout(browser, running);
    const placed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/orders' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    const { number } = ((await (await placed).json()) as { data: { number: string } }).data;
    await context.close();

    // One card, whichever server's sender took it.
    await bot.waitForCall(
      'sendMessage',
      (call) => call.payload.chat_id === STAFF_CHAT && String(call.payload.text).includes(number),
      30_000,
    );
    let card = 0;
    for (let id = 1; id < 1000 && card === 0; id++) {
      if (bot.message(STAFF_CHAT, id)?.text.includes(`№${number}`)) card = id;
    }
    expect(card).toBeGreaterThan(0);

    // Telegram posts each press to the webhook; Caddy hands them to either server.
    const press = async (from: TestUser, data: string, updateId: number): Promise<string> => {
      const update = { ...buttonPress(STAFF_CHAT, card, from, data), update_id: updateId };
      const answer = await fetch(`${BASE}/tg/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': running.webhookSecret,
        },
        body: JSON.stringify(update),
      });
      expect(answer.status).toBe(200);
      const answered = await bot.waitForCall(
        'answerCallbackQuery',
        (call) => call.payload.callback_query_id === update.callback_query?.id,
        20_000,
      );
      return String(answered.payload.text);
    };
    const base = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const both = await Promise.all([
      press(STAFF, `m:${number}:n:c`, base),
      press(OTHER_STAFF, `m:${number}:n:c`, base + 1),
    ]);
    expect(both.filter((text) => text.startsWith('Done'))).toHaveLength(1);
    expect(both.filter((text) => text.startsWith('Too late'))).toHaveLength(1);
    await expect
      .poll(() => bot.message(STAFF_CHAT, card)?.text ?? '', { timeout: 30_000 })
      .toContain('Status: <b>confirmed</b>');
    expect(await press(STAFF, `m:${number}:c:a`, base + 2)).toMatch(/^Done/);
    await expect
      .poll(() => bot.message(STAFF_CHAT, card)?.text ?? '', { timeout: 30_000 })
      .toContain('Status: <b>being assembled</b> — Ali (@ali_cluster)');
    const cards = bot
      .delivered()
      .filter(
        (call) => call.payload.chat_id === STAFF_CHAT && String(call.payload.text).includes(number),
      );
    expect(cards).toHaveLength(1);
  });

  test('a server killed (SIGKILL) mid-run: no call Caddy may send again fails, the order and its card are there once, and the server comes back', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const running = cluster();
    const bot = running.telegram;
    const { context, page } = await shopperAtCheckout(browser, running);
    const headers = await bearer(page);
    const { id } = (await (await context.request.get('/api/auth/user', { headers })).json()) as {
      id: number;
    };
    // Every answer the shopper's page gets from here on: none may be a proxy's failure.
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 500) failed.push(`${String(response.status())} ${response.url()}`);
    });

    // Another client keeps reading; a read cut off by the kill is one Caddy sends again.
    const calling = { on: true };
    const answers: number[] = [];
    const caller = (async () => {
      while (calling.on) {
        const response = await request.get(`${BASE}/api/store/stores`).catch(() => null);
        answers.push(response?.status() ?? 0);
        await new Promise((done) => setTimeout(done, 25));
      }
    })();
    await expect.poll(() => answers.length).toBeGreaterThan(5);

    const victim = await serverPid(running, 'server-2');
    process.kill(victim, 'SIGKILL');
    // Until the process is gone its port still accepts: a call that lands there meanwhile is one
    // the server died with, which no proxy may send again (unless it is a read).
    await expect.poll(() => refused(PORT + 2)).toBe(true);
    // At once, while Caddy may still count the dead server in (it checks every 500 ms): calls
    // with a body; one sent to its refused port is sent again to the other, so all get the live
    // server's 401 (not signed in).
    const posts: number[] = [];
    for (let call = 0; call < 6; call++) {
      const response = await request.post(`${BASE}/api/orders`, { data: { lines: [] } });
      posts.push(response.status());
    }
    expect(posts).toEqual([401, 401, 401, 401, 401, 401]);

    // The shopper orders while the server is down.
    const placed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/orders' &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Order confirmed!')).toBeVisible();
    const { number } = ((await (await placed).json()) as { data: { number: string } }).data;

    // The cluster starts the killed server again, and Caddy sends to it once it is ready.
    await expect
      .poll(() => running.log(), { timeout: 30_000 })
      .toContain('[cluster] server-2 exited (SIGKILL): starting it again');
    await expect.poll(() => serverPid(running, 'server-2')).not.toBe(victim);
    await expect
      .poll(
        async () => {
          const response = await request.get(`${BASE}/api/store/stores`);
          return response.headers()['x-served-by'];
        },
        { timeout: 60_000 },
      )
      .toBe(SERVERS[1]);
    calling.on = false;
    await caller;

    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(failed).toEqual([]);
    // One order, placed once.
    const orders = await context.request.get(`/backend/api/ext/v1/customers/${String(id)}/orders`, {
      headers,
    });
    expect(((await orders.json()) as { data: unknown[] }).data).toHaveLength(1);
    // Its card in the staff chat, once: by now the surviving server has long sent it.
    await bot.waitForCall(
      'sendMessage',
      (call) => call.payload.chat_id === STAFF_CHAT && String(call.payload.text).includes(number),
      30_000,
    );
    const cards = bot
      .delivered()
      .filter(
        (call) => call.payload.chat_id === STAFF_CHAT && String(call.payload.text).includes(number),
      );
    expect(cards).toHaveLength(1);
    await context.close();
  });

  test('"Place order" pressed again while the first send is still running waits for it: one order, confirmed', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const running = cluster();
    const { context, page } = await shopperAtCheckout(browser, running);
    const headers = await bearer(page);
    const { id } = (await (await context.request.get('/api/auth/user', { headers })).json()) as {
      id: number;
    };

    // The shop is slow: another transaction holds the shopper's account row, which placing an
    // order locks (the account's order limits), so the first send waits at the backend.
    const sql = postgres(running.databaseUrl, { max: 1, onnotice: () => undefined });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locked = new Promise<void>((resolve, reject) => {
      sql
        .begin(async (tx) => {
          // NO KEY UPDATE, as the order's own lock: a plain UPDATE lock would also stop the key's
          // claim (its foreign key shares the row), and the send would wait before it began.
          await tx`select id from users where id = ${id} for no key update`;
          resolve();
          await held;
          // Rolled back: nothing of this transaction's own.
          throw new Error('released');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Error && error.message === 'released')) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
    });
    await locked;
    const orderAnswers: number[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/orders' && response.request().method() === 'POST') {
        orderAnswers.push(response.status());
      }
    });
    try {
      // The first send runs out of the server's time while the backend still works on it.
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect.poll(() => orderAnswers, { timeout: 20_000 }).toEqual([504]);
      // Pressed again: the same order, with its key, meets the first send still running (409),
      // and the page waits for it instead of giving up.
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect.poll(() => orderAnswers, { timeout: 20_000 }).toEqual([504, 409]);
    } finally {
      release();
      await sql.end({ timeout: 5 });
    }
    // The first send finishes; the page's next try gets its answer replayed.
    await expect(page.getByText('Order confirmed!')).toBeVisible({ timeout: 20_000 });
    expect(orderAnswers.at(-1)).toBe(201);
    const orders = await context.request.get(`/backend/api/ext/v1/customers/${String(id)}/orders`, {
      headers,
    });
    expect(((await orders.json()) as { data: unknown[] }).data).toHaveLength(1);
    await context.close();
  });
});

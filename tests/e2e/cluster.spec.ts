// The shop on two servers behind one balancer (`pnpm start:cluster`: scripts/cluster.mjs), on
// this machine's PostgreSQL and Redis: a shopper's purchase goes through both servers, and the
// servers are restarted one after the other meanwhile (a rolling restart) while another client
// keeps calling: no call fails and the order is placed once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createDatabase, dropDatabase } from '@shop/backend';
import { E2E_RATE_LIMITS, REPO_ROOT } from '../support/paths';
import { latestCodeFor, uniquePhone } from '../support/sms-outbox';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = process.env.TEST_REDIS_URL ?? '';
const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 3160);
const BASE = `http://127.0.0.1:${PORT}`;

interface Cluster {
  child: ChildProcess;
  dataDir: string;
  database: string;
  log(): string;
}

async function startCluster(): Promise<Cluster> {
  // A scratch database beside the one TEST_DATABASE_URL names, dropped afterwards.
  const database = `shop_cluster_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(DATABASE_URL, database);
  const dataDir = join(REPO_ROOT, '.tmp', `e2e-cluster-${String(PORT)}`);
  await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['scripts/cluster.mjs'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(PORT),
      DATABASE_URL: url,
      REDIS_URL,
      DATA_DIR: dataDir,
      // Built by the suite's `pnpm build`; not built again here.
      CLUSTER_REBUILD: '0',
      LOG_LEVEL: 'warn',
      ...E2E_RATE_LIMITS,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await expect
    .poll(() => log.includes('[cluster] Shop is running at'), { timeout: 120_000 })
    .toBe(true);
  return { child, dataDir, database, log: () => log };
}

test.describe('two servers behind one balancer', () => {
  test.skip(
    DATABASE_URL === '' || REDIS_URL === '',
    'needs PostgreSQL and Redis: TEST_DATABASE_URL and TEST_REDIS_URL, as .ci/run sets them',
  );

  let started: Cluster | undefined;
  const cluster = (): Cluster => {
    if (!started) throw new Error('the cluster did not start');
    return started;
  };
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    started = await startCluster();
  });
  test.afterAll(async () => {
    const running = started;
    if (!running) return;
    await new Promise<void>((done) => {
      running.child.once('exit', () => {
        done();
      });
      running.child.kill('SIGINT');
    });
    await dropDatabase(DATABASE_URL, running.database);
    await rm(running.dataDir, { recursive: true, force: true });
  });

  test('a purchase and another client’s calls reach both servers; a rolling restart meanwhile loses no call', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // Which servers answered the shopper's and the other client's calls: the balancer takes turns
    // across both, so together they must have reached each server.
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
    cluster().child.kill('SIGUSR2');
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
    const shops = page.getByRole('radiogroup', { name: /shop/i }).getByRole('radio');
    await shops.first().check();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Dilnoza');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Karimova');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Order confirmed!')).toBeVisible();

    await expect
      .poll(() => cluster().log().includes('[cluster] rolling restart done'), { timeout: 120_000 })
      .toBe(true);
    calling.on = false;
    await caller;

    expect(servedBy).toEqual(new Set(['server-1', 'server-2']));
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
});

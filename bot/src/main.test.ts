import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HomeResponseSchema } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { makeFakeDist } from './testing/temp-dist';
import { startStandInUpstream } from './testing/upstream-stand-ins';
import { cleanUpAfterEach } from './testing/cleanups';
import { freePort } from './testing/free-port';
import { serverArgs } from './testing/server-bundle';

const BOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

const cleanUpLater = cleanUpAfterEach();

/** Starts `pnpm start`'s command as a real process and resolves with the URL it prints. */
function startShop(
  env: Record<string, string>,
): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: BOT_DIR,
    // Only what the test sets: nothing from the developer's shell leaks in.
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  cleanUpLater(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`No URL printed within 120 s:\n${output}`));
      // A cold start migrates and seeds PGlite; on a loaded 2-core machine that takes a while.
    }, 120_000);
    child.stdout.on('data', () => {
      const url = /Shop is running at (http:\/\/\S+?)\/? /.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, output: () => output });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Exited with ${String(code)} before listening:\n${output}`));
    });
  });
}

/** A port nobody listens on right now. */

describe('main', () => {
  it('serves the figures on a port of its own, on loopback, and none on the shop’s port', async () => {
    const dist = await makeFakeDist();
    cleanUpLater(dist.remove);
    const upstream = await startStandInUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [] }));
    });
    cleanUpLater(() => upstream.close());
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-main-metrics-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));
    const metricsPort = await freePort();

    const { child, url } = await startShop({
      PORT: '0',
      METRICS_PORT: String(metricsPort),
      WEBAPP_DIST: dist.dir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ECOMMERCE_API_URL: upstream.url,
      CATALOG_API_URL: upstream.url,
      CATALOG_API_KEY: 'main-test-key-123456',
    });
    expect((await fetch(`${url}/api/store/stores`)).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const metricsUrl = `http://127.0.0.1:${String(metricsPort)}/metrics`;
    const scraped = await fetch(metricsUrl);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(
      /^http_requests_total\{route="\/api\/store\/stores",method="GET",status="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^shop_backend_requests_total\{backend="ecommerce",call="stores",outcome="ok"\} 1$/m,
    );
    // The waiting bot messages are read from the notifier's store (its own PGlite here).
    expect(text).toMatch(/^shop_bot_messages_waiting 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(metricsUrl)).rejects.toThrow();
  }, 90_000);

  it('serves with configured upstreams, prints its URL, and stops cleanly on Ctrl-C', async () => {
    const dist = await makeFakeDist();
    cleanUpLater(dist.remove);
    const upstream = await startStandInUpstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [] }));
    });
    cleanUpLater(() => upstream.close());
    // The notifier keeps its state in the data dir even when the backends are elsewhere.
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-main-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));

    const { child, url, output } = await startShop({
      PORT: '0',
      WEBAPP_DIST: dist.dir,
      DATA_DIR: dataDir,
      ECOMMERCE_API_URL: upstream.url,
      CATALOG_API_URL: upstream.url,
      CATALOG_API_KEY: 'main-test-key-123456',
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ status: 'ok' });
    expect((await fetch(`${url}/api/store/stores`)).status).toBe(200);
    expect((await fetch(`${url}/uz`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(output().match(/Telegram bot is off/g)).toHaveLength(1);
    expect(output()).not.toContain('main-test-key-123456');
    // The bundle, as `pnpm start` runs it: a few seconds to start on a quiet machine, three times
    // that beside a full test run.
  }, 90_000);

  // Two PGlite databases (the backend's and the notifier's) start cold here: a minute or more
  // on a loaded machine.
  it('starts the embedded reference backend when no upstreams are set', async () => {
    const dist = await makeFakeDist();
    cleanUpLater(dist.remove);
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-main-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));

    const { child, url, output } = await startShop({
      PORT: '0',
      WEBAPP_DIST: dist.dir,
      DATA_DIR: dataDir,
    });
    const stores = await fetch(`${url}/api/store/stores`);
    expect(stores.status).toBe(200);
    expect(((await stores.json()) as { data: unknown[] }).data).toHaveLength(3);
    const home = await fetch(`${url}/backend/api/ext/v1/resources/home`, {
      headers: { 'x-lang': 'en' },
    });
    expect(home.status).toBe(200);
    const key = (await readFile(join(dataDir, 'catalog-api-key'), 'utf8')).trim();
    // The order-events key the embedded backend signs with, made once and kept for the next start.
    const secret = (
      await readFile(join(dataDir, 'notifier', 'order-events-secret'), 'utf8')
    ).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const unsigned = await fetch(`${url}/tg/order-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"events":[]}',
    });
    expect(unsigned.status).toBe(401);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).not.toContain(key);
    expect(output()).not.toContain(secret);
  }, 120_000);

  it('keeps the data dir owner-only, closing up what an older version left open', async () => {
    const dist = await makeFakeDist();
    cleanUpLater(dist.remove);
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-main-private-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));
    // As an older version left it: readable by everyone, one file writable by everyone.
    await chmod(dataDir, 0o755);
    await mkdir(join(dataDir, 'outbox'), { mode: 0o755 });
    await writeFile(join(dataDir, 'outbox', 'sms.jsonl'), '');
    await chmod(join(dataDir, 'outbox', 'sms.jsonl'), 0o644);
    await writeFile(join(dataDir, 'left-over'), '');
    await chmod(join(dataDir, 'left-over'), 0o666);

    /** Every path under the data dir that its group or others may use, with its mode. */
    const open = async (path = dataDir): Promise<string[]> => {
      const found = await lstat(path);
      const here =
        (found.mode & 0o077) === 0 ? [] : [`${path} ${(found.mode & 0o777).toString(8)}`];
      if (!found.isDirectory()) return here;
      const inside = await Promise.all((await readdir(path)).map((name) => open(join(path, name))));
      return [...here, ...inside.flat()];
    };

    const { child, url } = await startShop({
      PORT: '0',
      WEBAPP_DIST: dist.dir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    const asked = await fetch(`${url}/api/auth/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+998901234567', user_type: 'null' }),
    });
    expect(asked.status).toBe(200);
    expect((await readFile(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8')).length).toBeGreaterThan(
      0,
    );
    expect(await open()).toEqual([]);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await open()).toEqual([]);
  }, 120_000);

  it('keeps saved cards over a restart: the sandbox card processor keeps its own state', async () => {
    const dist = await makeFakeDist();
    cleanUpLater(dist.remove);
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-main-cards-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));
    const env = { PORT: '0', WEBAPP_DIST: dist.dir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const post = async (url: string, body: unknown, token?: string) => {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-lang': 'en',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };

    const first = await startShop(env);
    const phone = '+998901234567';
    expect(
      (await post(`${first.url}/api/auth/send-otp`, { phone, user_type: 'null' })).status,
    ).toBe(200);
    const outbox = await readFile(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8');
    const otp = /\b(\d{5})\b/.exec(outbox)?.[1] ?? '';
    const signedIn = await post(`${first.url}/api/auth/verify-otp`, { phone, otp });
    const token = String(signedIn.body.access_token);
    const created = await post(
      `${first.url}/api/payments/card/create`,
      { card_number: '8600 0691 9540 6311', expiry: '03/99', phone },
      token,
    );
    expect(created.status).toBe(200);
    const cardId = Number(created.body.card_id);
    const confirmed = await post(
      `${first.url}/api/payments/card/confirm`,
      { card_id: cardId, code: '666666' },
      token,
    );
    expect(confirmed.status).toBe(200);
    const stopped = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await stopped).toBe(0);

    const second = await startShop(env);
    const stores = (await (await fetch(`${second.url}/api/store/stores`)).json()) as {
      data: { id: number }[];
    };
    const home = HomeResponseSchema.parse(
      await (
        await fetch(`${second.url}/backend/api/ext/v1/resources/home`, {
          headers: { 'x-lang': 'en' },
        })
      ).json(),
    );
    const variant = home.data.sections
      .flatMap((section) => section.products)
      .flatMap((product) => product.variants)
      .find((v) => v.quantity > 0);
    const order = await post(
      `${second.url}/api/orders`,
      {
        items: [{ product_id: variant?.product_id, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: stores.data[0]?.id,
        name: 'Aziz',
        surname: 'Rahimov',
        phone,
        payment_type: 'card',
      },
      token,
    );
    expect(order.status).toBe(201);
    const number = (order.body.data as { number: string }).number;
    const paid = await post(`${second.url}/api/orders/${number}/pay`, { card_id: cardId }, token);
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ number, payment_status: 'paid' });
    const stoppedAgain = new Promise<number | null>((resolve) =>
      second.child.once('exit', resolve),
    );
    second.child.kill('SIGTERM');
    expect(await stoppedAgain).toBe(0);
    const state = await readFile(join(dataDir, 'payme-sandbox', 'state.json'), 'utf8');
    expect(state).toContain('860006******6311');
    expect(state).not.toContain('8600069195406311');
  }, 240_000);

  it('refuses to start with a list of every bad setting', async () => {
    const child = spawn(process.execPath, serverArgs(), {
      cwd: BOT_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: 'x',
        BOT_MODE: 'webhook',
        BOT_TOKEN: '1:short',
        ECOMMERCE_API_URL: 'ftp://x',
        PAYME_KEY: 'half-configured',
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    for (const key of [
      'PORT',
      'BOT_TOKEN',
      'ECOMMERCE_API_URL',
      'CATALOG_API_URL',
      'CATALOG_API_KEY',
      'WEBHOOK_SECRET',
      'PAYME_API_URL',
      'PAYME_MERCHANT_ID',
    ]) {
      expect(stderr).toContain(`- ${key}:`);
    }
  });

  it('refuses to start on a database PostgreSQL cannot open, in one line saying what to do', async () => {
    const dist = await makeFakeDist();
    cleanUpLater(dist.remove);
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-main-damaged-'));
    cleanUpLater(() => rm(dataDir, { recursive: true, force: true }));
    // What a restore of a backup holding no real database would leave.
    await mkdir(join(dataDir, 'pglite'));
    await writeFile(join(dataDir, 'pglite', 'PG_VERSION'), '18\n');
    const child = spawn(process.execPath, serverArgs(), {
      cwd: BOT_DIR,
      env: { PATH: process.env.PATH ?? '', PORT: '0', WEBAPP_DIST: dist.dir, DATA_DIR: dataDir },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^The shop could not start: The database in \S+ could not be opened \(PostgreSQL: [^\n]+\)\. [^\n]*restore a backup into a new, empty data dir[^\n]*\n$/,
    );
  }, 120_000);
});

import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CATALOG_PREFIX, CategoriesResponseSchema, VerifyOtpResponseSchema } from '@shop/shared';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkOrderEventsSignature } from '@shop/shared/server';
import { OrderEventsDeliverySchema, type Order } from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runOrderStatusCommand } from './operator/order-status-command';
import { FIXTURES } from './seed/fixtures';
import { startEmbeddedBackend, type EmbeddedBackend } from './embedded';
import { createScratchDatabase, TEST_DATABASE_URL } from './testing/test-backend';

const dirs: string[] = [];
const running: EmbeddedBackend[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-embedded-'));
  dirs.push(dir);
  return dir;
}

async function start(
  options: Parameters<typeof startEmbeddedBackend>[0],
): Promise<EmbeddedBackend> {
  const backend = await startEmbeddedBackend({ printSms: () => undefined, ...options });
  running.push(backend);
  return backend;
}

afterEach(async () => {
  for (const backend of running.splice(0)) await backend.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('startEmbeddedBackend', () => {
  it('starts on PGlite in the data dir, seeds, serves, and keeps the key and data across restarts', async () => {
    const dataDir = await tempDir();
    const first = await start({ dataDir });
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const keyFile = join(dataDir, 'catalog-api-key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect((await readFile(keyFile, 'utf8')).trim()).toBe(first.catalogApiKey);

    const categories = await fetch(`${first.url}${CATALOG_PREFIX}/resources/categories`, {
      headers: { 'x-api-key': first.catalogApiKey, 'x-lang': 'en' },
    });
    expect(categories.status).toBe(200);
    expect(CategoriesResponseSchema.parse(await categories.json()).data.length).toBeGreaterThan(3);
    expect((await fetch(`${first.url}${CATALOG_PREFIX}/resources/categories`)).status).toBe(401);

    // Sign in through the real console SMS outbox, as the end-to-end suite does.
    const phone = '+998935550101';
    const sent = await fetch(`${first.url}/api/auth/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, user_type: 'null' }),
    });
    expect(sent.status).toBe(200);
    const outbox = (await readFile(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8'))
      .trim()
      .split('\n');
    const line = JSON.parse(outbox.at(-1) ?? '{}') as { at: string; phone: string; text: string };
    expect(line.phone).toBe(phone);
    expect(Number.isNaN(Date.parse(line.at))).toBe(false);
    const code = /\b(\d{5})\b/.exec(line.text)?.[1] ?? '';
    const verified = await fetch(`${first.url}/api/auth/verify-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, otp: code }),
    });
    const { access_token: token } = VerifyOtpResponseSchema.parse(await verified.json());
    await first.close();
    // A photo left by a crash mid-upload, an hour and more ago: the next start sweeps it.
    const orphan = join(dataDir, 'photos', `${'d'.repeat(32)}.webp`);
    await mkdir(dirname(orphan), { recursive: true });
    await writeFile(orphan, 'x');
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(orphan, longAgo, longAgo);

    const second = await start({ dataDir });
    expect(second.catalogApiKey).toBe(first.catalogApiKey);
    await vi.waitFor(
      async () => {
        await expect(stat(orphan)).rejects.toThrow(/ENOENT/);
      },
      { timeout: 15_000, interval: 100 },
    );
    const user = await fetch(`${second.url}/api/auth/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(200);
  }, 120_000);

  it('uses a given API key and does not write one', async () => {
    const dataDir = await tempDir();
    const backend = await start({ dataDir, catalogApiKey: 'k'.repeat(32) });
    expect(backend.catalogApiKey).toBe('k'.repeat(32));
    await expect(stat(join(dataDir, 'catalog-api-key'))).rejects.toThrow();
    await expect(start({ dataDir, catalogApiKey: 'short' })).rejects.toThrow(/at least 16/);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'runs on PostgreSQL with a database URL, seeding only once',
    async () => {
      const scratch = await createScratchDatabase(TEST_DATABASE_URL);
      try {
        const dataDir = await tempDir();
        const a = await start({ dataDir, databaseUrl: scratch.url });
        await a.close();
        const b = await start({ dataDir, databaseUrl: scratch.url });
        const answer = await fetch(`${b.url}/api/store/stores`);
        expect(((await answer.json()) as { data: unknown[] }).data).toHaveLength(3);
        await b.close();
      } finally {
        await scratch.drop();
      }
    },
  );
});

describe('operator command and order events on the embedded backend', () => {
  it('moves an order with `order:status`, and delivers its events once a target is configured, after a restart', async () => {
    const dataDir = await tempDir();
    const first = await start({ dataDir });
    // The command finds the backend through DATA_DIR: its URL and a secret only the owner reads.
    expect((await readFile(join(dataDir, 'backend-url'), 'utf8')).trim()).toBe(first.url);
    expect((await stat(join(dataDir, 'operator-secret'))).mode & 0o777).toBe(0o600);

    const phone = '+998935550102';
    await fetch(`${first.url}/api/auth/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, user_type: 'null' }),
    });
    const outbox = (await readFile(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8'))
      .trim()
      .split('\n');
    const code = /\b(\d{5})\b/.exec(outbox.at(-1) ?? '')?.[1] ?? '';
    const verified = await fetch(`${first.url}/api/auth/verify-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone, otp: code }),
    });
    const { access_token: token } = VerifyOtpResponseSchema.parse(await verified.json());
    const placed = await fetch(`${first.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        items: [{ product_id: FIXTURES.colourVariantProduct.variants[0]?.id, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: FIXTURES.storeIds[0],
        name: 'Aziz',
        surname: 'Rahimov',
        phone: '+998901112233',
        payment_type: 'on_receipt',
      }),
    });
    const order = ((await placed.json()) as { data: Order }).data;

    const out: string[] = [];
    const err: string[] = [];
    const run = (args: string[], env: Record<string, string> = { DATA_DIR: dataDir }) =>
      runOrderStatusCommand(args, { env, out: (l) => out.push(l), err: (l) => err.push(l) });
    expect(await run([order.number, 'confirmed'])).toBe(0);
    expect(out.at(-1)).toBe(`Order ${order.number}: new → confirmed.`);
    expect(await run([order.number, 'delivering'])).toBe(1);
    expect(err.at(-1)).toBe(
      `Not changed: Order ${order.number} is confirmed: it can go to assembling or cancelled, not delivering.`,
    );
    expect(await run([order.number, 'shipped'])).toBe(2);
    expect(err.at(-1)).toMatch(/^"shipped" is not an order status\. Use one of: new, confirmed/);
    expect(await run(['UY-999999', 'confirmed'])).toBe(1);
    expect(err.at(-1)).toBe('There is no order UY-999999.');
    expect(await run([order.number])).toBe(2);
    const secret = (await readFile(join(dataDir, 'operator-secret'), 'utf8')).trim();
    expect(
      await run([order.number, 'assembling'], {
        BACKEND_URL: first.url,
        OPERATOR_SECRET: 'wrong-'.repeat(4),
      }),
    ).toBe(1);
    expect(err.at(-1)).toMatch(/refused the operator secret/);
    expect(
      await run([order.number, 'assembling'], { BACKEND_URL: first.url, OPERATOR_SECRET: secret }),
    ).toBe(0);
    expect(out.at(-1)).toBe(`Order ${order.number}: confirmed → being assembled.`);
    await first.close();

    // Stopped: the URL file is gone, and the command says so.
    expect(await run([order.number, 'ready_for_pickup'])).toBe(1);
    expect(err.at(-1)).toMatch(/^The shop does not seem to be running/);
    expect(
      await run([order.number, 'ready_for_pickup'], {
        BACKEND_URL: first.url,
        OPERATOR_SECRET: secret,
      }),
    ).toBe(1);
    expect(err.at(-1)).toMatch(
      /^Could not reach the shop at http:\/\/127\.0\.0\.1:\d+ \(nothing answered\)/,
    );

    // Events written while no target was configured wait in the database for the next start.
    const received: string[] = [];
    const eventsSecret = 'embedded-order-events-secret';
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (!checkOrderEventsSignature(eventsSecret, raw, request.headers).ok) {
          response.writeHead(401).end();
          return;
        }
        received.push(...OrderEventsDeliverySchema.parse(JSON.parse(raw)).events.map((e) => e.id));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const second = await start({
        dataDir,
        orderEvents: {
          url: `http://127.0.0.1:${port}/tg/order-events`,
          secret: eventsSecret,
          pollIntervalMs: 50,
        },
      });
      for (let i = 0; i < 400 && received.length < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(received).toEqual([
        `${order.number}:placed`,
        `${order.number}:status:confirmed`,
        `${order.number}:status:assembling`,
      ]);
      // A change made now is sent at once (the commit wakes the deliverer).
      expect(await run([order.number, 'ready_for_pickup'])).toBe(0);
      for (let i = 0; i < 400 && received.length < 4; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(received.at(-1)).toBe(`${order.number}:status:ready_for_pickup`);
      await second.close();
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);
});

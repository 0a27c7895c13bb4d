// The embedded backend on PGlite numbers each new order on from the last one it holds, even when
// its order-number sequence ran ahead: PostgreSQL logs a sequence 32 values ahead, and a database
// that comes back as after a crash (a real crash, or a copy taken without a checkpoint, as a
// backup of the running shop is) starts from the logged value.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { OrderResponseSchema, VerifyOtpResponseSchema } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { EXTENSIONS } from '../backup/pglite-dump';
import { startEmbeddedBackend, type EmbeddedBackend } from '../embedded';
import { FIXTURES } from '../seed/fixtures';
import { outboxPath } from '../sms/sms-provider';
import { pickupOrder } from '../testing/order-bodies';

const PHONE = '+998935550177';
const dirs: string[] = [];
const running: EmbeddedBackend[] = [];

afterEach(async () => {
  for (const backend of running.splice(0)) await backend.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<EmbeddedBackend> {
  const backend = await startEmbeddedBackend({ dataDir, printSms: () => undefined });
  running.push(backend);
  return backend;
}

async function stop(backend: EmbeddedBackend): Promise<void> {
  running.splice(running.indexOf(backend), 1);
  await backend.close();
}

async function post(url: string, body: unknown, token?: string): Promise<unknown> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${text}`);
  return JSON.parse(text);
}

/** Signs in through the console SMS outbox, as a shopper's phone would. */
async function signIn(backend: EmbeddedBackend, dataDir: string): Promise<string> {
  await post(`${backend.url}/api/auth/send-otp`, { phone: PHONE, user_type: 'null' });
  const lines = (await readFile(outboxPath(dataDir), 'utf8')).trim().split('\n');
  const code = /\b(\d{5})\b/.exec(lines.at(-1) ?? '')?.[1] ?? '';
  const verified = await post(`${backend.url}/api/auth/verify-otp`, { phone: PHONE, otp: code });
  return VerifyOtpResponseSchema.parse(verified).access_token;
}

async function placeOrder(backend: EmbeddedBackend, token: string): Promise<number> {
  const variant = FIXTURES.colourVariantProduct.variants[0];
  if (!variant) throw new Error('fixture missing');
  const body = pickupOrder([{ product_id: variant.id, quantity: 1 }]);
  const { number } = OrderResponseSchema.parse(
    await post(`${backend.url}/api/orders`, body, token),
  ).data;
  return Number(/^UY-(\d+)$/.exec(number)?.[1]);
}

async function withPglite(
  dir: string,
  work: (pglite: PGlite) => Promise<unknown>,
  loadDataDir?: Blob,
) {
  const pglite = new PGlite(dir, { extensions: EXTENSIONS, loadDataDir });
  try {
    await work(pglite);
  } finally {
    await pglite.close();
  }
}

describe('order numbers on the embedded PGlite', () => {
  it('go on from the last order after the sequence jumped ahead, as after a crash', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-order-numbers-'));
    dirs.push(dataDir);
    const first = await start(dataDir);
    const token = await signIn(first, dataDir);
    const last = await placeOrder(first, token);
    await stop(first);
    // Where recovery leaves it: the value the sequence had logged ahead.
    await withPglite(join(dataDir, 'pglite'), (pglite) =>
      pglite.query(`select setval('order_number_seq', ${last + 32})`),
    );

    const second = await start(dataDir);
    expect(await placeOrder(second, token)).toBe(last + 1);
  }, 120_000);

  it('go on from the last order in a copy of the running database taken without a checkpoint', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-order-numbers-'));
    const copyDir = await mkdtemp(join(tmpdir(), 'shop-order-numbers-copy-'));
    dirs.push(dataDir, copyDir);
    const source = await start(dataDir);
    const token = await signIn(source, dataDir);
    const last = await placeOrder(source, token);
    if (!source.pglite) throw new Error('not on PGlite');
    const copy = await source.pglite.dumpDataDir('none');
    await stop(source);
    // PGlite's own loader writes the copy's files into a new data dir.
    await withPglite(join(copyDir, 'pglite'), () => Promise.resolve(), copy);

    const restored = await start(copyDir);
    expect(await placeOrder(restored, token)).toBe(last + 1);
  }, 120_000);
});

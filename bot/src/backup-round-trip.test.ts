// The backup round trip on the whole shop, as an operator runs it: real data made through the
// running shop (an order, a saved card, a profile photo, a Telegram chat link), `pnpm
// data:backup` while it runs, `pnpm data:restore` into an empty data dir (and, on PostgreSQL, an
// empty database), then the shop started on what was restored serving all of it. Then the
// refusals: a data dir or database that is not empty, a damaged or cut backup, a backup of the
// other kind; each changes nothing. On PGlite always; on PostgreSQL with TEST_DATABASE_URL.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  createScratchDatabase,
  findPans,
  FIXTURES,
  outboxPath,
  runBackupCommand,
  runOrderStatusCommand,
  runRestoreCommand,
  verifyBackup,
  TEST_CARD_CODE,
  TEST_CARD_EXPIRY,
  type ScratchDatabase,
} from '@shop/backend';
import {
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  type Order,
  type SavedCard,
  type User,
} from '@shop/shared';
import { sign } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeBotApi,
  TEST_BOT_TOKEN,
  TEST_PUBLIC_URL,
  type FakeBotApi,
} from './testing/fake-bot-api';
import { TEST_DATABASE_URL } from './testing/scratch-database';
import { startShopProcess, type ShopProcess } from './testing/shop-process';
import { makeFakeDist } from './testing/temp-dist';
import { freePort } from './testing/free-port';

/** Payme's published test card: what the shopper types, and what must never be in a backup. */
const CARD_NUMBER = '8600069195406311';
const TELEGRAM_CHAT_ID = 5_300_001;
const PHONE = '+998901234567';

/** A small real PNG (8×8, one colour), made here so the test needs no image library. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(24, 0x8c)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipartPhoto(png: Buffer): { body: Buffer; type: string } {
  const boundary = '----shop-backup-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** The shop's HTTP answers as a shopper's browser gets them. */
function client(url: string, token?: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    'x-lang': 'en',
    ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    ...extra,
  });
  return {
    get: (path: string) => fetch(`${url}${path}`, { headers: headers() }),
    post: (path: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      }),
    postRaw: (path: string, body: Buffer, type: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: headers({ 'content-type': type }),
        body: new Uint8Array(body),
      }),
  };
}

async function json<T>(answer: Promise<Response>, status = 200): Promise<T> {
  const response = await answer;
  const text = await response.text();
  if (response.status !== status) throw new Error(`Answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function signIn(url: string, dataDir: string): Promise<string> {
  await json(client(url).post('/api/auth/send-otp', { phone: PHONE, user_type: 'null' }));
  const lines = (await readFile(outboxPath(dataDir), 'utf8')).trim().split('\n');
  const code = /\b(\d{5})\b/.exec(lines.at(-1) ?? '')?.[1];
  if (!code) throw new Error('No sign-in code in the outbox');
  const verified = await json<{ access_token: string }>(
    client(url).post('/api/auth/verify-otp', { phone: PHONE, otp: code }),
  );
  return verified.access_token;
}

function orderBody() {
  const variant = FIXTURES.colourVariantProduct.variants[0];
  if (!variant) throw new Error('fixture missing');
  return {
    items: [{ product_id: variant.id, quantity: 2 }],
    delivery_type: 'pickup',
    store_id: FIXTURES.storeIds[0],
    name: 'Aziz',
    surname: 'Rahimov',
    phone: PHONE,
    payment_type: 'on_receipt',
  };
}

/** What the shop served before the backup, to be served again after the restore. */
interface ShopData {
  token: string;
  order: Order;
  card: SavedCard;
  photoUrl: string;
  photo: Buffer;
  /** Placed after the backup: not in it. */
  laterOrder: Order;
}

async function makeShopData(url: string, dataDir: string): Promise<Omit<ShopData, 'laterOrder'>> {
  const token = await signIn(url, dataDir);
  const shopper = client(url, token);
  const created = await json<{ card_id: number }>(
    shopper.post('/api/payments/card/create', {
      card_number: CARD_NUMBER,
      expiry: TEST_CARD_EXPIRY,
      phone: PHONE,
    }),
  );
  const card = (
    await json<{ data: SavedCard }>(
      shopper.post('/api/payments/card/confirm', {
        card_id: created.card_id,
        code: TEST_CARD_CODE,
      }),
    )
  ).data;
  const order = (await json<{ data: Order }>(shopper.post('/api/orders', orderBody()), 201)).data;
  const upload = multipartPhoto(tinyPng());
  const user = await json<User>(
    shopper.postRaw('/api/profile/upload-photo', upload.body, upload.type),
  );
  if (!user.photo) throw new Error('The upload gave no photo');
  const photoAnswer = await shopper.get(user.photo);
  expect(photoAnswer.status).toBe(200);
  const photo = Buffer.from(await photoAnswer.arrayBuffer());
  const initData = sign(
    {
      query_id: 'AAHbackup',
      // Allowed to be written to: a chat that never allowed it gets no order messages.
      user: {
        id: TELEGRAM_CHAT_ID,
        first_name: 'Dilnoza',
        language_code: 'en',
        allows_write_to_pm: true,
      },
    },
    TEST_BOT_TOKEN,
    new Date(Date.now() - 10_000),
  );
  await json(shopper.post('/tg/link', { init_data: initData }));
  return { token, order, card, photoUrl: user.photo, photo };
}

/**
 * The card numbers in a backup: the shopper's number in any form anywhere, and any Luhn-valid
 * number in its files (text). The database is binary (PGlite's pages; PostgreSQL's dump with its
 * rows as text) where a planner's node dump prints bytes as numbers split by spaces, so there
 * only a solid run of digits counts. Tax catalogue codes (17 digits starting with 0, which no card
 * number does) sometimes pass Luhn and are left out.
 */
function panScan(backup: Buffer): { maskedCardSeen: boolean; found: string[] } {
  const archive = gunzipSync(backup).toString('latin1');
  const found: string[] = [];
  for (const form of [CARD_NUMBER, CARD_NUMBER.replace(/(\d{4})(?!$)/g, '$1 ')]) {
    if (archive.includes(form)) found.push(form);
  }
  const solidOnly = archive.replace(/[ -]/g, '|');
  for (const hit of findPans(solidOnly)) {
    if (!hit.digits.startsWith('0')) found.push(hit.digits);
  }
  const textFiles = archive.split('files/').slice(1).join('\n');
  for (const hit of findPans(textFiles.replace(/[^\x20-\x7e\n]/g, '|'))) {
    if (!hit.digits.startsWith('0')) found.push(hit.digits);
  }
  return { maskedCardSeen: archive.includes('860006******6311'), found };
}

/** The number the shop gives the order after `number` ('UY-001001' → 'UY-001002'). */
function followingOrderNumber(number: string): string {
  const digits = /^UY-(\d+)$/.exec(number)?.[1];
  if (!digits) throw new Error(`Not an order number: ${number}`);
  return `UY-${String(Number(digits) + 1).padStart(digits.length, '0')}`;
}

async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o777;
}

/** Every file and folder under `dir` whose mode lets anyone but the owner in. */
async function openToOthers(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const open: string[] = [];
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    if (((await modeOf(path)) & 0o077) !== 0) open.push(path);
  }
  return open;
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function quietIo(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { env, out: (line: string) => out.push(line), err: (line: string) => err.push(line) },
    out,
    err,
  };
}

const KINDS = TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(KINDS)('backup and restore (%s)', (kind) => {
  let api: FakeBotApi;
  let work: string;
  let dist: Awaited<ReturnType<typeof makeFakeDist>>;
  const databases: ScratchDatabase[] = [];
  let sourceDatabase = '';
  let targetDatabase = '';
  let shop: ShopProcess | null = null;
  let data: ShopData;
  let backupFile = '';
  let sourceDir = '';

  async function shopEnv(dataDir: string, databaseUrl: string): Promise<Record<string, string>> {
    return {
      // A port of its own rather than 0: the embedded backend sends its order events (a status
      // change's message) to the server at PORT.
      PORT: String(await freePort()),
      WEBAPP_DIST: dist.dir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: TEST_PUBLIC_URL,
      BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_API_ROOT: api.apiRoot,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
  }

  function commandEnv(dataDir: string, databaseUrl: string): Record<string, string> {
    return { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  }

  beforeAll(async () => {
    api = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    dist = await makeFakeDist();
    work = await mkdtemp(join(tmpdir(), 'shop-backup-'));
    if (kind === 'postgres') {
      const source = await createScratchDatabase(TEST_DATABASE_URL);
      const target = await createScratchDatabase(TEST_DATABASE_URL);
      databases.push(source, target);
      sourceDatabase = source.url;
      targetDatabase = target.url;
    }
    sourceDir = join(work, 'data');
    backupFile = join(work, 'backups', 'shop.tar.gz');
    await mkdir(dirname(backupFile));
  }, 60_000);

  afterAll(async () => {
    await shop?.stop();
    await api.close();
    await dist.remove();
    for (const database of databases) await database.drop();
    await rm(work, { recursive: true, force: true });
  }, 60_000);

  it('backs up while the shop runs: the database and the files, owner-only, no card number', async () => {
    shop = await startShopProcess(await shopEnv(sourceDir, sourceDatabase));
    const made = await makeShopData(shop.url, sourceDir);

    const backup = quietIo(commandEnv(sourceDir, sourceDatabase));
    expect(await runBackupCommand([backupFile], backup.io), backup.err.join('\n')).toBe(0);
    expect(backup.out.join('\n')).toMatch(/Backed up the .* database .* files/);

    // The call that hands over the database is the backend's own: the shop's server never
    // passes it on, even with the operator secret.
    const secret = (await readFile(join(sourceDir, 'operator-secret'), 'utf8')).trim();
    const relayed = await fetch(`${shop.url}${OPERATOR_PATHS.databaseDump}`, {
      headers: { [OPERATOR_SECRET_HEADER]: secret },
    });
    expect(relayed.status).toBe(404);

    // The shop went on serving meanwhile; what it does after the backup is not in it.
    const laterOrder = (
      await json<{ data: Order }>(
        client(shop.url, made.token).post('/api/orders', orderBody()),
        201,
      )
    ).data;
    data = { ...made, laterOrder };
    expect(await shop.stop()).toBe(0);
    shop = null;

    expect(await modeOf(backupFile)).toBe(0o600);
    const manifest = await verifyBackup(backupFile);
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        kind === 'pglite' ? 'database/pglite.tar' : 'database/postgres.dump',
        `files/photos/${data.photoUrl.split('/').at(-1) ?? ''}`,
        'files/operator-secret',
        'files/catalog-api-key',
        'files/notifier/order-events-secret',
        'files/payme-sandbox/state.json',
      ]),
    );
    expect(paths.filter((path) => path.includes('backend-url'))).toEqual([]);
    const backupBytes = await readFile(backupFile);
    expect(panScan(backupBytes)).toEqual({ maskedCardSeen: true, found: [] });
    // The scan finds a card number that is there: a Humo test number, planted in the files.
    const planted = Buffer.concat([
      gunzipSync(backupBytes),
      Buffer.from('files/x 9860-1000-0000-0008'),
    ]);
    expect(panScan(gzipSync(planted)).found).toContain('9860100000000008');
  }, 300_000);

  it('restores into an empty data dir, and the shop serves the order, card, photo and chat link and numbers new orders on', async () => {
    const restoredDir = join(work, 'restored', 'data');
    const restore = quietIo(commandEnv(restoredDir, targetDatabase));
    expect(await runRestoreCommand([backupFile], restore.io), restore.err.join('\n')).toBe(0);
    expect(restore.out.join('\n')).toMatch(/Restored the backup of/);
    expect(await modeOf(restoredDir)).toBe(0o700);
    expect(await openToOthers(restoredDir)).toEqual([]);
    expect(await readdir(join(work, 'restored'))).toEqual(['data']);

    shop = await startShopProcess(await shopEnv(restoredDir, targetDatabase));
    const shopper = client(shop.url, data.token);
    const order = await json<{ data: Order }>(shopper.get(`/api/orders/${data.order.number}`));
    expect(order.data).toMatchObject({ number: data.order.number, status: 'new' });
    expect((await shopper.get(`/api/orders/${data.laterOrder.number}`)).status).toBe(404);
    const cards = await json<{ data: SavedCard[] }>(shopper.get('/api/payments/cards'));
    expect(cards.data).toEqual([data.card]);
    const user = await json<User>(shopper.get('/api/auth/user'));
    expect(user.photo).toBe(data.photoUrl);
    const photo = await shopper.get(data.photoUrl);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(data.photo)).toBe(true);

    // The chat link: a move of the order reaches the linked chat through the restored notifier.
    const toChat = () =>
      api
        .delivered()
        .filter(
          (call) =>
            call.payload.chat_id === TELEGRAM_CHAT_ID &&
            String(call.payload.text).includes(data.order.number),
        );
    const before = toChat().length;
    const move = quietIo(commandEnv(restoredDir, ''));
    expect(await runOrderStatusCommand([data.order.number, 'confirmed'], move.io)).toBe(0);
    await waitFor(() => toChat().length > before, 'the order message to the linked chat');

    // Order numbers go on from the last order restored: the one placed after the backup is not
    // there, so its number is given again.
    const next = (await json<{ data: Order }>(shopper.post('/api/orders', orderBody()), 201)).data;
    expect(next.number).toBe(followingOrderNumber(data.order.number));
    expect(next.number).toBe(data.laterOrder.number);
    expect(await shop.stop()).toBe(0);
    shop = null;
  }, 300_000);

  it('refuses a data dir that is not empty, changing nothing', async () => {
    const busyDir = join(work, 'busy');
    await mkdir(busyDir);
    await writeFile(join(busyDir, 'notes.txt'), 'mine');
    const restore = quietIo(commandEnv(busyDir, targetDatabase));
    expect(await runRestoreCommand([backupFile], restore.io)).toBe(1);
    expect(restore.err.join('\n')).toMatch(/is not empty .* Restore only into an empty/);
    expect(await readdir(busyDir)).toEqual(['notes.txt']);
    expect((await readdir(work)).filter((name) => name.includes('restoring'))).toEqual([]);
  });

  it('refuses a damaged or cut backup by its checksums, changing nothing', async () => {
    const whole = await readFile(backupFile);
    const archive = gunzipSync(whole);
    // One byte of the database changed, packed again: the gzip is whole, the checksum is not.
    const tampered = Buffer.from(archive);
    tampered[4096] = (tampered[4096] ?? 0) ^ 0xff;
    const cases = {
      tampered: gzipSync(tampered),
      cut: whole.subarray(0, Math.floor(whole.length / 2)),
      'cut before its manifest': gzipSync(archive.subarray(0, archive.length - 4096)),
      'not a backup': Buffer.from('hello'),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const file = join(work, 'backups', `${name}.tar.gz`);
      await writeFile(file, bytes);
      const target = join(work, `restore-${name.replaceAll(' ', '-')}`);
      const restore = quietIo(commandEnv(target, targetDatabase));
      expect(await runRestoreCommand([file], restore.io), name).toBe(1);
      expect(restore.err.join('\n'), name).toMatch(
        /is damaged or not a shop backup: .*Nothing was changed/,
      );
      await expect(stat(target), name).rejects.toThrow();
    }
    expect((await readdir(work)).filter((name) => name.includes('restoring'))).toEqual([]);
  });

  it('refuses a backup of the other kind, and a database that is not empty', async () => {
    const target = join(work, 'other-kind');
    const otherKindEnv =
      kind === 'pglite'
        ? commandEnv(target, 'postgres://postgres@127.0.0.1:5432/none')
        : commandEnv(target, '');
    const otherKind = quietIo(otherKindEnv);
    expect(await runRestoreCommand([backupFile], otherKind.io)).toBe(1);
    expect(otherKind.err.join('\n')).toMatch(
      kind === 'pglite' ? /DATABASE_URL is set/ : /set DATABASE_URL to an empty database/,
    );
    await expect(stat(target)).rejects.toThrow();
    if (kind === 'postgres') {
      // The database restored above now holds the shop.
      const full = quietIo(commandEnv(target, targetDatabase));
      expect(await runRestoreCommand([backupFile], full.io)).toBe(1);
      expect(full.err.join('\n')).toMatch(/database in DATABASE_URL is not empty/);
      await expect(stat(target)).rejects.toThrow();
    }
  });
});

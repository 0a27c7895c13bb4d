// Test support: a fresh, migrated and seeded backend per test file, on PGlite (in memory) or,
// when TEST_DATABASE_URL is set, also on PostgreSQL in a database created for that file and
// dropped afterwards (drizzle-kit writes schema-qualified SQL, so a fresh database, not a fresh
// schema, is what isolates files that run in parallel).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createBackend, type Backend } from '../app';
import { openDatabase, type Db } from '../db/client';
import { variants } from '../db/schema';
import type { OrderLimits, SignInLimits } from '../abuse-limits';
import type { CardProcessor } from '../payments/card-processor';
import { createClickProcessor } from '../payments/click/merchant/click-processor';
import { clickRefunders } from '../payments/click/merchant/click-refunds';
import { createClickMerchantClient } from '../payments/click/merchant/merchant-client';
import type { ClickPaySandbox } from '../payments/click/sandbox/click-pay-sandbox';
import type { ClickMerchantSandbox } from '../payments/click/sandbox/merchant-sandbox';
import { createPaymeProcessor } from '../payments/payme-processor';
import { PAYME_MERCHANT_PATH } from '../payments/payme-merchant';
import type { OrderStatusService } from '../orders/order-status';
import type { PaymentService } from '../payments/payment-service';
import { startPaymeSandbox, type PaymeSandbox } from '../payments/sandbox/payme-sandbox';
import { seedDemoData } from '../seed/seed';
import {
  createConsoleSmsProvider,
  outboxPath,
  type OutboxLine,
  type SmsProvider,
} from '../sms/sms-provider';
import { startTestClickStandIns } from './click-stand-ins';
import { seededSnapshot } from './pglite-snapshot';
import { createScratchDatabase } from './scratch-database';

export type DatabaseKind = 'pglite' | 'postgres';

/** Tests read this one variable directly: it is test-runner configuration, not app config. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';

export const DATABASE_KINDS: DatabaseKind[] = TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * Where a payment provider's protocol is checked (fields, signatures, error codes): on PGlite
 * only. The SQL those answers run is the same on both databases, and the tests of what only a
 * real server can show (concurrent callbacks, racing cancels, refunds across a restart) run on
 * PostgreSQL too, with DATABASE_KINDS.
 */
export const PROTOCOL_DATABASE_KINDS: DatabaseKind[] = ['pglite'];

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(at: Date): void;
}

/** 11:00 in Tashkent on a Tuesday: far from the day boundary the OTP daily limit uses. */
export const T0 = new Date('2026-03-10T06:00:00.000Z');

function createClock(start = T0): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

export { createScratchDatabase, type ScratchDatabase } from './scratch-database';

export interface TestBackend {
  kind: DatabaseKind;
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  apiKey: string;
  dataDir: string;
  /** Every log line the app wrote, for "no secret in the logs" checks. */
  logs: string[];
  /** The Payme stand-in; the backend's cards go through it (its real Payme adapter talks to it
   * over HTTP) unless `cardProcessor` is 'click'. */
  sandbox: PaymeSandbox;
  /** The Click Merchant API stand-in, when `cardProcessor` is 'click' or `clickApp` is on. */
  click: ClickMerchantSandbox | null;
  /** The Click pay-page stand-in, when `clickApp` is on. */
  clickPay: ClickPaySandbox | null;
  /** Settling and hold expiry, run by hand with the test clock. */
  payments: PaymentService;
  /** Order status changes, as the operator call and the demo flow make them. */
  statuses: OrderStatusService;
  /** The secret of the operator's calls (x-operator-secret). */
  operatorSecret: string;
  outbox(): Promise<OutboxLine[]>;
  /**
   * A fresh backend on the same database and stand-ins, as after a restart: the old app is
   * closed and `app`, `payments` and `statuses` become the new one's.
   */
  restart(): Promise<void>;
  /** Another backend process on the same database and stand-ins (two instances at once);
   * closed by the caller. */
  spawn(): Promise<Backend>;
  close(): Promise<void>;
}

/** Account caps far above what a file places, for files about something other than the caps. */
export const MANY_ORDERS: Partial<OrderLimits> = {
  openUnpaidOrders: 1000,
  ordersPerDay: 1000,
  openItemUnits: 100_000,
  openUnits: 1_000_000,
};

export interface TestBackendOptions {
  kind: DatabaseKind;
  /** Pool size on PostgreSQL (the concurrency test wants several connections). */
  maxConnections?: number;
  /** How long the Payme adapter waits for an answer (10 s unless a test wants timeouts). */
  processorTimeoutMs?: number;
  /** How late the sandbox answers a stalling card's charge. */
  sandboxStallMs?: number;
  /** Raises or lowers the order caps for a file that needs it (the backend's defaults otherwise). */
  orderLimits?: Partial<OrderLimits>;
  /** Raises or lowers the wrong-code limits (the backend's defaults otherwise). */
  signInLimits?: Partial<SignInLimits>;
  /** Who sends sign-in codes (the console provider into the outbox otherwise). */
  signInSms?: (clock: TestClock) => SmsProvider;
  /** Our service at Click: serves Click's Prepare and Complete URLs. */
  clickShop?: { serviceId: string; secretKey: string };
  /** Which card processor takes the cards, each against its local stand-in: Payme by default. */
  cardProcessor?: 'payme' | 'click';
  /**
   * Payments in the Click app: Click's pay-page stand-in runs, calling this backend's Prepare and
   * Complete (our service at Click) once it listens, with the Merchant API stand-in sharing its
   * key and reversing its payments; Click app payments go back through it whoever holds the cards.
   */
  clickApp?: boolean;
}

/** How many of a variant are in stock now; throws when there is no such variant. */
export async function stockOf(db: Db, variantId: number): Promise<number> {
  const [row] = await db
    .select({ quantity: variants.quantity })
    .from(variants)
    .where(eq(variants.id, variantId));
  if (!row) throw new Error(`No variant ${variantId}`);
  return row.quantity;
}

function isAddressInfo(address: unknown): address is AddressInfo {
  return typeof address === 'object' && address !== null && 'port' in address;
}

/** Where `app` listens (`http://127.0.0.1:<port>`); throws when it does not. */
export function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!isAddressInfo(address)) throw new Error('The test backend is not listening');
  return `http://127.0.0.1:${address.port}`;
}

export async function createTestBackend(options: TestBackendOptions): Promise<TestBackend> {
  const scratch =
    options.kind === 'postgres' ? await createScratchDatabase(TEST_DATABASE_URL) : null;
  // PGlite starts from the migrated and seeded snapshot; migrating and seeding again then find
  // nothing to do, as on a restart.
  const database = await openDatabase(
    scratch
      ? { databaseUrl: scratch.url, maxConnections: options.maxConnections }
      : { pgliteSnapshot: await seededSnapshot(T0) },
  );
  await database.migrate();
  await seedDemoData(database.db, T0);
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-backend-test-'));
  const clock = createClock();
  const apiKey = randomBytes(24).toString('base64url');
  const operatorSecret = randomBytes(24).toString('base64url');
  const logs: string[] = [];
  const sms = createConsoleSmsProvider({ dataDir, now: clock.now, print: () => undefined });
  const sandbox = await startPaymeSandbox({
    stateFile: join(dataDir, 'payme-sandbox', 'state.json'),
    sms,
    now: clock.now,
    stallMs: options.sandboxStallMs,
    // The checkout page pays through the running backend's Merchant API once the test listens.
    merchantEndpoint: () => `${listeningOrigin(t.app)}${PAYME_MERCHANT_PATH}`,
  });
  const clickStandIns = await startTestClickStandIns({
    dataDir,
    sms,
    now: clock.now,
    stallMs: options.sandboxStallMs,
    cards: options.cardProcessor === 'click',
    app: options.clickApp ?? false,
    shopOrigin: () => listeningOrigin(t.app),
  });
  const click = clickStandIns.merchantApi;
  const timeoutMs = options.processorTimeoutMs ?? 10_000;
  const clickOptions = click && {
    url: click.url,
    serviceId: click.serviceId,
    merchantUserId: click.merchantUserId,
    secretKey: click.secretKey,
    timeoutMs,
    now: clock.now,
  };
  const processor = (): CardProcessor =>
    clickOptions && options.cardProcessor === 'click'
      ? createClickProcessor(clickOptions)
      : createPaymeProcessor({
          url: sandbox.url,
          merchantId: sandbox.merchantId,
          key: sandbox.key,
          timeoutMs,
        });
  // Everything a process holds is made anew on each build, as on a restart.
  const build = () =>
    createBackend({
      db: database.db,
      catalogApiKey: apiKey,
      now: clock.now,
      sms: options.signInSms?.(clock) ?? sms,
      payments: processor(),
      refunders: clickOptions ? clickRefunders(createClickMerchantClient(clickOptions)) : undefined,
      validateResponses: true,
      operatorSecret,
      photoDir: join(dataDir, 'photos'),
      orderLimits: options.orderLimits,
      signInLimits: options.signInLimits,
      clickShop: options.clickShop ?? clickStandIns.shop,
      paymeMerchant: { key: sandbox.key },
      logger: {
        level: 'trace',
        stream: {
          write: (line: string) => {
            logs.push(line);
          },
        },
      },
    });
  const { app, payments, statuses } = build();
  await app.ready();
  const t: TestBackend = {
    kind: options.kind,
    app,
    db: database.db,
    clock,
    apiKey,
    dataDir,
    logs,
    sandbox,
    click,
    clickPay: clickStandIns.payPage,
    payments,
    statuses,
    operatorSecret,
    outbox: async () => {
      try {
        const text = await readFile(outboxPath(dataDir), 'utf8');
        return text
          .split('\n')
          .filter((line) => line.length > 0)
          .map((line) => JSON.parse(line) as OutboxLine);
      } catch {
        return [];
      }
    },
    spawn: async () => {
      const other = build();
      await other.app.ready();
      return other;
    },
    restart: async () => {
      await t.app.close();
      const fresh = await t.spawn();
      t.app = fresh.app;
      t.payments = fresh.payments;
      t.statuses = fresh.statuses;
    },
    close: async () => {
      await t.app.close();
      await sandbox.close();
      await clickStandIns.close();
      await database.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

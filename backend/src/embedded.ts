import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import { createBackend } from './app';
import type { OrderLimits, SignInLimits } from './abuse-limits';
import {
  BACKEND_URL_FILE,
  loadOrCreateApiKey,
  loadOrCreateSecret,
  MIN_API_KEY_LENGTH,
  OPERATOR_SECRET_FILE,
} from './api-key';
import { dumpPglite } from './backup/pglite-dump';
import { openDatabase } from './db/client';
import {
  createOrderEventDeliverer,
  type OrderEventDeliverer,
  type OrderEventsTarget,
} from './order-events/deliverer';
import { advanceOpenOrders, DEFAULT_DEMO_ORDER_FLOW_INTERVAL_MS } from './orders/demo-order-flow';
import { continueOrderNumbers } from './orders/order-numbers';
import { startBackgroundWork, type BackgroundWork } from './payments/background-work';
import { createPaymeProcessor } from './payments/payme-processor';
import { startPaymeSandbox, type PaymeSandbox } from './payments/sandbox/payme-sandbox';
import { sweepOrphanPhotos } from './photos/photo-sweep';
import { seedDemoData } from './seed/seed';
import { createEskizSmsProvider } from './sms/eskiz/eskiz-provider';
import { createConsoleSmsProvider } from './sms/sms-provider';
import type { SmsSettings } from './sms/sms-settings';

export interface PaymeCashbox {
  url: string;
  merchantId: string;
  key: string;
}

export interface EmbeddedBackendOptions {
  dataDir: string;
  /** PostgreSQL server; without it the data lives in PGlite under `${dataDir}/pglite`. */
  databaseUrl?: string;
  /** Without it a key is generated once per data dir and kept in `${dataDir}/catalog-api-key`. */
  catalogApiKey?: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  logger?: boolean | { level: string; name?: string; stream?: { write(line: string): void } };
  /** Where the console SMS provider prints; stdout by default. */
  printSms?: (line: string) => void;
  /** Who sends sign-in codes: the console provider by default, or Eskiz. */
  sms?: SmsSettings;
  /** How long listing totals, facet counts and categories are reused (buildBackend's default). */
  catalogCacheTtlMs?: number;
  /** A real Payme cashbox; without one the local sandbox processor runs (state in the data dir). */
  payme?: PaymeCashbox | null;
  /** Minutes an unpaid card order is held (buildBackend's default). */
  paymentHoldMinutes?: number;
  /** How often unanswered charges are settled and expired holds cancelled. */
  sweepIntervalMs?: number;
  /**
   * Where order events go (the server in bot/: `<its URL>/tg/order-events`, ORDER_EVENTS_SECRET).
   * Without it events are still written to the outbox, and sent once a target is configured.
   */
  orderEvents?: (OrderEventsTarget & { pollIntervalMs?: number; timeoutMs?: number }) | null;
  /** The operator's secret; without it one is generated once into `${dataDir}/operator-secret`. */
  operatorSecret?: string;
  /** DEMO_ORDER_FLOW: move open orders one step along every `intervalMs` (2 minutes by default). */
  demoOrderFlow?: { intervalMs?: number } | null;
  /** Caps on one account's orders and on one item per order (buildBackend's defaults). */
  orderLimits?: Partial<OrderLimits>;
  /** Wrong sign-in codes per phone across days (buildBackend's defaults). */
  signInLimits?: Partial<SignInLimits>;
}

export interface EmbeddedBackend {
  url: string;
  catalogApiKey: string;
  /** The secret of its operator calls (the staff buttons move orders with it). */
  operatorSecret: string;
  /** The sandbox card processor's endpoint, when no Payme cashbox is configured. */
  paymentSandboxUrl: string | null;
  /**
   * The backend's PGlite (null on PostgreSQL): the bot's notifier keeps its schema `notifier` in it
   * rather than open a second database. The backend owns it: close() closes it, so whatever else
   * uses it must be done first.
   */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/** Where the sandbox keeps its cards and receipts, so saved cards survive a restart. */
export function sandboxStateFile(dataDir: string): string {
  return join(dataDir, 'payme-sandbox', 'state.json');
}

/** Removes the URL file on a clean stop, unless another start has rewritten it since. */
async function removeUrlFile(file: string, url: string): Promise<void> {
  const written = await readFile(file, 'utf8').catch(() => '');
  if (written.trim() === url) await rm(file, { force: true });
}

/**
 * Opens the database, applies migrations, seeds the demo data on first start and listens.
 * The bot server calls this in embedded mode and relays to the returned URL.
 */
export async function startEmbeddedBackend(
  options: EmbeddedBackendOptions,
): Promise<EmbeddedBackend> {
  if (options.catalogApiKey !== undefined && options.catalogApiKey.length < MIN_API_KEY_LENGTH) {
    throw new Error(`The catalogue API key must have at least ${MIN_API_KEY_LENGTH} characters`);
  }
  const database = await openDatabase(
    options.databaseUrl
      ? { databaseUrl: options.databaseUrl }
      : { pgliteDir: join(options.dataDir, 'pglite') },
  );
  let sandbox: PaymeSandbox | null = null;
  try {
    await database.migrate();
    const { pglite } = database;
    // PGlite comes back from a crash (or a copy: a backup) with its order numbers up to 32 ahead.
    // Its one connection is ours, so nothing takes a number meanwhile; a server's sequence is left
    // alone (several instances insert at once, and pg_restore brings it back right).
    if (pglite) {
      await continueOrderNumbers(
        async (statement) => (await pglite.query<Record<string, unknown>>(statement)).rows,
      );
    }
    await seedDemoData(database.db, new Date());
    const catalogApiKey = options.catalogApiKey ?? (await loadOrCreateApiKey(options.dataDir));
    const operatorSecret =
      options.operatorSecret ?? (await loadOrCreateSecret(options.dataDir, OPERATOR_SECRET_FILE));
    const now = () => new Date();
    const consoleSms = createConsoleSmsProvider({
      dataDir: options.dataDir,
      now,
      print: options.printSms,
    });
    const sms =
      options.sms?.provider === 'eskiz' ? createEskizSmsProvider(options.sms, { now }) : consoleSms;
    let cashbox: PaymeCashbox;
    if (options.payme) {
      cashbox = options.payme;
    } else {
      // The sandbox stands in for Payme, whose bank texts the card codes itself: never through
      // the shop's gateway, so they stay in the console outbox whichever provider sends ours.
      sandbox = await startPaymeSandbox({
        stateFile: sandboxStateFile(options.dataDir),
        sms: consoleSms,
        now,
      });
      cashbox = sandbox;
    }
    const photoDir = join(options.dataDir, 'photos');
    const { app, payments, statuses, onOrderEvents } = createBackend({
      db: database.db,
      catalogApiKey,
      now,
      sms,
      payments: createPaymeProcessor(cashbox),
      logger: options.logger ?? false,
      catalogCacheTtlMs: options.catalogCacheTtlMs,
      paymentHoldMinutes: options.paymentHoldMinutes,
      operatorSecret,
      dumpDatabase: pglite ? () => dumpPglite(pglite) : undefined,
      photoDir,
      orderLimits: options.orderLimits,
      signInLimits: options.signInLimits,
    });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 0 });
    const { port } = app.server.address() as AddressInfo;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const url = `http://${urlHost}:${port}`;
    // For `pnpm order:status`: the port is picked at each start, so the file is rewritten each time.
    const urlFile = join(options.dataDir, BACKEND_URL_FILE);
    const reachableUrl = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : urlHost}:${port}`;
    await writeFile(urlFile, `${reachableUrl}\n`);
    // Photos left by a crash mid-upload; in the background, as the shop need not wait for it.
    const photoSweep = sweepOrphanPhotos({ db: database.db, photoDir, now: now() }).then(
      (removed) => {
        if (removed.length > 0) app.log.info({ removed }, 'Removed profile photos no account uses');
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'Could not sweep unused profile photos');
      },
    );
    const work = startBackgroundWork({
      run: () => payments.sweep(),
      intervalMs: options.sweepIntervalMs,
      log: app.log,
    });
    let deliverer: OrderEventDeliverer | null = null;
    if (options.orderEvents) {
      const openDeliverer = createOrderEventDeliverer({
        ...options.orderEvents,
        db: database.db,
        now,
        log: app.log.child({ module: 'order-events' }),
      });
      onOrderEvents(() => {
        openDeliverer.wake();
      });
      openDeliverer.start();
      deliverer = openDeliverer;
    }
    let demo: BackgroundWork | null = null;
    if (options.demoOrderFlow) {
      demo = startBackgroundWork({
        run: () => advanceOpenOrders(database.db, statuses),
        intervalMs: options.demoOrderFlow.intervalMs ?? DEFAULT_DEMO_ORDER_FLOW_INTERVAL_MS,
        log: app.log,
        // A restart does not move orders: each step waits a whole interval.
        firstAfterInterval: true,
      });
    }
    const openSandbox = sandbox;
    let closing: Promise<void> | undefined;
    return {
      url,
      catalogApiKey,
      operatorSecret,
      paymentSandboxUrl: openSandbox?.url ?? null,
      pglite: database.pglite,
      close: () => {
        closing ??= Promise.all([work.stop(), demo?.stop(), deliverer?.stop(), photoSweep])
          .then(() => removeUrlFile(urlFile, reachableUrl))
          .then(() => app.close())
          .then(() => openSandbox?.close())
          .then(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await sandbox?.close();
    await database.close();
    throw error;
  }
}

import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
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
import { startEmbeddedWork, type EmbeddedWorkOptions } from './embedded-work';
import {
  startProviders,
  type PayLinks,
  type PaymeCashbox,
  type Providers,
} from './embedded-providers';
import type { PaymentSettings } from './payments/payment-settings';
import { continueOrderNumbers } from './orders/order-numbers';
import { seedDemoData } from './seed/seed';
import type { SmsSettings } from './sms/sms-settings';

export { sandboxStateFile, type PayLinks, type PaymeCashbox } from './embedded-providers';

export interface EmbeddedBackendOptions extends EmbeddedWorkOptions {
  dataDir: string;
  /** PostgreSQL server; without it the data lives in PGlite under `${dataDir}/pglite`. */
  databaseUrl?: string;
  /**
   * Tests: PGlite in memory, started from this dumpDataDir() tarball of a migrated and seeded
   * database (seededSnapshot), instead of migrating and seeding one in the data dir.
   */
  pgliteSnapshot?: Blob;
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
  /** Click's merchant, the pay pages and the card processor; unset: the local stand-ins. */
  paymentWays?: PaymentSettings;
  /**
   * Where the local providers' stand-ins call the shop back (the bot server, so the calls pass
   * its relay as real ones do); unset: this backend's own address.
   */
  shopUrl?: string;
  /** Minutes an unpaid card order is held (buildBackend's default). */
  paymentHoldMinutes?: number;
  /** The operator's secret; without it one is generated once into `${dataDir}/operator-secret`. */
  operatorSecret?: string;
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
  /** Where "Pay with Click" and "Pay with Payme" send the shopper (the stand-ins, unset). */
  payLinks: PayLinks;
  /**
   * The backend's PGlite (null on PostgreSQL): the bot's notifier keeps its schema `notifier` in it
   * rather than open a second database. The backend owns it: close() closes it, so whatever else
   * uses it must be done first.
   */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/** Removes the URL file on a clean stop, unless another start has rewritten it since. */
async function removeUrlFile(file: string, url: string): Promise<void> {
  const written = await readFile(file, 'utf8').catch(() => '');
  if (written.trim() === url) await rm(file, { force: true });
}

interface Listening {
  url: string;
  /** The file `pnpm order:status` reads the URL from, and the URL written there. */
  urlFile: string;
  reachableUrl: string;
}

/** Listens, and writes where the backend can be reached into the data dir. */
async function listenAndPublish(
  app: FastifyInstance,
  options: EmbeddedBackendOptions,
): Promise<Listening> {
  const host = options.host ?? '127.0.0.1';
  await app.listen({ host, port: options.port ?? 0 });
  const { port } = app.server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  // For `pnpm order:status`: the port is picked at each start, so the file is rewritten each time.
  const urlFile = join(options.dataDir, BACKEND_URL_FILE);
  const reachableUrl = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : urlHost}:${port}`;
  await writeFile(urlFile, `${reachableUrl}\n`);
  return { url, urlFile, reachableUrl };
}

/** Migrations, the order numbers' sequence on PGlite, and the demo data on first start. */
async function prepareDatabase(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
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
      : options.pgliteSnapshot
        ? { pgliteSnapshot: options.pgliteSnapshot }
        : { pgliteDir: join(options.dataDir, 'pglite') },
  );
  let providers: Providers | null = null;
  try {
    await prepareDatabase(database);
    const catalogApiKey = options.catalogApiKey ?? (await loadOrCreateApiKey(options.dataDir));
    const operatorSecret =
      options.operatorSecret ?? (await loadOrCreateSecret(options.dataDir, OPERATOR_SECRET_FILE));
    const now = () => new Date();
    providers = await startProviders(options, now);
    const outside = providers;
    const photoDir = join(options.dataDir, 'photos');
    const { pglite } = database;
    const backend = createBackend({
      db: database.db,
      catalogApiKey,
      now,
      sms: outside.sms,
      payments: outside.cardProcessor,
      ...outside.callbacks,
      logger: options.logger ?? false,
      catalogCacheTtlMs: options.catalogCacheTtlMs,
      paymentHoldMinutes: options.paymentHoldMinutes,
      operatorSecret,
      dumpDatabase: pglite ? () => dumpPglite(pglite) : undefined,
      photoDir,
      orderLimits: options.orderLimits,
      signInLimits: options.signInLimits,
    });
    const { app } = backend;
    const { url, urlFile, reachableUrl } = await listenAndPublish(app, options);
    outside.setShopUrl(options.shopUrl ?? reachableUrl);
    const work = startEmbeddedWork(backend, { ...options, db: database.db, now, photoDir });
    let closing: Promise<void> | undefined;
    return {
      url,
      catalogApiKey,
      operatorSecret,
      paymentSandboxUrl: outside.paymeSandboxUrl,
      payLinks: outside.payLinks,
      pglite: database.pglite,
      close: () => {
        closing ??= work
          .stop()
          .then(() => removeUrlFile(urlFile, reachableUrl))
          .then(() => app.close())
          .then(() => outside.close())
          .then(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await providers?.close();
    await database.close();
    throw error;
  }
}

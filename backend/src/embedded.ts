import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createBackend } from './app';
import { loadOrCreateApiKey, MIN_API_KEY_LENGTH } from './api-key';
import { openDatabase } from './db/client';
import { startBackgroundWork } from './payments/background-work';
import { createPaymeProcessor } from './payments/payme-processor';
import { startPaymeSandbox, type PaymeSandbox } from './payments/sandbox/payme-sandbox';
import { seedDemoData } from './seed/seed';
import { createConsoleSmsProvider } from './sms/sms-provider';

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
  logger?: boolean | { level: string };
  /** Where the console SMS provider prints; stdout by default. */
  printSms?: (line: string) => void;
  /** How long listing totals, facet counts and categories are reused (buildBackend's default). */
  catalogCacheTtlMs?: number;
  /** A real Payme cashbox; without one the local sandbox processor runs (state in the data dir). */
  payme?: PaymeCashbox | null;
  /** Minutes an unpaid card order is held (buildBackend's default). */
  paymentHoldMinutes?: number;
  /** How often unanswered charges are settled and expired holds cancelled. */
  sweepIntervalMs?: number;
}

export interface EmbeddedBackend {
  url: string;
  catalogApiKey: string;
  /** The sandbox card processor's endpoint, when no Payme cashbox is configured. */
  paymentSandboxUrl: string | null;
  close(): Promise<void>;
}

/** Where the sandbox keeps its cards and receipts, so saved cards survive a restart. */
export function sandboxStateFile(dataDir: string): string {
  return join(dataDir, 'payme-sandbox', 'state.json');
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
    await seedDemoData(database.db, new Date());
    const catalogApiKey = options.catalogApiKey ?? (await loadOrCreateApiKey(options.dataDir));
    const now = () => new Date();
    const sms = createConsoleSmsProvider({
      dataDir: options.dataDir,
      now,
      print: options.printSms,
    });
    let cashbox: PaymeCashbox;
    if (options.payme) {
      cashbox = options.payme;
    } else {
      sandbox = await startPaymeSandbox({ stateFile: sandboxStateFile(options.dataDir), sms, now });
      cashbox = sandbox;
    }
    const { app, payments } = createBackend({
      db: database.db,
      catalogApiKey,
      now,
      sms,
      payments: createPaymeProcessor(cashbox),
      logger: options.logger ?? false,
      catalogCacheTtlMs: options.catalogCacheTtlMs,
      paymentHoldMinutes: options.paymentHoldMinutes,
      photoDir: join(options.dataDir, 'photos'),
    });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 0 });
    const { port } = app.server.address() as AddressInfo;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const work = startBackgroundWork({
      run: () => payments.sweep(),
      intervalMs: options.sweepIntervalMs,
      log: app.log,
    });
    const openSandbox = sandbox;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost}:${port}`,
      catalogApiKey,
      paymentSandboxUrl: openSandbox?.url ?? null,
      close: () => {
        closing ??= work
          .stop()
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

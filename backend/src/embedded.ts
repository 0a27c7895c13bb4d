import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildBackend } from './app';
import { loadOrCreateApiKey, MIN_API_KEY_LENGTH } from './api-key';
import { openDatabase } from './db/client';
import { seedDemoData } from './seed/seed';
import { createConsoleSmsProvider } from './sms/sms-provider';

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
}

export interface EmbeddedBackend {
  url: string;
  catalogApiKey: string;
  close(): Promise<void>;
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
  try {
    await database.migrate();
    await seedDemoData(database.db, new Date());
    const catalogApiKey = options.catalogApiKey ?? (await loadOrCreateApiKey(options.dataDir));
    const now = () => new Date();
    const app = buildBackend({
      db: database.db,
      catalogApiKey,
      now,
      sms: createConsoleSmsProvider({ dataDir: options.dataDir, now, print: options.printSms }),
      logger: options.logger ?? false,
      catalogCacheTtlMs: options.catalogCacheTtlMs,
    });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ host, port: options.port ?? 0 });
    const { port } = app.server.address() as AddressInfo;
    const urlHost = host.includes(':') ? `[${host}]` : host;
    let closing: Promise<void> | undefined;
    return {
      url: `http://${urlHost}:${port}`,
      catalogApiKey,
      close: () => {
        closing ??= app.close().then(() => database.close());
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

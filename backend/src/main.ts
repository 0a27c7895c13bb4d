// The only file with side effects: reads the environment, starts the backend, stops it cleanly.
import { join } from 'node:path';
import { makeDataDirPrivate } from '@shop/shared/server';
import { CATALOG_API_KEY_FILE } from './api-key';
import { loadConfig } from './config';
import { DatabaseOpenError } from './db/client';
import { startEmbeddedBackend } from './embedded';

const config = loadConfig(process.env);
// Before anything is written there: sign-in codes, secrets and the database's files.
await makeDataDirPrivate(config.dataDir);
const backend = await startEmbeddedBackend({
  ...config.backend,
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  catalogApiKey: config.catalogApiKey,
  host: config.host,
  port: config.port,
  logger: { level: config.logLevel },
  operatorSecret: config.operatorSecret,
  orderEvents: config.orderEvents,
}).catch((error: unknown) => {
  // A database that will not open says why and what to do: its words, not a trace, are the news.
  if (!(error instanceof DatabaseOpenError)) throw error;
  process.stderr.write(`The backend could not start: ${error.message}\n`);
  process.exit(1);
});
// PGlite sets its own files' modes whatever the umask: close up what it made while opening.
await makeDataDirPrivate(config.dataDir);
process.stdout.write(`Backend listening at ${backend.url}\n`);
if (backend.paymentSandboxUrl !== null) {
  process.stdout.write(`Card payments: the local Payme sandbox at ${backend.paymentSandboxUrl}\n`);
}
if (config.backend.paymentWays.click === null) {
  process.stdout.write(
    `Click payments: the local Click pay page at ${backend.payLinks.clickPay.payUrl}\n`,
  );
}
if (config.catalogApiKey === undefined) {
  // Where the key is, never the key itself.
  process.stdout.write(`Catalogue API key: ${join(config.dataDir, CATALOG_API_KEY_FILE)}\n`);
}

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`${signal}: shutting down\n`);
  backend.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => {
  stop('SIGINT');
});
process.on('SIGTERM', () => {
  stop('SIGTERM');
});

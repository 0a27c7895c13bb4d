// The only file with side effects: reads the environment, starts the backend, stops it cleanly.
import { join } from 'node:path';
import {
  loadConfig,
  orderEventsConfig,
  orderLimitsConfig,
  paymeConfig,
  signInLimitsConfig,
} from './config';
import { startEmbeddedBackend } from './embedded';

const config = loadConfig(process.env);
const backend = await startEmbeddedBackend({
  dataDir: config.DATA_DIR,
  databaseUrl: config.DATABASE_URL,
  catalogApiKey: config.CATALOG_API_KEY,
  host: config.HOST,
  port: config.PORT,
  logger: { level: config.LOG_LEVEL },
  catalogCacheTtlMs: config.CATALOG_CACHE_TTL_MS,
  payme: paymeConfig(config),
  paymentHoldMinutes: config.PAYMENT_HOLD_MINUTES,
  operatorSecret: config.OPERATOR_SECRET,
  orderEvents: orderEventsConfig(config),
  demoOrderFlow:
    config.DEMO_ORDER_FLOW === '1' ? { intervalMs: config.DEMO_ORDER_FLOW_INTERVAL_MS } : null,
  orderLimits: orderLimitsConfig(config),
  signInLimits: signInLimitsConfig(config),
});
process.stdout.write(`Backend listening at ${backend.url}\n`);
if (backend.paymentSandboxUrl !== null) {
  process.stdout.write(`Card payments: the local Payme sandbox at ${backend.paymentSandboxUrl}\n`);
}
if (!config.CATALOG_API_KEY) {
  // Where the key is, never the key itself.
  process.stdout.write(`Catalogue API key: ${join(config.DATA_DIR, 'catalog-api-key')}\n`);
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

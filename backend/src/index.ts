export { buildBackend, type BackendDeps } from './app';
export {
  startEmbeddedBackend,
  type EmbeddedBackend,
  type EmbeddedBackendOptions,
} from './embedded';
export { openDatabase, type Database, type Db } from './db/client';
export { seedDemoData } from './seed/seed';
export { FIXTURES } from './seed/fixtures';
export {
  createConsoleSmsProvider,
  outboxPath,
  type OutboxLine,
  type SmsProvider,
} from './sms/sms-provider';
export { loadConfig, type Config } from './config';

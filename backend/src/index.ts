export { buildBackend, type BackendDeps } from './app';
export {
  sandboxStateFile,
  startEmbeddedBackend,
  type EmbeddedBackend,
  type EmbeddedBackendOptions,
  type PaymeCashbox,
} from './embedded';
export { DatabaseOpenError, openDatabase, type Database, type Db } from './db/client';
export { createDatabase, dropDatabase } from './db/admin';
export { seedDemoData } from './seed/seed';
export { FIXTURES } from './seed/fixtures';
export {
  createConsoleSmsProvider,
  outboxPath,
  type OutboxLine,
  type SmsProvider,
} from './sms/sms-provider';
export {
  startEskizStandIn,
  type EskizStandIn,
  type EskizStandInOptions,
} from './sms/eskiz/stand-in/eskiz-stand-in';
export { STAND_IN_NUMBERS } from './sms/eskiz/stand-in/stand-in-numbers';
export { DEFAULT_DATA_DIR } from './api-key';
export { loadConfig, readBackendSettings, type BackendSettings, type Config } from './config';
export {
  DEFAULT_ORDER_LIMITS,
  DEFAULT_SIGN_IN_LIMITS,
  type OrderLimits,
  type SignInLimits,
} from './abuse-limits';
export {
  bankPhone,
  TEST_CARD_CODE,
  TEST_CARD_EXPIRY,
  TEST_CARDS,
  type TestCard,
  type TestCardBehaviour,
} from './payments/sandbox/test-cards';
export { findPans, type PanHit } from './testing/pan-scan';
export { createScratchDatabase, type ScratchDatabase } from './testing/scratch-database';
export { seededSnapshot } from './testing/pglite-snapshot';
export { T0 } from './testing/test-backend';
export { runBackupCommand, type BackupIo } from './backup/backup-command';
export { runRestoreCommand, type RestoreIo } from './backup/restore-command';
export type { Manifest } from './backup/backup-archive';
export { verifiedEntries, verifyBackup } from './backup/backup-reader';
export { runOrderStatusCommand } from './operator/order-status-command';
export { runPaymentsReportCommand } from './operator/payments-report-command';
export { runRefundMadeCommand } from './operator/refund-made-command';

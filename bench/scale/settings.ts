// The scale benchmark's settings (its own environment; nothing else reads these), and what its
// clusters share: the staff chat and the orders per account.
import { positiveIntegerFromEnv } from '../settings';

export const SECONDS = positiveIntegerFromEnv('BENCH_SCALE_SECONDS', 20);
export const CONNECTIONS = positiveIntegerFromEnv('BENCH_SCALE_CONNECTIONS', 30);
export const SHOPPERS = positiveIntegerFromEnv('BENCH_SCALE_SHOPPERS', 4);
export const PORT = positiveIntegerFromEnv('BENCH_SCALE_PORT', 3400);
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const STEPS = (process.env.BENCH_SCALE_INSTANCES ?? '1,2,3')
  .split(',')
  .map((count) => Number(count.trim()));
if (STEPS.some((count) => !Number.isInteger(count) || count < 1 || count > 9)) {
  throw new Error('BENCH_SCALE_INSTANCES must be a list of instance counts 1-9, e.g. 1,2,3');
}
/** `kill`: the kill run alone; `steps`: the steps without it. */
export const ONLY = process.env.BENCH_SCALE_ONLY ?? '';
if (!['', 'kill', 'steps'].includes(ONLY)) {
  throw new Error('BENCH_SCALE_ONLY may only be "kill" or "steps"');
}
export const STAFF_CHAT = -1003400000001;
/** Under the backend's open-unpaid-orders limit per account (5), so no order is refused for it. */
export const ORDERS_PER_ACCOUNT = 3;

// The load benchmark's settings: its own environment, nothing else reads these.
import { positiveIntegerFromEnv } from '../settings';

export const SECONDS = positiveIntegerFromEnv('BENCH_LOAD_SECONDS', 60);
export const CONNECTIONS = positiveIntegerFromEnv('BENCH_LOAD_CONNECTIONS', 50);
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** `overhead` measures the relay's overhead alone (a quick check while working on the relay). */
const ONLY = process.env.BENCH_LOAD_ONLY ?? '';
if (ONLY !== '' && ONLY !== 'overhead') throw new Error('BENCH_LOAD_ONLY may only be "overhead"');
export const FULL_RUN = ONLY === '';

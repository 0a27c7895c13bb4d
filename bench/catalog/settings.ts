// The catalogue benchmark's settings (its own environment; nothing else reads these) and its
// targets.
import { positiveIntegerFromEnv } from '../settings';

export const SETTINGS = {
  products: positiveIntegerFromEnv('BENCH_PRODUCTS', 20_000),
  warmup: positiveIntegerFromEnv('BENCH_WARMUP', 20),
  /** Timed requests per scenario; PGlite is slower, so it gets fewer by default. */
  iterations: {
    postgres: positiveIntegerFromEnv('BENCH_ITERATIONS', 200),
    pglite: positiveIntegerFromEnv('BENCH_ITERATIONS', 100),
  },
  databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  engines: (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(','),
};

/** p95 targets on PostgreSQL; shown next to PGlite's numbers for comparison only. */
export const TARGET_P95_MS = { listing: 15, search: 25 } as const;

// `pnpm bench` (second part): the shop under load, as built (bot/dist/main.mjs), on PostgreSQL.
//   1. Mixed browsing (pages, home, listings, product pages, categories, search, shops) at
//      BENCH_LOAD_CONNECTIONS connections for BENCH_LOAD_SECONDS against one server, then against
//      two behind the balancer of `pnpm start:cluster`: throughput, p50/p99, errors, memory.
//   2. The relay's overhead: an uncached product read through one server against the same read
//      sent to the backend directly, in one run; beside them a bare pass-through (Fastify and
//      undici, nothing checked), the floor any second hop on this machine has.
// Targets: 0 errors; p99 under 300 ms on one instance; memory flat over the run;
// the relay at least 60% of the backend's own throughput. A benchmark: it prints, it never fails.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createDatabase, dropDatabase } from '../backend/src/db/admin';
import { browse, type LoadRow } from './load/browse';
import { withCluster } from './load/cluster';
import { measureOverhead, type Overhead } from './load/overhead';
import { report } from './load/report';
import { ADMIN_URL, FULL_RUN } from './load/settings';
import { REPO_ROOT } from './settings';

async function main(): Promise<void> {
  if (!existsSync(join(REPO_ROOT, 'bot', 'dist', 'main.mjs'))) {
    throw new Error('Run `pnpm build` first: the load bench runs the built server.');
  }
  const database = `shop_bench_load_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(ADMIN_URL, database);
  const rows: LoadRow[] = [];
  let overhead: Overhead;
  try {
    if (FULL_RUN) {
      // One server: measured directly on it (port + 1), the balancer left out.
      rows.push(
        await withCluster(1, databaseUrl, 30_000, (one) =>
          browse(one, 'one server', 'http://127.0.0.1:3701'),
        ),
      );
      rows.push(
        await withCluster(2, databaseUrl, 30_000, (two) =>
          browse(two, 'two servers behind the balancer', two.url),
        ),
      );
    }
    // The relay's overhead, its cache off: every read reaches the backend either way.
    overhead = await withCluster(1, databaseUrl, 0, () => measureOverhead());
  } finally {
    await dropDatabase(ADMIN_URL, database);
  }

  await report(rows, overhead);
}

await main();

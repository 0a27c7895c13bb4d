// What the scale benchmark prints per step (browsing, orders, memory, failures, the order check)
// and the results file it writes.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { RESULTS_DIR } from '../settings';
import { CONNECTIONS, ONLY, SECONDS, SHOPPERS } from './settings';
import type { StepRow } from './step';

function describe(failures: Record<string, number>): string {
  const entries = Object.entries(failures);
  return entries.length === 0
    ? '0'
    : entries.map(([kind, n]) => `${kind}: ${String(n)}`).join(', ');
}

export async function report(rows: StepRow[]): Promise<void> {
  console.log(
    `\nScale: ${String(SECONDS)} s of browsing at ${String(CONNECTIONS)} connections while ` +
      `${String(SHOPPERS)} shoppers sign in and order, per step`,
  );
  console.table(
    rows.map((row) => ({
      instances: row.scenario,
      'browse req/s': row.requestsPerSecond,
      'p50/p99 ms': `${String(row.p50Ms)}/${String(row.p99Ms)}`,
      'orders/s': row.ordersPerSecond,
      'order p50/p99 ms': `${String(row.orderP50Ms)}/${String(row.orderP99Ms)}`,
      'RSS MB instance/backend/proxy': `${String(row.memoryMb.instanceMax)}/${String(row.memoryMb.backendMax)}/${String(row.memoryMb.proxyMax)}`,
    })),
  );
  for (const row of rows) {
    console.log(
      `${row.scenario}: browse failures ${describe(row.browseFailures)} of ${String(row.browseRequests)}; ` +
        `order attempts failed ${describe(row.orderFailures)}; orders given up ${String(row.ordersGivenUp)}; ` +
        `acknowledged ${String(row.orders)}, in the database ${String(row.check.inDatabase)}, ` +
        `lost ${String(row.check.lost)}, doubled ${String(row.check.doubled)}, ` +
        `placed but not acknowledged ${String(row.check.placedUnacknowledged)}; staff cards once ` +
        `${String(row.check.cardsOnce)}, not sent within 90 s ${String(row.check.cardsMissing)}, repeated ${String(row.check.cardsRepeated)}`,
    );
  }
  console.log(
    `Load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}: the load generator shares the machine's cores with everything it measures.`,
  );
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, ONLY === '' ? 'scale.json' : `scale-${ONLY}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, shoppers: SHOPPERS, rows, loadavg: loadavg() }, null, 2)}\n`,
  );
  console.log(`Wrote ${file}`);
}

// What the load benchmark prints (the browsing rows, the relay's overhead, the verdicts) and the
// results file it writes.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { RESULTS_DIR } from '../settings';
import type { LoadRow } from './browse';
import type { Overhead } from './overhead';
import { CONNECTIONS, FULL_RUN, SECONDS } from './settings';

export async function report(rows: LoadRow[], overhead: Overhead): Promise<void> {
  if (FULL_RUN) {
    console.log(
      `\nLoad: ${String(SECONDS)} s of mixed browsing at ${String(CONNECTIONS)} connections`,
    );
    console.table(
      rows.map((row) => ({
        scenario: row.scenario,
        'req/s': row.requestsPerSecond,
        'p50 ms': row.p50Ms,
        'p99 ms': row.p99Ms,
        errors: row.errors,
        'non-2xx': row.non2xx,
        'RSS MB start/end/max': `${String(row.memoryMb.start)}/${String(row.memoryMb.end)}/${String(row.memoryMb.max)}`,
      })),
    );
  }
  console.log('\nRelay overhead (uncached product read):');
  console.table([
    {
      'relay req/s': overhead.relayRps,
      'pass-through req/s': overhead.passThroughRps,
      'backend req/s': overhead.backendRps,
      'relay / backend': overhead.share,
      'pass-through / backend': overhead.passThroughShare,
    },
  ]);
  const verdicts = [
    ...(FULL_RUN
      ? [
          `errors: ${rows.every((row) => row.errors === 0 && row.non2xx === 0) ? 'none' : 'SOME'}`,
          `p99 on one server: ${String(rows[0]?.p99Ms)} ms (target < 300)`,
        ]
      : []),
    `relay / backend: ${String(overhead.share)} (target >= 0.6; a bare pass-through: ${String(overhead.passThroughShare)})`,
  ];
  console.log(`\n${verdicts.join('\n')}`);
  console.log(
    `Load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}: the load generator shares the machine's 2 cores with the servers.`,
  );
  // A partial run does not replace the last full one's results.
  if (!FULL_RUN) return;
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(
    join(RESULTS_DIR, 'load.json'),
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, rows, overhead, loadavg: loadavg() }, null, 2)}\n`,
  );
  console.log(`Wrote ${join(RESULTS_DIR, 'load.json')}`);
}

// What the catalogue benchmark prints per engine, and the results file it writes.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cpus, loadavg } from 'node:os';
import type { BuiltCatalog } from '../../backend/src/seed/catalog-seed';
import { RESULTS_DIR } from '../settings';
import { round, type ScenarioResult } from './measure';
import { SETTINGS, TARGET_P95_MS } from './settings';

const pad = (text: string, width: number) => text.padEnd(width);
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

/** The machine's 1-minute load average: timings on a busy machine are not the code's alone. */
export const load = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

export function report(
  catalog: BuiltCatalog,
  engine: string,
  version: string,
  loadMs: number,
  loadAverage: { before: number; after: number },
  results: ScenarioResult[],
) {
  console.log(
    `\n${engine} (${version}) · ${SETTINGS.products.toLocaleString('en')} products, ` +
      `${catalog.variants.length.toLocaleString('en')} variants · loaded in ${(loadMs / 1000).toFixed(1)} s · ` +
      `app.inject, ${SETTINGS.warmup} warm-up + ${results[0]?.iterations ?? 0} timed per scenario · ` +
      `load average ${loadAverage.before} → ${loadAverage.after} on ${cpus().length} CPUs`,
  );
  console.log(
    `${pad('scenario', 62)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}   p95 target`,
  );
  for (const r of results) {
    const target = TARGET_P95_MS[r.kind];
    const verdict = !r.cached
      ? '(cache miss, for reference)'
      : engine === 'postgres'
        ? `< ${target} ms ${r.p95 < target ? 'met' : 'MISSED'}`
        : `< ${target} ms (PostgreSQL target)`;
    console.log(
      `${pad(`${r.kind}: ${r.name}`, 62)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}   ${verdict}`,
    );
  }
}

/** Writes bench/results/<engine>-<timestamp>.json; answers its path. */
export async function writeResults(
  catalog: BuiltCatalog,
  run: {
    engine: string;
    version: string;
    loadMs: number;
    loadAverage: { before: number; after: number };
    results: ScenarioResult[];
  },
): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(RESULTS_DIR, `${run.engine}-${stamp}.json`);
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(
    file,
    `${JSON.stringify(
      {
        engine: run.engine,
        version: run.version,
        at: new Date().toISOString(),
        via: 'app.inject (routing, validation, service, SQL, JSON; no sockets)',
        products: SETTINGS.products,
        variants: catalog.variants.length,
        loadMs: round(run.loadMs),
        warmup: SETTINGS.warmup,
        targetsP95Ms: TARGET_P95_MS,
        node: process.version,
        cpus: cpus().length,
        loadAverage: run.loadAverage,
        scenarios: run.results,
      },
      null,
      2,
    )}\n`,
  );
  return file;
}

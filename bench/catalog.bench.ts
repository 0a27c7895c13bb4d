// Catalogue benchmark (see README.md): a generated catalogue of 20,000 products in a fresh PGlite
// and a fresh PostgreSQL database, then the listing (filters, sorts, facets) and search calls of
// the real backend, timed through app.inject: routing, header and body validation, the service,
// SQL and JSON serialisation, without sockets. Prints p50/p95/p99 per scenario next to the
// targets and writes bench/results/<engine>-<timestamp>.json. It never fails on timings.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildBackend } from '../backend/src/app';
import { createDatabase, dropDatabase, isReachable } from '../backend/src/db/admin';
import { openDatabase, type Database } from '../backend/src/db/client';
import { createPaymeProcessor } from '../backend/src/payments/payme-processor';
import { buildSyntheticCatalog, insertCatalog } from '../backend/src/seed/synthetic-catalog';
import { measure, serverVersion, type ScenarioResult } from './catalog/measure';
import { load, report, writeResults } from './catalog/report';
import { scenariosOf } from './catalog/scenarios';
import { SETTINGS } from './catalog/settings';

const catalog = buildSyntheticCatalog({ products: SETTINGS.products });
const SCENARIOS = scenariosOf(catalog);

async function runEngine(engine: 'pglite' | 'postgres', database: Database): Promise<void> {
  await database.migrate();
  const loadStarted = performance.now();
  await insertCatalog(database.db, catalog);
  const loadMs = performance.now() - loadStarted;
  const apiKey = randomBytes(24).toString('base64url');
  const backend = (catalogCacheTtlMs?: number) =>
    buildBackend({
      db: database.db,
      catalogApiKey: apiKey,
      sms: { send: () => Promise.resolve() },
      // The catalogue benchmark never pays: a processor nobody answers for.
      payments: createPaymeProcessor({ url: 'http://127.0.0.1:9/api', merchantId: 'm', key: 'k' }),
      logger: false,
      catalogCacheTtlMs,
    });
  // As deployed (listing totals and facet counts cached per filter), and with that cache off:
  // what each listing request costs when its filter was not asked for in the cache time.
  const app = backend();
  const uncached = backend(0);
  await Promise.all([app.ready(), uncached.ready()]);
  try {
    const results: ScenarioResult[] = [];
    const loadAverage = { before: load(), after: 0 };
    for (const scenario of SCENARIOS) {
      results.push(await measure(app, apiKey, scenario, SETTINGS.iterations[engine]));
    }
    for (const scenario of SCENARIOS.filter((s) => s.kind === 'listing')) {
      results.push({
        ...(await measure(uncached, apiKey, scenario, SETTINGS.iterations[engine])),
        name: `${scenario.name} (uncached)`,
        cached: false,
      });
    }
    loadAverage.after = load();
    const version = await serverVersion(database);
    report(catalog, engine, version, loadMs, loadAverage, results);
    const file = await writeResults(catalog, { engine, version, loadMs, loadAverage, results });
    console.log(`→ ${file}`);
  } finally {
    await Promise.all([app.close(), uncached.close()]);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  if (SETTINGS.engines.includes('pglite')) {
    const database = await openDatabase({});
    try {
      await runEngine('pglite', database);
    } finally {
      await database.close();
    }
  }
  if (SETTINGS.engines.includes('postgres')) {
    if (!(await isReachable(SETTINGS.databaseUrl))) {
      console.log(
        `\npostgres: skipped, no server answers at ${SETTINGS.databaseUrl} (set BENCH_DATABASE_URL)`,
      );
    } else {
      const name = `shop_bench_${randomBytes(4).toString('hex')}`;
      const url = await createDatabase(SETTINGS.databaseUrl, name);
      const database = await openDatabase({ databaseUrl: url });
      try {
        await runEngine('postgres', database);
      } finally {
        await database.close();
        await dropDatabase(SETTINGS.databaseUrl, name);
      }
    }
  }
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

await main();

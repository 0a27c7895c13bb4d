// Catalogue benchmark (see README.md): a generated catalogue of 20,000 products in a fresh PGlite
// and a fresh PostgreSQL database, then the listing (filters, sorts, facets) and search calls of
// the real backend, timed through app.inject: routing, header and body validation, the service,
// SQL and JSON serialisation, without sockets. Prints p50/p95/p99 per scenario next to the
// targets and writes bench/results/<engine>-<timestamp>.json. It never fails on timings.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildBackend } from '../backend/src/app';
import { createDatabase, dropDatabase, isReachable } from '../backend/src/db/admin';
import { openDatabase, type Database } from '../backend/src/db/client';
import { createPaymeProcessor } from '../backend/src/payments/payme-processor';
import { buildSyntheticCatalog, insertCatalog } from '../backend/src/seed/synthetic-catalog';
import { CATALOG_PREFIX, type ProductsFilter } from '../shared/src/index';
import { positiveIntegerFromEnv } from './settings';

// ---- Settings (the benchmark's own environment; nothing else reads these) -------------------

const SETTINGS = {
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
const TARGET_P95_MS = { listing: 15, search: 25 } as const;

// ---- Scenarios -------------------------------------------------------------------------------

interface BenchRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: ProductsFilter;
}

interface Scenario {
  name: string;
  kind: keyof typeof TARGET_P95_MS;
  /** Taken in turn, so one scenario covers several categories or words. */
  requests: BenchRequest[];
}

const catalog = buildSyntheticCatalog({ products: SETTINGS.products });
const departments = catalog.categories
  .filter((c) => c.parentId === null && c.legalOnly !== true)
  .map((c) => c.slug);
const leaves = catalog.categories.filter((c) => c.parentId !== null).map((c) => c.slug);
const brandSlugs = catalog.brands.map((b) => b.slug);

const listing = (filters: ProductsFilter[]): BenchRequest[] =>
  filters.map((body) => ({ method: 'POST', url: `${CATALOG_PREFIX}/resources/products`, body }));
const searching = (words: string[]): BenchRequest[] =>
  words.map((q) => ({
    method: 'GET',
    url: `${CATALOG_PREFIX}/resources/products/search?q=${encodeURIComponent(q)}`,
  }));

const SCENARIOS: Scenario[] = [
  {
    name: 'department, popular',
    kind: 'listing',
    requests: listing(departments.map((category) => ({ category, sort: 'popular' }))),
  },
  {
    name: 'leaf + 2 brands + price, price_asc',
    kind: 'listing',
    requests: listing(
      leaves.slice(0, 40).map((category, i) => ({
        category,
        brands: [
          brandSlugs[i % brandSlugs.length] ?? '',
          brandSlugs[(i * 7 + 3) % brandSlugs.length] ?? '',
        ],
        price_min: 100_000,
        price_max: 2_000_000,
        sort: 'price_asc',
      })),
    ),
  },
  {
    name: 'department + colour + size + in stock, new',
    kind: 'listing',
    requests: listing(
      departments.map((category, i) => ({
        category,
        attributes: {
          color: i % 2 === 0 ? ['white', 'blue'] : ['grey', 'black'],
          size: ['m', 'l', 'double'],
        },
        in_stock: true,
        sort: 'new',
      })),
    ),
  },
  {
    name: 'all products, new, page 3',
    kind: 'listing',
    requests: listing([{ sort: 'new', page: 3 }]),
  },
  {
    name: 'all products, colour, price_desc',
    kind: 'listing',
    requests: listing([
      { attributes: { color: ['white'] }, sort: 'price_desc' },
      { attributes: { color: ['navy', 'red'] }, sort: 'price_desc' },
    ]),
  },
  {
    name: 'exact word',
    kind: 'search',
    requests: searching(['kazan', 'choynak', 'sochiq', 'yostiq', 'lamp']),
  },
  {
    name: 'word prefix',
    kind: 'search',
    requests: searching(['kastr', 'choyn', 'podush', 'gilam', 'krujk']),
  },
  {
    name: 'typo',
    kind: 'search',
    requests: searching(['porcelan', 'kastrulya', 'choynk', 'podushka', 'blankit']),
  },
  {
    name: 'Cyrillic',
    kind: 'search',
    requests: searching(['казан', 'чайник', 'подушка', 'қозон', 'ёғоч']),
  },
  {
    name: 'two words',
    kind: 'search',
    requests: searching(['chinni piyola', 'cast iron kazan', 'махровое полотенце', 'yogʻoch stul']),
  },
];

// ---- Measuring -------------------------------------------------------------------------------

interface ScenarioResult {
  name: string;
  kind: Scenario['kind'];
  iterations: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  /** Average number of products answered, to show the scenario is not empty. */
  answered: number;
  /** False for the rows measured with the listing cache off (what a cache miss costs). */
  cached: boolean;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

type App = ReturnType<typeof buildBackend>;

async function send(app: App, apiKey: string, request: BenchRequest): Promise<number> {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: { 'x-api-key': apiKey, 'x-lang': 'ru', 'content-type': 'application/json' },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  if (response.statusCode !== 200) {
    throw new Error(
      `${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`,
    );
  }
  const answer: unknown = response.json();
  const data =
    typeof answer === 'object' && answer !== null && 'data' in answer ? answer.data : undefined;
  return Array.isArray(data) ? data.length : 0;
}

async function measure(
  app: App,
  apiKey: string,
  scenario: Scenario,
  iterations: number,
): Promise<ScenarioResult> {
  const at = (i: number): BenchRequest => {
    const request = scenario.requests[i % scenario.requests.length];
    if (!request) throw new Error(`Scenario ${scenario.name} has no requests`);
    return request;
  };
  // Every request of the scenario at least once: timed requests then see the caches as a busy
  // shop has them (the uncached rows show what a miss costs).
  const warmup = Math.max(SETTINGS.warmup, scenario.requests.length);
  for (let i = 0; i < warmup; i += 1) await send(app, apiKey, at(i));
  const samples: number[] = [];
  let answered = 0;
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    answered += await send(app, apiKey, at(i));
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    name: scenario.name,
    kind: scenario.kind,
    iterations,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    mean: round(samples.reduce((sum, s) => sum + s, 0) / samples.length),
    max: round(samples.at(-1) ?? Number.NaN),
    answered: round(answered / iterations),
    cached: true,
  };
}

async function serverVersion(database: Database): Promise<string> {
  const result: unknown = await database.db.execute('select version() as version');
  const rows: unknown =
    typeof result === 'object' && result !== null && 'rows' in result ? result.rows : result;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const version =
    typeof first === 'object' && first !== null && 'version' in first ? first.version : undefined;
  return typeof version === 'string' ? (version.split(' on ')[0] ?? version) : 'unknown';
}

const pad = (text: string, width: number) => text.padEnd(width);
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);

/** The machine's 1-minute load average: timings on a busy machine are not the code's alone. */
const load = () => Math.round((loadavg()[0] ?? 0) * 100) / 100;

function report(
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
    report(engine, version, loadMs, loadAverage, results);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = new URL(`results/${engine}-${stamp}.json`, import.meta.url);
    await mkdir(new URL('results/', import.meta.url), { recursive: true });
    await writeFile(
      file,
      `${JSON.stringify(
        {
          engine,
          version,
          at: new Date().toISOString(),
          via: 'app.inject (routing, validation, service, SQL, JSON; no sockets)',
          products: SETTINGS.products,
          variants: catalog.variants.length,
          loadMs: round(loadMs),
          warmup: SETTINGS.warmup,
          targetsP95Ms: TARGET_P95_MS,
          node: process.version,
          cpus: cpus().length,
          loadAverage,
          scenarios: results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`→ ${file.pathname}`);
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

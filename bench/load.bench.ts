// `pnpm bench` (second part): the shop under load, as built (bot/dist/main.mjs), on PostgreSQL.
//   1. Mixed browsing (pages, home, listings, product pages, categories, search, shops) at
//      BENCH_LOAD_CONNECTIONS connections for BENCH_LOAD_SECONDS against one server, then against
//      two behind the balancer of `pnpm start:cluster`: throughput, p50/p99, errors, memory.
//   2. The relay's overhead: an uncached product read through one server against the same read
//      sent to the backend directly, in one run; beside them a bare pass-through (Fastify and
//      undici, nothing checked), the floor any second hop on this machine has.
// Targets: 0 errors; p99 under 300 ms on one instance; memory flat over the run;
// the relay at least 60% of the backend's own throughput. A benchmark: it prints, it never fails.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import { createDatabase, dropDatabase } from '../backend/src/db/admin';
import { spawnCluster, stopProcess, untilClusterServes } from '../tests/support/cluster-process';
import { BROWSING, CATALOG, LIMITS_OFF } from './browsing';
import { positiveIntegerFromEnv } from './settings';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = positiveIntegerFromEnv('BENCH_LOAD_SECONDS', 60);
const CONNECTIONS = positiveIntegerFromEnv('BENCH_LOAD_CONNECTIONS', 50);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** `overhead` measures the relay's overhead alone (a quick check while working on the relay). */
const ONLY = process.env.BENCH_LOAD_ONLY ?? '';
if (ONLY !== '' && ONLY !== 'overhead') throw new Error('BENCH_LOAD_ONLY may only be "overhead"');
const FULL_RUN = ONLY === '';

interface Cluster {
  child: ChildProcess;
  url: string;
  serverPids(): number[];
  stop(): Promise<void>;
}

/** `pnpm start:cluster` with `instances` servers on a database of its own. */
async function startCluster(
  instances: number,
  port: number,
  databaseUrl: string,
  relayCacheTtlMs: number,
): Promise<Cluster> {
  const dataDir = join(REPO_ROOT, '.tmp', `bench-load-${String(port)}`);
  await rm(dataDir, { recursive: true, force: true });
  const cluster = spawnCluster({
    port,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    instances,
    env: {
      CLUSTER_QUIET: '1',
      RELAY_CACHE_TTL_MS: String(relayCacheTtlMs),
      // Figures counted, as on a shop that is watched: their cost is in every number here.
      METRICS_TOKEN: randomBytes(24).toString('base64url'),
      ...LIMITS_OFF,
    },
    stderr: 'inherit',
  });
  const { child } = cluster;
  await untilClusterServes(cluster, 180_000);
  return {
    child,
    url: `http://127.0.0.1:${String(port)}`,
    serverPids: () => {
      const listed = spawnSync('pgrep', ['-f', 'bot/dist/main.mjs'], { encoding: 'utf8' });
      return listed.stdout.split('\n').filter(Boolean).map(Number);
    },
    stop: () => stopProcess(child),
  };
}

/** Runs `measure` on a cluster started for it, and stops the cluster whatever happens. */
async function withCluster<T>(
  instances: number,
  databaseUrl: string,
  relayCacheTtlMs: number,
  measure: (cluster: Cluster) => Promise<T>,
): Promise<T> {
  const cluster = await startCluster(instances, 3700, databaseUrl, relayCacheTtlMs);
  try {
    return await measure(cluster);
  } finally {
    await cluster.stop();
  }
}

/** Resident memory of `pids`, in MB, summed. */
function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    const status = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
    kb += Number(status.stdout.trim()) || 0;
  }
  return Math.round(kb / 1024);
}

function run(url: string, requests: Request[], seconds: number, headers = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: seconds, requests, headers },
      (error, result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(result);
      },
    );
  });
}

/**
 * The floor the relay is measured against: Fastify and undici forwarding the read with nothing
 * checked, nothing added, no hooks. What it loses against the backend called directly is the cost
 * of a second hop on this machine; what the relay loses beyond it is the cost of its own work.
 */
const PASS_THROUGH = `
import Fastify from 'fastify';
import { Agent, request } from 'undici';
const backend = process.env.BACKEND_URL;
const headers = { 'x-api-key': process.env.CATALOG_API_KEY };
const dispatcher = new Agent({ keepAliveTimeout: 4000 });
const app = Fastify();
app.get('/*', async (req, reply) => {
  const answer = await request(backend + req.url, {
    headers: { ...headers, 'x-lang': req.headers['x-lang'] ?? '' },
    dispatcher,
  });
  reply.code(answer.statusCode).type('application/json; charset=utf-8');
  return JSON.stringify(JSON.parse(await answer.body.text()));
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.stdout.write('listening\\n');
`;

async function startPassThrough(
  port: number,
  backendUrl: string,
  key: string,
): Promise<{ stop(): Promise<void> }> {
  // In bot/, whose dependencies Fastify and undici are.
  const child = spawn(process.execPath, ['--input-type=module', '-e', PASS_THROUGH], {
    cwd: join(REPO_ROOT, 'bot'),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      BACKEND_URL: backendUrl,
      CATALOG_API_KEY: key,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, failed) => {
    child.stdout.once('data', () => {
      ready();
    });
    child.once('exit', (code) => {
      failed(new Error(`the pass-through exited with ${String(code)}`));
    });
  });
  return { stop: () => stopProcess(child, 'SIGTERM') };
}

interface LoadRow {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  memoryMb: { start: number; end: number; max: number };
}

async function browse(cluster: Cluster, scenario: string, target: string): Promise<LoadRow> {
  // Warm: the first requests load code paths and fill the backend's caches.
  await run(target, BROWSING, 5);
  const pids = cluster.serverPids();
  const samples: number[] = [rssMb(pids)];
  const sampler = setInterval(() => samples.push(rssMb(pids)), 2000);
  const result = await run(target, BROWSING, SECONDS);
  clearInterval(sampler);
  samples.push(rssMb(pids));
  return {
    scenario,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    memoryMb: {
      start: samples[0] ?? 0,
      end: samples.at(-1) ?? 0,
      max: Math.max(...samples),
    },
  };
}

interface Overhead {
  relayRps: number;
  passThroughRps: number;
  backendRps: number;
  /** Relay and pass-through throughput as shares of the backend's. */
  share: number;
  passThroughShare: number;
}

/**
 * The uncached product read through the cluster's one server (3701), through the bare
 * pass-through, and sent to the backend (3710) directly, in rounds. Each ratio is taken per round
 * and its median reported: on a shared two-core machine one long run of each can land in a slow
 * and a fast minute.
 */
async function measureOverhead(): Promise<Overhead> {
  const key = (
    await readFile(join(REPO_ROOT, '.tmp', 'bench-load-3700', 'backend', 'catalog-api-key'), 'utf8')
  ).trim();
  const read: Request[] = [
    { method: 'GET', path: `${CATALOG}/product/porcelain-mug`, headers: { 'x-lang': 'ru' } },
  ];
  const passThrough = await startPassThrough(3720, 'http://127.0.0.1:3710', key);
  try {
    const seconds = Math.max(5, Math.round(SECONDS / 9));
    await run('http://127.0.0.1:3701', read, 3);
    await run('http://127.0.0.1:3720', read, 3);
    const rounds: { relay: number; passThrough: number; backend: number }[] = [];
    for (let round = 0; round < 3; round += 1) {
      const relay = await run('http://127.0.0.1:3701', read, seconds);
      const bare = await run('http://127.0.0.1:3720', read, seconds);
      const backend = await run('http://127.0.0.1:3710', read, seconds, { 'x-api-key': key });
      rounds.push({
        relay: relay.requests.average,
        passThrough: bare.requests.average,
        backend: backend.requests.average,
      });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? 0;
    const share = (values: number[]) => Math.round(median(values) * 100) / 100;
    return {
      relayRps: Math.round(median(rounds.map((round) => round.relay))),
      passThroughRps: Math.round(median(rounds.map((round) => round.passThrough))),
      backendRps: Math.round(median(rounds.map((round) => round.backend))),
      share: share(rounds.map((round) => round.relay / round.backend)),
      passThroughShare: share(rounds.map((round) => round.passThrough / round.backend)),
    };
  } finally {
    await passThrough.stop();
  }
}

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
  const results = join(REPO_ROOT, 'bench', 'results');
  await mkdir(results, { recursive: true });
  await writeFile(
    join(results, 'load.json'),
    `${JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, connections: CONNECTIONS, rows, overhead, loadavg: loadavg() }, null, 2)}\n`,
  );
  console.log(`Wrote ${join(results, 'load.json')}`);
}

await main();

// One step of the scale benchmark: a fresh scratch database and cluster, browsing and shoppers
// ordering for BENCH_SCALE_SECONDS (one instance SIGKILLed half-way in the kill run), the
// processes' memory sampled, then the orders checked.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import autocannon, { type Result } from 'autocannon';
import { createDatabase, dropDatabase } from '../../backend/src/db/admin';
import { BROWSING } from '../browsing';
import { clusterProcesses, sleep, startCluster, type Cluster, type Process } from './cluster';
import { checkOrders, type OrderCheck } from './order-check';
import { ADMIN_URL, CONNECTIONS, SECONDS, SHOPPERS } from './settings';
import { count, orderLoop, shopData, type OrderStats } from './shoppers';

function browse(url: string, seconds: number, onError: (kind: string) => void): Promise<Result> {
  let finish: (result: Result) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const done = new Promise<Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    { url, connections: CONNECTIONS, duration: seconds, requests: BROWSING },
    (error, result) => {
      if (error) fail(error instanceof Error ? error : new Error(String(error)));
      else finish(result);
    },
  );
  instance.on('reqError', (error: Error & { code?: string }) => {
    onError(error.code ?? error.message);
  });
  instance.on('response', (_client: unknown, statusCode: number) => {
    if (statusCode >= 400) onError(String(statusCode));
  });
  return done;
}

export interface StepRow {
  scenario: string;
  instances: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  browseRequests: number;
  browseFailures: Record<string, number>;
  orders: number;
  ordersPerSecond: number;
  orderP50Ms: number;
  orderP99Ms: number;
  signIns: number;
  orderFailures: Record<string, number>;
  ordersGivenUp: number;
  memoryMb: { instanceMax: number; instancesMax: number[]; backendMax: number; proxyMax: number };
  check: OrderCheck;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);
}

/** The peak resident memory of each of the cluster's processes, sampled every 2 s until stopped. */
function sampleMemory(cluster: Cluster) {
  const memory = new Map<number, { kind: Process['kind']; max: number }>();
  const sample = () => {
    for (const entry of clusterProcesses(cluster)) {
      const seen = memory.get(entry.pid);
      memory.set(entry.pid, {
        kind: entry.kind,
        max: Math.max(seen?.max ?? 0, entry.rssMb),
      });
    }
  };
  sample();
  const sampler = setInterval(sample, 2000);
  return {
    stop: () => {
      clearInterval(sampler);
    },
    peaks: (kind: Process['kind']) =>
      [...memory.values()].filter((entry) => entry.kind === kind).map((entry) => entry.max),
  };
}

interface LoadOutcome {
  result: Result;
  browseFailures: Map<string, number>;
  stats: OrderStats;
  /** How long the shoppers ordered, in seconds. */
  seconds: number;
}

/** Browsing and SHOPPERS shoppers ordering for SECONDS; one instance killed half-way if `kill`. */
async function underLoad(
  cluster: Cluster,
  shop: ReturnType<typeof shopData>,
  kill: boolean,
): Promise<LoadOutcome> {
  const stats: OrderStats = {
    attempted: 0,
    acknowledged: new Map(),
    givenUp: [],
    failures: new Map(),
    latencies: [],
    signIns: 0,
  };
  const browseFailures = new Map<string, number>();
  const running = { on: true };
  const started = performance.now();
  const shoppers = Array.from({ length: SHOPPERS }, () => orderLoop(cluster, shop, stats, running));
  let killed: Promise<void> = Promise.resolve();
  if (kill) {
    killed = sleep((SECONDS * 1000) / 2).then(() => {
      const victim = clusterProcesses(cluster).find((entry) => entry.kind === 'instance');
      if (victim) process.kill(victim.pid, 'SIGKILL');
    });
  }
  const result = await browse(cluster.url, SECONDS, (kind) => {
    count(browseFailures, kind);
  });
  running.on = false;
  await Promise.all([...shoppers, killed]);
  return { result, browseFailures, stats, seconds: (performance.now() - started) / 1000 };
}

function stepRow(
  instances: number,
  kill: boolean,
  load: LoadOutcome,
  peaks: (kind: Process['kind']) => number[],
  check: OrderCheck,
): StepRow {
  const { result, stats } = load;
  return {
    scenario: kill ? `${String(instances)} instances, one SIGKILLed` : String(instances),
    instances,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    browseRequests: result.requests.total,
    browseFailures: Object.fromEntries(load.browseFailures),
    orders: stats.acknowledged.size,
    ordersPerSecond: Math.round((stats.acknowledged.size / load.seconds) * 10) / 10,
    orderP50Ms: percentile(stats.latencies, 0.5),
    orderP99Ms: percentile(stats.latencies, 0.99),
    signIns: stats.signIns,
    orderFailures: Object.fromEntries(stats.failures),
    ordersGivenUp: stats.givenUp.length,
    memoryMb: {
      instanceMax: Math.max(0, ...peaks('instance')),
      instancesMax: peaks('instance'),
      backendMax: Math.max(0, ...peaks('backend')),
      proxyMax: Math.max(0, ...peaks('proxy')),
    },
    check,
  };
}

export async function step(instances: number, kill: boolean): Promise<StepRow> {
  const database = `shop_bench_scale_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(ADMIN_URL, database);
  try {
    const cluster = await startCluster(instances, databaseUrl);
    try {
      const shop = shopData(databaseUrl);
      // Warm: code paths loaded, the backend's and the relay's caches filled.
      await browse(cluster.url, 5, () => undefined);
      const memory = sampleMemory(cluster);
      const load = await underLoad(cluster, shop, kill);
      memory.stop();
      const check = await checkOrders(cluster, load.stats);
      return stepRow(instances, kill, load, memory.peaks, check);
    } finally {
      await cluster.stop();
      await rm(cluster.dataDir, { recursive: true, force: true });
    }
  } finally {
    await dropDatabase(ADMIN_URL, database);
  }
}

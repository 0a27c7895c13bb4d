// The shop the load benchmark measures: `pnpm start:cluster` as built, on a database of its own,
// with the relay's cache as asked and the figures counted, as on a shop that is watched.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnCluster, stopProcess, untilClusterServes } from '../../tests/support/cluster-process';
import { LIMITS_OFF } from '../browsing';
import { REPO_ROOT } from '../settings';
import { REDIS_URL } from './settings';

export interface Cluster {
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
export async function withCluster<T>(
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

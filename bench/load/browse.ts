// Browsing under load: autocannon runs of the shopper's mix, and the servers' resident memory
// sampled while they last.
import { spawnSync } from 'node:child_process';
import autocannon, { type Request, type Result } from 'autocannon';
import { BROWSING } from '../browsing';
import type { Cluster } from './cluster';
import { CONNECTIONS, SECONDS } from './settings';

/** Resident memory of `pids`, in MB, summed. */
function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    const status = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
    kb += Number(status.stdout.trim()) || 0;
  }
  return Math.round(kb / 1024);
}

/** An autocannon run of `requests` at CONNECTIONS connections for `seconds`. */
export function run(
  url: string,
  requests: Request[],
  seconds: number,
  headers = {},
): Promise<Result> {
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

export interface LoadRow {
  scenario: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  memoryMb: { start: number; end: number; max: number };
}

export async function browse(cluster: Cluster, scenario: string, target: string): Promise<LoadRow> {
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

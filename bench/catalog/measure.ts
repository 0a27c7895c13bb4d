// Timing one scenario through app.inject on the real backend: every request once, untimed, then
// the timed ones; nearest-rank percentiles of the samples.
import { performance } from 'node:perf_hooks';
import type { buildBackend } from '../../backend/src/app';
import type { Database } from '../../backend/src/db/client';
import type { BenchRequest, Scenario } from './scenarios';
import { SETTINGS } from './settings';

export interface ScenarioResult {
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

export const round = (ms: number) => Math.round(ms * 100) / 100;

export type App = ReturnType<typeof buildBackend>;

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

export async function measure(
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

export async function serverVersion(database: Database): Promise<string> {
  const result: unknown = await database.db.execute('select version() as version');
  const rows: unknown =
    typeof result === 'object' && result !== null && 'rows' in result ? result.rows : result;
  const first: unknown = Array.isArray(rows) ? rows[0] : undefined;
  const version =
    typeof first === 'object' && first !== null && 'version' in first ? first.version : undefined;
  return typeof version === 'string' ? (version.split(' on ')[0] ?? version) : 'unknown';
}

// The operator's figures (/metrics, Prometheus text): where they are served, if anywhere. Off by
// default: a fixed port would collide when two instances share a machine, and the figures say
// how the shop is used, which is nobody's business outside.
import { isSet, optional, Port, type Env } from '@shop/shared/server';
import { z } from 'zod';
import { DEFAULT_PORT } from './default-port';

/** The address the metrics port listens on unless METRICS_HOST says otherwise: this machine only. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';

export const MetricsSettings = z.object({
  // Its own listener for /metrics; the shoppers' port then has none.
  METRICS_PORT: optional(Port.min(1, 'Must be a port number from 1')),
  METRICS_HOST: optional(z.string().regex(/^[0-9A-Za-z.:[\]-]{1,255}$/, 'Must be an address')),
  // /metrics on the shoppers' port, for `Authorization: Bearer <token>` only. Long and random,
  // printable without spaces, so it reads the same from a .env file and a Prometheus config.
  METRICS_TOKEN: optional(
    z.string().regex(/^[\x21-\x7e]{24,500}$/, 'Must be 24-500 printable characters, no spaces'),
  ),
});

export interface MetricsExposure {
  /** /metrics on a listener of its own (METRICS_PORT on METRICS_HOST); null: none. */
  listen: { port: number; host: string } | null;
  /** /metrics on the main port for this bearer token (METRICS_TOKEN); null: not there. */
  token: string | null;
}

export interface MetricsConfig {
  metrics: MetricsExposure;
}

/** A host without a port is a mistake; the metrics port cannot be the shoppers' port. */
export function metricsProblems(env: Env): string[] {
  const problems: string[] = [];
  if (isSet(env, 'METRICS_HOST') && !isSet(env, 'METRICS_PORT')) {
    problems.push('METRICS_HOST: Set METRICS_PORT too, or leave METRICS_HOST empty');
  }
  const main = env.PORT === undefined || env.PORT === '' ? String(DEFAULT_PORT) : env.PORT;
  if (isSet(env, 'METRICS_PORT') && Number(env.METRICS_PORT) === Number(main)) {
    problems.push("METRICS_PORT: Must differ from PORT: the shoppers' port never serves /metrics");
  }
  return problems;
}

export function metricsConfig(e: z.infer<typeof MetricsSettings>): MetricsConfig {
  return {
    metrics: {
      listen:
        e.METRICS_PORT === undefined
          ? null
          : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? DEFAULT_METRICS_HOST },
      token: e.METRICS_TOKEN ?? null,
    },
  };
}

// The operator's figures, as main.ts puts them together: made when `/metrics` is served anywhere
// (METRICS_PORT or METRICS_TOKEN), and served on a listener of their own with METRICS_PORT.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { NotifierStore } from '../notifier/store';
import { startMetricsListener } from './metrics-routes';
import { createShopMetrics, type ShopMetrics } from './shop-metrics';

/** The figures, or null when nothing serves them; the waiting bot messages are counted in the store. */
export function metricsFor(
  config: Config,
  store: NotifierStore,
  log: () => FastifyInstance['log'] | null,
): ShopMetrics | null {
  const { listen, token } = config.metrics;
  if (listen === null && token === null) return null;
  return createShopMetrics({
    sendQueue: store,
    onQueueError: (error) =>
      log()?.warn({ err: error }, 'Could not count the waiting bot messages'),
    refunds: store,
    onRefundsError: (error) => log()?.warn({ err: error }, 'Could not count the refunds made'),
  });
}

/** `/metrics` on METRICS_PORT, listening when resolved; null without a port of its own. */
export async function listenForMetrics(
  config: Config,
  metrics: ShopMetrics | null,
  log: FastifyInstance['log'],
): Promise<FastifyInstance | null> {
  const { listen } = config.metrics;
  if (!metrics || !listen) return null;
  const listener = await startMetricsListener({ metrics, ...listen });
  log.info(
    { url: `http://${listen.host}:${String(listen.port)}/metrics` },
    'Serving the figures for Prometheus',
  );
  return listener;
}

// The reference backend in this process, for a shop with no upstream URLs: it works offline, and
// the backend pushes its order events to this server's own endpoint.
import {
  startEmbeddedBackend,
  type EmbeddedBackend,
  type EmbeddedBackendOptions,
} from '@shop/backend';
import type pinoPretty from 'pino-pretty';
import type { Config, Upstreams } from './config';
import { ORDER_EVENTS_PATH } from './notifier/order-events-route';

/** The terminal's pretty printer, when there is a terminal (main.ts). */
export type LogStream = ReturnType<typeof pinoPretty>;

function startBackend(
  config: Config,
  orderEventsSecret: string | null,
  logStream: LogStream | null,
): Promise<EmbeddedBackend> {
  // Events go to this server's own endpoint, over loopback when it listens on every address.
  const ownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const urlHost = ownHost.includes(':') ? `[${ownHost}]` : ownHost;
  const backendOptions: EmbeddedBackendOptions = {
    ...config.embeddedBackend,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    host: '127.0.0.1',
    // Every call it answers is a relayed one, logged once by the relay under the same id: the
    // backend adds only its warnings and errors (everything when debugging), named as its own.
    logger: {
      level: ['debug', 'trace'].includes(config.logLevel) ? config.logLevel : 'warn',
      name: 'backend',
      ...(logStream ? { stream: logStream } : {}),
    },
    orderEvents: orderEventsSecret
      ? { url: `http://${urlHost}:${config.port}${ORDER_EVENTS_PATH}`, secret: orderEventsSecret }
      : null,
    // The local payment stand-ins call the shop here, through its relay, as providers do.
    shopUrl: `http://${urlHost}:${config.port}`,
  };
  return startEmbeddedBackend(backendOptions);
}

/** The backends the relay talks to: the configured ones, else the embedded one, started here. */
export async function startUpstreams(
  config: Config,
  orderEventsSecret: string | null,
  logStream: LogStream | null,
): Promise<{ upstreams: Upstreams; backend: EmbeddedBackend | null }> {
  if (config.upstreams) return { upstreams: config.upstreams, backend: null };
  const backend = await startBackend(config, orderEventsSecret, logStream);
  const upstreams = {
    ecommerceUrl: backend.url,
    catalogUrl: backend.url,
    catalogApiKey: backend.catalogApiKey,
  };
  return { upstreams, backend };
}

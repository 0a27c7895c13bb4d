// The one file with side effects: reads the environment, starts what is needed, listens.
import type { AddressInfo } from 'node:net';
import {
  startEmbeddedBackend,
  type EmbeddedBackend,
  type EmbeddedBackendOptions,
} from '@shop/backend';
import { prepareTelegram, type Telegram } from './telegram/prepare-telegram';
import { ConfigError, loadConfig, type Config, type Upstreams } from './config';
import {
  createNotifier,
  loadOrCreateOrderEventsSecret,
  notifierDir,
  notifierPgliteDir,
  openNotifierStore,
} from './notifier/notifier';
import { ORDER_EVENTS_PATH } from './notifier/order-events-route';
import { createOrderPoller } from './notifier/order-poller';
import { createNotifierApi } from './notifier/sender';
import { createUpstreamClient } from './relay/upstream-client';
import { buildServer } from './server';
import { Redis } from 'ioredis';
import pinoPretty from 'pino-pretty';
import { createShutdown, exitOnSignals } from './shutdown';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();

  // The notifier's state, in its schema `notifier`: in DATABASE_URL's server (opened while the
  // embedded backend starts); else in the embedded backend's PGlite once it is up (one cold PGlite,
  // not two); else, with the backends elsewhere, in a PGlite of its own in the data dir.
  const openingStore = config.databaseUrl
    ? openNotifierStore({ databaseUrl: config.databaseUrl })
    : config.upstreams
      ? openNotifierStore({ pgliteDir: notifierPgliteDir(config.dataDir) })
      : null;
  // Awaited below; a failure meanwhile is reported there, not as an unhandled rejection.
  openingStore?.catch(() => undefined);
  // Embedded mode makes (once) and shares the key of signed order events; outside backends
  // must be given ORDER_EVENTS_SECRET to push events.
  const orderEventsSecret =
    config.orderEventsSecret ??
    (config.upstreams ? null : await loadOrCreateOrderEventsSecret(notifierDir(config.dataDir)));

  // A person at a terminal reads lines, a log collector JSON: pretty only on a terminal.
  const logStream = process.stdout.isTTY
    ? pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' })
    : null;

  // No upstream URLs: run the reference backend in this process so the shop works offline.
  let upstreams: Upstreams;
  let backend: EmbeddedBackend | null = null;
  if (config.upstreams) {
    upstreams = config.upstreams;
  } else {
    // Events go to this server's own endpoint, over loopback when it listens on every address.
    const ownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const urlHost = ownHost.includes(':') ? `[${ownHost}]` : ownHost;
    const backendOptions: EmbeddedBackendOptions = {
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
      catalogCacheTtlMs: config.catalogCacheTtlMs,
      payme: config.payme,
      paymentHoldMinutes: config.paymentHoldMinutes,
      orderLimits: config.orderLimits,
      signInLimits: config.signInLimits,
      orderEvents: orderEventsSecret
        ? { url: `http://${urlHost}:${config.port}${ORDER_EVENTS_PATH}`, secret: orderEventsSecret }
        : null,
      demoOrderFlow: config.demoOrderFlow,
    };
    backend = await startEmbeddedBackend(backendOptions);
    upstreams = {
      ecommerceUrl: backend.url,
      catalogUrl: backend.url,
      catalogApiKey: backend.catalogApiKey,
    };
  }

  const sharedPglite = backend?.pglite ?? null;
  const notifierStore = await (
    openingStore ??
    (sharedPglite
      ? openNotifierStore({ pglite: sharedPglite })
      : Promise.reject(new Error('The embedded backend runs on no PGlite to share')))
  ).catch(async (error: unknown) => {
    await backend?.close();
    throw error;
  });
  const notifier = createNotifier({
    store: notifierStore,
    secret: orderEventsSecret,
    api: config.telegram.enabled
      ? createNotifierApi(config.telegram.token, config.telegram.apiRoot)
      : null,
    publicUrl: config.publicUrl,
    sender: { leaseMs: config.notifierSendLeaseMs },
  });

  // The bot is prepared once the server exists (its webhook route goes on it); the link calls ask
  // it for its username only when they are called.
  let telegram: Telegram | null = null;
  // Rate-limit counters every instance shares. A short connect timeout and one retry per
  // command: with Redis away, a request waits a moment, not a minute, and is let through.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : null;
  const app = await buildServer({
    notifier,
    ...(config.telegram.enabled
      ? {
          telegramLink: {
            botToken: config.telegram.token,
            maxAgeSeconds: config.initDataMaxAgeSeconds,
            botUsername: () => telegram?.username() ?? null,
          },
        }
      : {}),
    webappDist: config.webappDist,
    upstreams,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    upstreamMaxAnswerBytes: config.upstreamMaxAnswerBytes,
    mediaTransferTimeoutMs: config.mediaTransferTimeoutMs,
    clientTimeouts: config.clientTimeouts,
    publicUrl: config.publicUrl,
    relayCache: { ttlMs: config.relayCacheTtlMs },
    yandexMapsApiKey: config.yandexMapsApiKey,
    buildPollIntervalMs: config.buildPollIntervalMs,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    rateLimits: { limits: config.rateLimits, redis, redisPrefix: config.redisPrefix },
    log: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
  });
  if (backend) {
    app.log.info(
      {
        dataDir: config.dataDir,
        // Where card payments go; the cashbox key is never logged.
        cardPayments: backend.paymentSandboxUrl === null ? 'payme' : 'payme-sandbox',
      },
      'Embedded reference backend started',
    );
  }

  const bot = prepareTelegram({
    config: config.telegram,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'bot' }),
    app,
    seenUpdates: notifierStore,
    chats: notifierStore,
  });
  telegram = bot;

  // A backend that cannot push its order events is asked about open orders instead
  // (ORDER_POLL_INTERVAL_MS; 0, the default when the backend pushes, leaves it off).
  const orderPoller = createOrderPoller({
    store: notifierStore,
    record: (events) => notifier.record(events),
    client: createUpstreamClient({
      upstreams,
      timeoutMs: config.upstreamTimeoutMs,
      maxAnswerBytes: config.upstreamMaxAnswerBytes,
    }),
    logger: app.log.child({ module: 'order-poller' }),
    intervalMs: config.orderPollIntervalMs,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
  });

  const shutdown = createShutdown({
    logger: app.log,
    steps: [
      { name: 'bot', run: () => bot.stop() },
      { name: 'order poller', run: () => orderPoller.stop() },
      { name: 'notifier', run: () => notifier.stop() },
      { name: 'server', run: () => app.close() },
      {
        name: 'redis',
        run: async () => {
          await redis?.quit();
        },
      },
      // Before the backend: on PGlite the store uses the backend's database, which it closes.
      { name: 'notifier store', run: () => notifierStore.close() },
      { name: 'backend', run: () => backend?.close() ?? Promise.resolve() },
    ],
  });
  exitOnSignals(shutdown, app.log);

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    // The port is taken, say: stop the backend too, or the process would linger half-started.
    await shutdown('listen failed');
    throw error;
  }
  await bot.start();
  notifier.start(app.log.child({ module: 'notifier' }));
  orderPoller.start();
  if (config.orderPollIntervalMs > 0) {
    app.log.info({ intervalMs: config.orderPollIntervalMs }, 'Polling open orders for changes');
  }
  const address: AddressInfo | string | null = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  process.stdout.write(`Shop is running at http://${config.host}:${port}/\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The shop could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

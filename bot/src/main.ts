// The one file with side effects: reads the environment, starts what is needed, listens.
import type { AddressInfo } from 'node:net';
import { DatabaseOpenError, type EmbeddedBackend } from '@shop/backend';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pinoPretty from 'pino-pretty';
import { makeDataDirPrivate } from '@shop/shared/server';
import { ConfigError, loadConfig, type Config, type OperatorApi, type Upstreams } from './config';
import { startUpstreams, type LogStream } from './embedded-backend';
import { startMetricsListener } from './metrics/metrics-routes';
import { createShopMetrics, type ShopMetrics } from './metrics/shop-metrics';
import {
  createNotifier,
  loadOrCreateOrderEventsSecret,
  notifierDir,
  notifierPgliteDir,
  openNotifierStore,
  type Notifier,
} from './notifier/notifier';
import { createOrderPoller, type OrderPoller } from './notifier/order-poller';
import { createNotifierApi } from './notifier/sender';
import type { NotifierStore } from './notifier/store';
import { createUpstreamClient } from './relay/upstream-client';
import { plainLinkWarning } from './telegram/plain-link-warning';
import { createOperatorClient } from './staff/operator-client';
import type { StaffDeps } from './staff/staff-deps';
import type { TrustedSignInApi } from './notifier/trusted-sign-in-client';
import { buildServer } from './server';
import { createShutdown, exitOnSignals } from './shutdown';
import { prepareTelegram, type Telegram } from './telegram/prepare-telegram';
import { setChatMenuOf } from './telegram/menu-button';
import { productCardsFrom } from './telegram/product-cards';

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

/**
 * The notifier's state, in its schema `notifier`: in DATABASE_URL's server (opened while the
 * embedded backend starts); else in the embedded backend's PGlite once it is up (one cold PGlite,
 * not two: null here); else, with the backends elsewhere, in a PGlite of its own in the data dir.
 */
function startOpeningStore(config: Config): Promise<NotifierStore> | null {
  const staffChatId = config.staff?.chatId ?? null;
  const opening = config.databaseUrl
    ? openNotifierStore({ databaseUrl: config.databaseUrl, staffChatId })
    : config.upstreams
      ? openNotifierStore({ pgliteDir: notifierPgliteDir(config.dataDir), staffChatId })
      : null;
  // Awaited later; a failure meanwhile is reported there, not as an unhandled rejection.
  opening?.catch(() => undefined);
  return opening;
}

/**
 * Embedded mode makes (once) and shares the key of signed order events; outside backends must be
 * given ORDER_EVENTS_SECRET to push events.
 */
async function orderEventsSecretFor(config: Config): Promise<string | null> {
  return (
    config.orderEventsSecret ??
    (config.upstreams ? null : await loadOrCreateOrderEventsSecret(notifierDir(config.dataDir)))
  );
}

/** A person at a terminal reads lines, a log collector JSON: pretty only on a terminal. */
function terminalLogStream(): LogStream | null {
  return process.stdout.isTTY
    ? pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' })
    : null;
}

/**
 * The store opened early, else the one in the embedded backend's PGlite; the backend is stopped
 * when the store cannot open.
 */
async function openStore(
  opening: Promise<NotifierStore> | null,
  backend: EmbeddedBackend | null,
  staffChatId: number | null,
): Promise<NotifierStore> {
  const sharedPglite = backend?.pglite ?? null;
  return (
    opening ??
    (sharedPglite
      ? openNotifierStore({ pglite: sharedPglite, staffChatId })
      : Promise.reject(new Error('The embedded backend runs on no PGlite to share')))
  ).catch(async (error: unknown) => {
    await backend?.close();
    throw error;
  });
}

/**
 * The operator's figures, when `/metrics` is served anywhere (METRICS_PORT or METRICS_TOKEN);
 * the waiting bot messages are counted in the shared store.
 */
function metricsFor(
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
  });
}

/**
 * Where the staff buttons move orders: the embedded backend's own operator call, or the outside
 * backend's (OPERATOR_API_URL); null: staff cards come without buttons.
 */
function staffOperatorApi(config: Config, backend: EmbeddedBackend | null): OperatorApi | null {
  if (!config.staff) return null;
  if (backend) return { url: backend.url, secret: backend.operatorSecret };
  return config.staff.operatorApi;
}

/** The staff chat's buttons and commands, when STAFF_CHAT_ID is set. */
function staffFor(
  config: Config,
  parts: { store: NotifierStore; notifier: Notifier; operatorApi: OperatorApi | null },
  logger: StaffDeps['logger'],
): StaffDeps | undefined {
  if (!config.staff) return undefined;
  return {
    chatId: config.staff.chatId,
    userIds: config.staff.userIds,
    language: config.staff.language,
    store: parts.store,
    notifier: parts.notifier,
    operator: parts.operatorApi
      ? createOperatorClient(parts.operatorApi, config.upstreamTimeoutMs)
      : null,
    logger,
  };
}

/** The order notifier on its store; it sends only when there is a bot token. */
function notifierFor(
  config: Config,
  store: NotifierStore,
  secret: string | null,
  metrics: ShopMetrics | null,
  operatorApi: OperatorApi | null,
): Notifier {
  return createNotifier({
    store,
    secret,
    api: config.telegram.enabled
      ? createNotifierApi(config.telegram.token, config.telegram.apiRoot)
      : null,
    publicUrl: config.publicUrl,
    sender: {
      leaseMs: config.notifierSendLeaseMs,
      ...(metrics ? { observe: metrics.observeBotMessage } : {}),
      ...(config.staff
        ? { staffCards: { language: config.staff.language, buttons: operatorApi !== null } }
        : {}),
    },
  });
}

/**
 * Rate-limit counters every instance shares. A short connect timeout and one retry per command:
 * with Redis away, a request waits a moment, not a minute, and is let through.
 */
function rateLimitRedis(config: Config): Redis | null {
  return config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
    : null;
}

/**
 * Where the one-tap sign-in with the Telegram phone signs shoppers in: the embedded backend's
 * operator call, or an outside backend's (TRUSTED_SIGN_IN_URL); null: SMS codes only.
 */
function trustedSignInApi(
  config: Config,
  backend: EmbeddedBackend | null,
): TrustedSignInApi | null {
  if (backend) return { url: backend.url, secret: backend.operatorSecret };
  return config.trustedSignIn;
}

/** The HTTP side with everything it serves; the link calls ask `telegram` for its username. */
function startServer(
  config: Config,
  parts: {
    notifier: Notifier;
    upstreams: Upstreams;
    redis: Redis | null;
    logStream: LogStream | null;
    telegram: () => Telegram | null;
    metrics: ShopMetrics | null;
    trustedSignIn: TrustedSignInApi | null;
  },
): Promise<FastifyInstance> {
  const { notifier, upstreams, redis, logStream, telegram, metrics, trustedSignIn } = parts;
  return buildServer({
    notifier,
    ...(trustedSignIn ? { trustedSignIn } : {}),
    ...(metrics ? { metrics: { figures: metrics, token: config.metrics.token } } : {}),
    ...(config.telegram.enabled
      ? {
          telegramLink: {
            botToken: config.telegram.token,
            maxAgeSeconds: config.initDataMaxAgeSeconds,
            botUsername: () => telegram()?.username() ?? null,
            // The chat's menu button in its language, for a chat that may never press Start.
            onLinked: async ({ chatId, language }, log) => {
              const api = telegram()?.bot?.api;
              if (api) await setChatMenuOf(api, chatId, config.publicUrl, language, log);
            },
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
    orderLineQuantityLimit: config.orderLineQuantityLimit,
    telegramShare: config.telegramShare,
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    rateLimits: { limits: config.rateLimits, redis, redisPrefix: config.redisPrefix },
    log: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
  });
}

/**
 * A backend that cannot push its order events is asked about open orders instead
 * (ORDER_POLL_INTERVAL_MS; 0, the default when the backend pushes, leaves it off).
 */
function orderPollerFor(
  config: Config,
  parts: {
    store: NotifierStore;
    notifier: Notifier;
    upstreams: Upstreams;
    app: FastifyInstance;
    metrics: ShopMetrics | null;
  },
): OrderPoller {
  return createOrderPoller({
    store: parts.store,
    record: (events) => parts.notifier.record(events),
    client: createUpstreamClient({
      upstreams: parts.upstreams,
      timeoutMs: config.upstreamTimeoutMs,
      maxAnswerBytes: config.upstreamMaxAnswerBytes,
      ...(parts.metrics ? { observe: parts.metrics.observeBackendCall } : {}),
    }),
    logger: parts.app.log.child({ module: 'order-poller' }),
    intervalMs: config.orderPollIntervalMs,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
  });
}

/** Stops each part once, the ones that use others first. */
function shutdownInOrder(
  app: FastifyInstance,
  parts: {
    bot: Telegram;
    orderPoller: OrderPoller;
    notifier: Notifier;
    redis: Redis | null;
    notifierStore: NotifierStore;
    backend: EmbeddedBackend | null;
    metricsListener: () => FastifyInstance | null;
  },
): (reason: string) => Promise<void> {
  const { bot, orderPoller, notifier, redis, notifierStore, backend, metricsListener } = parts;
  return createShutdown({
    logger: app.log,
    steps: [
      { name: 'bot', run: () => bot.stop() },
      { name: 'order poller', run: () => orderPoller.stop() },
      { name: 'notifier', run: () => notifier.stop() },
      { name: 'server', run: () => app.close() },
      { name: 'metrics', run: () => metricsListener()?.close() ?? Promise.resolve() },
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
}

async function main(): Promise<void> {
  const config = readConfig();
  // Before anything is written there: sign-in codes, secrets and the databases' files.
  await makeDataDirPrivate(config.dataDir);
  const openingStore = startOpeningStore(config);
  const orderEventsSecret = await orderEventsSecretFor(config);
  const logStream = terminalLogStream();

  const { upstreams, backend } = await startUpstreams(config, orderEventsSecret, logStream);

  const notifierStore = await openStore(openingStore, backend, config.staff?.chatId ?? null);
  if (config.staff) {
    await notifierStore.ensureStaffChat(config.staff.chatId, config.staff.language, new Date());
  }
  // The figures are made before the server, whose log they use once it exists.
  let appLog: FastifyInstance['log'] | null = null;
  const metrics = metricsFor(config, notifierStore, () => appLog);
  const operatorApi = staffOperatorApi(config, backend);
  const notifier = notifierFor(config, notifierStore, orderEventsSecret, metrics, operatorApi);

  // The bot is prepared once the server exists (its webhook route goes on it); the link calls ask
  // it for its username only when they are called.
  let telegram: Telegram | null = null;
  const redis = rateLimitRedis(config);
  const app = await startServer(config, {
    notifier,
    upstreams,
    redis,
    logStream,
    telegram: () => telegram,
    metrics,
    // The embedded backend's own operator call; outside backends need TRUSTED_SIGN_IN_URL.
    trustedSignIn: trustedSignInApi(config, backend),
  });
  appLog = app.log;
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

  const plainLinks = plainLinkWarning(config.publicUrl, config.telegram.enabled);
  if (plainLinks !== null) app.log.warn(plainLinks);

  const bot = prepareTelegram({
    config: config.telegram,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'bot' }),
    app,
    seenUpdates: notifierStore,
    chats: notifierStore,
    products: productCardsFrom(app, config.publicUrl),
    staff: staffFor(
      config,
      { store: notifierStore, notifier, operatorApi },
      app.log.child({ module: 'staff' }),
    ),
  });
  telegram = bot;
  const orderPoller = orderPollerFor(config, {
    store: notifierStore,
    notifier,
    upstreams,
    app,
    metrics,
  });
  let metricsListener: FastifyInstance | null = null;

  const shutdown = shutdownInOrder(app, {
    bot,
    orderPoller,
    notifier,
    redis,
    notifierStore,
    backend,
    metricsListener: () => metricsListener,
  });
  exitOnSignals(shutdown, app.log);

  try {
    await app.listen({ host: config.host, port: config.port });
    const { listen } = config.metrics;
    if (metrics && listen) {
      metricsListener = await startMetricsListener({ metrics, ...listen });
      app.log.info(
        { url: `http://${listen.host}:${String(listen.port)}/metrics` },
        'Serving the figures for Prometheus',
      );
    }
  } catch (error) {
    // A port is taken, say: stop the backend too, or the process would linger half-started.
    await shutdown('listen failed');
    throw error;
  }
  await bot.start();
  notifier.start(app.log.child({ module: 'notifier' }));
  orderPoller.start();
  if (config.orderPollIntervalMs > 0) {
    app.log.info({ intervalMs: config.orderPollIntervalMs }, 'Polling open orders for changes');
  }
  // PGlite sets its own files' modes whatever the umask: close up what it made while opening.
  await makeDataDirPrivate(config.dataDir);
  const address: AddressInfo | string | null = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  // The runtime is named: the shop needs Node 24, and a wrong `node` on the PATH shows here.
  process.stdout.write(
    `Shop is running at http://${config.host}:${port}/ (Node ${process.versions.node})\n`,
  );
}

main().catch((error: unknown) => {
  // A database that will not open says why and what to do: its words, not a trace, are the news.
  const words =
    error instanceof DatabaseOpenError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`The shop could not start: ${words}\n`);
  process.exit(1);
});

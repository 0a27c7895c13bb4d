// The one file with side effects: reads the environment, starts what is needed in order, listens,
// and stops it all in order. Each area's parts are made in its folder (`wire-*.ts`); this file
// says only when each is made, started and stopped.
import type { AddressInfo } from 'node:net';
import { DatabaseOpenError, type EmbeddedBackend } from '@shop/backend';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pinoPretty from 'pino-pretty';
import { makeDataDirPrivate } from '@shop/shared/server';
import { ConfigError, loadConfig, type Config } from './config';
import { startUpstreams, type LogStream } from './embedded-backend';
import type { ShopMetrics } from './metrics/shop-metrics';
import { listenForMetrics, metricsFor } from './metrics/wire-metrics';
import type { Notifier } from './notifier/notifier';
import type { OrderPoller } from './notifier/order-poller';
import type { NotifierStore } from './notifier/store';
import {
  notifierFor,
  openStore,
  orderEventsSecretFor,
  orderPollerFor,
  startNotifying,
  startOpeningStore,
} from './notifier/wire-notifier';
import { buildServer } from './server';
import { serverDepsFrom } from './server-config';
import { createShutdown, exitOnSignals } from './shutdown';
import { registerStaffChat, staffFor, staffOperatorApi } from './staff/wire-staff';
import { plainLinkWarning } from './telegram/plain-link-warning';
import type { Telegram } from './telegram/prepare-telegram';
import { prepareBotFor } from './telegram/wire-telegram';
import {
  telegramPaymentsFor,
  type TelegramPayments,
} from './telegram-payments/wire-telegram-payments';
import { rateLimitRedis } from './web/wire-web';

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

/** A person at a terminal reads lines, a log collector JSON: pretty only on a terminal. */
function terminalLogStream(): LogStream | null {
  return process.stdout.isTTY
    ? pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' })
    : null;
}

/** What the log says once the server exists: the embedded backend, and links Telegram cannot open. */
function logStart(app: FastifyInstance, config: Config, backend: EmbeddedBackend | null): void {
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
    payments: TelegramPayments | null;
  },
): (reason: string) => Promise<void> {
  const { bot, orderPoller, notifier, redis, notifierStore, backend, metricsListener } = parts;
  const { payments } = parts;
  return createShutdown({
    logger: app.log,
    steps: [
      { name: 'bot', run: () => bot.stop() },
      // Payments Telegram took but the backend has not recorded yet stay in the store for the
      // next start.
      { name: 'telegram payments', run: () => payments?.recorder.stop() ?? Promise.resolve() },
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

/**
 * The shop's port, then the figures' own; a failure stops everything started so far (a port is
 * taken, say: the backend too, or the process would linger half-started).
 */
async function listen(
  app: FastifyInstance,
  config: Config,
  parts: { metrics: ShopMetrics | null; shutdown: (reason: string) => Promise<void> },
): Promise<FastifyInstance | null> {
  try {
    await app.listen({ host: config.host, port: config.port });
    return await listenForMetrics(config, parts.metrics, app.log);
  } catch (error) {
    await parts.shutdown('listen failed');
    throw error;
  }
}

/** The address the shop answers on; the runtime is named, as a wrong `node` on the PATH shows here. */
function printAddress(app: FastifyInstance, config: Config): void {
  const address: AddressInfo | string | null = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  process.stdout.write(
    `Shop is running at http://${config.host}:${port}/ (Node ${process.versions.node})\n`,
  );
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
  await registerStaffChat(config, notifierStore);
  // The figures are made before the server, whose log they use once it exists.
  let appLog: FastifyInstance['log'] | null = null;
  const metrics = metricsFor(config, notifierStore, () => appLog);
  const operatorApi = staffOperatorApi(config, backend);
  const notifier = notifierFor(config, notifierStore, orderEventsSecret, metrics, operatorApi);

  // The bot is prepared once the server exists (its webhook route goes on it); the link calls ask
  // it for its username only when they are called.
  let telegram: Telegram | null = null;
  const redis = rateLimitRedis(config);
  const app = await buildServer(
    serverDepsFrom(config, {
      notifier,
      upstreams,
      redis,
      logStream,
      telegram: () => telegram,
      metrics,
      backend,
    }),
  );
  appLog = app.log;
  logStart(app, config, backend);

  const staff = staffFor(config, { store: notifierStore, notifier, operatorApi }, app.log);
  const payments = telegramPaymentsFor(config, { store: notifierStore, backend }, app.log);
  const bot = prepareBotFor(config, app, notifierStore, staff, payments);
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
    payments,
    orderPoller,
    notifier,
    redis,
    notifierStore,
    backend,
    metricsListener: () => metricsListener,
  });
  exitOnSignals(shutdown, app.log);

  metricsListener = await listen(app, config, { metrics, shutdown });
  await bot.start();
  payments?.recorder.start();
  startNotifying(config, app, notifier, orderPoller);
  // PGlite sets its own files' modes whatever the umask: close up what it made while opening.
  await makeDataDirPrivate(config.dataDir);
  printAddress(app, config);
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

// The order notifier's parts, as main.ts and server.ts put them together: its store (where it lives
// depends on the backends), the key of signed order events, the notifier that sends, the poller
// for a backend that cannot push, and the call a backend pushes its events to.
import type { EmbeddedBackend } from '@shop/backend';
import type { FastifyInstance } from 'fastify';
import type { Config, OperatorApi, Upstreams } from '../config';
import type { ShopMetrics } from '../metrics/shop-metrics';
import { createUpstreamClient } from '../relay/upstream-client';
import {
  createNotifier,
  loadOrCreateOrderEventsSecret,
  notifierDir,
  notifierPgliteDir,
  openNotifierStore,
  type Notifier,
} from './notifier';
import { registerOrderEvents } from './order-events-route';
import { createOrderPoller, type OrderPoller } from './order-poller';
import { createNotifierApi } from './sender';
import type { NotifierStore } from './store';

/**
 * The notifier's state, in its schema `notifier`: in DATABASE_URL's server (opened while the
 * embedded backend starts); else in the embedded backend's PGlite once it is up (one cold PGlite,
 * not two: null here); else, with the backends elsewhere, in a PGlite of its own in the data dir.
 */
export function startOpeningStore(config: Config): Promise<NotifierStore> | null {
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
export async function orderEventsSecretFor(config: Config): Promise<string | null> {
  return (
    config.orderEventsSecret ??
    (config.upstreams ? null : await loadOrCreateOrderEventsSecret(notifierDir(config.dataDir)))
  );
}

/**
 * The store opened early, else the one in the embedded backend's PGlite; the backend is stopped
 * when the store cannot open.
 */
export async function openStore(
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

/** The order notifier on its store; it sends only when there is a bot token. */
export function notifierFor(
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
 * A backend that cannot push its order events is asked about open orders instead
 * (ORDER_POLL_INTERVAL_MS; 0, the default when the backend pushes, leaves it off).
 */
export function orderPollerFor(
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

/** Starts sending, and polling when a backend must be polled. */
export function startNotifying(
  config: Config,
  app: FastifyInstance,
  notifier: Notifier,
  orderPoller: OrderPoller,
): void {
  notifier.start(app.log.child({ module: 'notifier' }));
  orderPoller.start();
  if (config.orderPollIntervalMs > 0) {
    app.log.info({ intervalMs: config.orderPollIntervalMs }, 'Polling open orders for changes');
  }
}

/** `POST /tg/order-events`, when the notifier has the key to check a backend's signature. */
export async function registerOrderEventsCall(
  app: FastifyInstance,
  notifier: Notifier,
): Promise<void> {
  if (!notifier.secret) return;
  await registerOrderEvents(app, {
    store: notifier.store,
    secret: notifier.secret,
    onStored: () => {
      notifier.wake();
    },
  });
}

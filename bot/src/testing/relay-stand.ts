import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  outboxPath,
  seededSnapshot,
  startEmbeddedBackend,
  T0,
  type EmbeddedBackend,
  type EmbeddedBackendOptions,
  type OutboxLine,
} from '@shop/backend';
import type { FastifyInstance } from 'fastify';
import { createShopMetrics, type ShopMetrics } from '../metrics/shop-metrics';
import type { Notifier } from '../notifier/notifier';
import { openNotifierStore, type NotifierStore } from '../notifier/store';
import { buildServer, type ServerDeps } from '../server';
import { captureLogs, type LogCapture } from './log-capture';
import { QUIET_LOGGER, testNotifier } from './notifier-stand';
import { makeFakeDist } from './temp-dist';
import { startRecordingProxy, type StandIn } from './upstream-stand-ins';
import { freePort } from './free-port';

/**
 * The relay in front of the real reference backend (embedded, in a data dir of its own), with a
 * recording pass-through between the two so a test can see exactly what reached the backend (and
 * what did not). The relay is built, not listening: tests `inject` into `app`.
 */
export interface RelayStand {
  readonly app: FastifyInstance;
  readonly backend: EmbeddedBackend;
  /** The embedded backend's data dir (its operator secret, outbox...). */
  readonly dataDir: string;
  /** The pass-through: `proxy.requests` is every request that reached the backend, in order. */
  readonly proxy: StandIn;
  /** The backends as the relay knows them: another instance may be built on the same ones. */
  readonly upstreams: ServerDeps['upstreams'];
  /** Every line the relay logged. */
  readonly logs: LogCapture;
  /** The SMS the backend has sent so far, oldest first. */
  outbox(): Promise<OutboxLine[]>;
  /** The sign-in code last sent to `phone` (compared digit by digit), if any. */
  lastCode(phone: string): Promise<string | undefined>;
  /** Signs in with `phone` through the relay (SMS code from the outbox): the bearer token and id. */
  signIn(phone: string): Promise<{ token: string; id: number }>;
  /**
   * Places, through the relay as `shopper`, a pickup order paid on receipt of `quantity` of the
   * product `slug`'s variant with the most stock, at the first shop (or `storeId`).
   */
  placePickupOrder(
    shopper: { token: string },
    order: PickupOrderOptions,
    /** Another instance of the relay on the same backends; this stand's own by default. */
    via?: FastifyInstance,
  ): Promise<InjectAnswer>;
  close(): Promise<void>;
}

export interface PickupOrderOptions {
  slug: string;
  quantity?: number;
  storeId?: number;
  /** The shopper's language (`x-lang`); English by default. */
  lang?: string;
  idempotencyKey?: string;
  /** On receipt unless `card` (paid afterwards with the pay call). */
  paymentType?: 'on_receipt' | 'card';
}

export type InjectAnswer = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The catalogue's prefix on the relay. */
const CATALOG = '/backend/api/ext/v1';

export interface RelayStandOptions {
  /** How long the relay waits for the backend. */
  upstreamTimeoutMs: number;
  /** The relay's log level. */
  logLevel: 'trace' | 'debug' | 'info' | 'warn';
  /** The bot's notifier, told of order answers (and serving POST /tg/order-events). */
  notifier?: Notifier;
  /** With a notifier: the bot behind the link calls (see ServerDeps.telegramLink). */
  telegramLink?: ServerDeps['telegramLink'];
  /**
   * The backend pushes its order events to this server's POST /tg/order-events, signed with
   * `secret`; the server then listens (on loopback) besides answering `inject`.
   */
  orderEvents?: { secret: string };
  /** The abuse limits (ServerDeps.rateLimits); none when absent. */
  rateLimits?: ServerDeps['rateLimits'];
  /** Which proxies may name the client's address (ServerDeps.trustProxy). */
  trustProxy?: ServerDeps['trustProxy'];
  /** The operator's figures (ServerDeps.metrics); none when absent. */
  metrics?: ServerDeps['metrics'];
  /** The relay's cache of public reads (ServerDeps.relayCache); off when absent. */
  relayCache?: ServerDeps['relayCache'];
  /** The one-tap sign-in through the embedded backend's own trusted sign-in. */
  trustedSignIn?: boolean;
  /** Who sends the backend's sign-in codes: the console provider into the outbox by default. */
  sms?: EmbeddedBackendOptions['sms'];
  /** Telegram's payment sheet: the invoice call (ServerDeps.telegramPayments); off when absent. */
  telegramPayments?: ServerDeps['telegramPayments'];
  /** How often the backend's payment sweep runs (expires holds); its default when absent. */
  sweepIntervalMs?: number;
}

/** The SMS the backend in `dataDir` has sent so far, oldest first. */
async function readOutbox(dataDir: string): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await readFile(outboxPath(dataDir), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as OutboxLine);
}

async function lastCode(dataDir: string, phone: string): Promise<string | undefined> {
  const digits = (text: string) => text.replace(/\D/g, '');
  const last = (await readOutbox(dataDir))
    .filter((line) => digits(line.phone) === digits(phone))
    .at(-1);
  return /\b(\d{5})\b/.exec(last?.text ?? '')?.[1];
}

async function signIn(
  app: FastifyInstance,
  dataDir: string,
  phone: string,
): Promise<{ token: string; id: number }> {
  await app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone } });
  const otp = await lastCode(dataDir, phone);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { phone, otp },
  });
  const token = verified.json<{ access_token: string }>().access_token;
  const user = await app.inject({
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, id: user.json<{ id: number }>().id };
}

async function placePickupOrder(
  app: FastifyInstance,
  shopper: { token: string },
  order: PickupOrderOptions,
  via: FastifyInstance,
): Promise<InjectAnswer> {
  const lang = order.lang ?? 'en';
  const product = await app.inject({
    url: `${CATALOG}/resources/product/${order.slug}`,
    headers: { 'x-lang': lang },
  });
  const variants = product.json<{
    data: { variants: { product_id: number; quantity: number }[] };
  }>().data.variants;
  const variant = [...variants].sort((a, b) => b.quantity - a.quantity)[0];
  const shops = await app.inject({ url: '/api/store/stores' });
  const firstShop = shops.json<{ data: { id: number }[] }>().data[0];
  return via.inject({
    method: 'POST',
    url: '/api/orders',
    headers: {
      authorization: `Bearer ${shopper.token}`,
      'x-lang': lang,
      ...(order.idempotencyKey ? { 'idempotency-key': order.idempotencyKey } : {}),
    },
    payload: {
      items: [{ product_id: variant?.product_id, quantity: order.quantity ?? 1 }],
      delivery_type: 'pickup',
      store_id: order.storeId ?? firstShop?.id,
      name: 'Dilnoza',
      surname: 'Karimova',
      phone: '+998901117788',
      payment_type: order.paymentType ?? 'on_receipt',
    },
  });
}

export async function startRelayStand(options: RelayStandOptions): Promise<RelayStand> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-relay-'));
  // The backend needs the server's address before the server exists: take a free port for it.
  const port = options.orderEvents ? await freePort() : 0;
  const backend = await startEmbeddedBackend({
    dataDir,
    // The migrated and seeded database the backend's tests share: no migrating and seeding here.
    pgliteSnapshot: await seededSnapshot(T0),
    logger: false,
    printSms: () => undefined,
    ...(options.sms ? { sms: options.sms } : {}),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    ...(options.orderEvents
      ? {
          orderEvents: {
            url: `http://127.0.0.1:${port}/tg/order-events`,
            secret: options.orderEvents.secret,
            pollIntervalMs: 100,
          },
        }
      : {}),
  });
  const proxy = await startRecordingProxy(backend.url);
  const dist = await makeFakeDist();
  const logs = captureLogs();
  const upstreams = {
    ecommerceUrl: proxy.url,
    catalogUrl: proxy.url,
    catalogApiKey: backend.catalogApiKey,
  };
  const app = await buildServer({
    webappDist: dist.dir,
    upstreams,
    upstreamTimeoutMs: options.upstreamTimeoutMs,
    ...(options.notifier
      ? { notifier: options.notifier, publicUrl: 'https://shop.example.uz' }
      : {}),
    ...(options.telegramLink ? { telegramLink: options.telegramLink } : {}),
    ...(options.trustedSignIn
      ? { trustedSignIn: { url: backend.url, secret: backend.operatorSecret } }
      : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.relayCache ? { relayCache: options.relayCache } : {}),
    ...(options.telegramPayments ? { telegramPayments: options.telegramPayments } : {}),
    log: { level: options.logLevel, stream: logs.stream },
  });
  if (options.orderEvents) await app.listen({ host: '127.0.0.1', port });

  return {
    app,
    backend,
    dataDir,
    proxy,
    upstreams,
    logs,
    outbox: () => readOutbox(dataDir),
    lastCode: (phone) => lastCode(dataDir, phone),
    signIn: (phone) => signIn(app, dataDir, phone),
    placePickupOrder: (shopper, order, via = app) => placePickupOrder(app, shopper, order, via),
    async close() {
      await app.close();
      await proxy.close();
      await backend.close();
      await dist.remove();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface NotifierStand {
  readonly store: NotifierStore;
  readonly notifier: Notifier;
  readonly stand: RelayStand;
  /** The figures of server and sender, when asked for; the waiting messages read `store`. */
  readonly metrics: ShopMetrics | null;
  close(): Promise<void>;
}

/**
 * The relay stand (real backend, real server) with a notifier on an in-memory store. With
 * `apiRoot` the notifier's sender runs against the Bot API stand-in; with `orderEvents` the
 * backend pushes its signed events to the server.
 */
export async function startNotifierStand(
  options: Pick<
    RelayStandOptions,
    | 'telegramLink'
    | 'orderEvents'
    | 'rateLimits'
    | 'trustedSignIn'
    | 'telegramPayments'
    | 'sweepIntervalMs'
  > & {
    apiRoot?: string;
    /** Count the figures; with a token, `/metrics` is served on the app to its holder. */
    metrics?: { token: string | null };
    /** A staff chat: each order's card goes there, in English, with buttons. */
    staffChatId?: number;
  },
): Promise<NotifierStand> {
  const staffChatId = options.staffChatId ?? null;
  const store = await openNotifierStore({ staffChatId });
  if (staffChatId !== null) await store.ensureStaffChat(staffChatId, 'en', new Date());
  const metrics = options.metrics ? createShopMetrics({ sendQueue: store }) : null;
  const notifier = testNotifier({
    store,
    apiRoot: options.apiRoot ?? null,
    secret: options.orderEvents?.secret ?? null,
    sender: {
      ...(metrics ? { observe: metrics.observeBotMessage } : {}),
      ...(staffChatId === null ? {} : { staffCards: { language: 'en' as const, buttons: true } }),
    },
  });
  notifier.start(QUIET_LOGGER);
  const stand = await startRelayStand({
    upstreamTimeoutMs: 10_000,
    logLevel: 'warn',
    notifier,
    ...(options.telegramLink ? { telegramLink: options.telegramLink } : {}),
    ...(options.orderEvents ? { orderEvents: options.orderEvents } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.trustedSignIn ? { trustedSignIn: true } : {}),
    ...(options.telegramPayments ? { telegramPayments: options.telegramPayments } : {}),
    ...(options.sweepIntervalMs === undefined ? {} : { sweepIntervalMs: options.sweepIntervalMs }),
    ...(metrics && options.metrics
      ? { metrics: { figures: metrics, token: options.metrics.token } }
      : {}),
  }).catch(async (error: unknown) => {
    await notifier.stop();
    await store.close();
    throw error;
  });
  return {
    store,
    notifier,
    stand,
    metrics,
    async close() {
      await notifier.stop();
      await stand.close();
      await store.close();
    },
  };
}

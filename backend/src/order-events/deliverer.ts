// The sending half of the order-event outbox: claims due events, posts them signed to the
// server in bot/ (`POST /tg/order-events`), and marks them delivered on a 2xx. Everything it
// knows lives in the order_events rows (lease, attempts, backoff), so a restart, or a second
// instance on the same PostgreSQL database, carries on where the last one stopped. Delivery is at
// least once (a crash between the receiver's 2xx and the mark sends a batch again); the receiver
// stores each event once by its id.
import type { OrderEvent } from '@shop/shared';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderEvents } from '../db/schema';
import { claimDueEvents, type ClaimLimits } from './claim-events';
import { postEvents, type PostSettings } from './post-events';

const MAX_BATCH = 100;
const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
const DEFAULT_POLL_INTERVAL_MS = 2_000;
const DEFAULT_BACKOFF = { firstMs: 1_000, maxMs: 5 * 60_000 } as const;

export interface OrderEventsTarget {
  /** The receiver's endpoint, e.g. `http://127.0.0.1:3000/tg/order-events`. */
  url: string;
  /** ORDER_EVENTS_SECRET, shared with the receiver. */
  secret: string;
}

export interface OrderEventDelivererOptions extends OrderEventsTarget {
  db: Db;
  now: () => Date;
  batchSize?: number;
  /** How long one POST may take before it counts as failed. */
  timeoutMs?: number;
  /** How long claimed events are kept from other deliverers while one is sent. */
  leaseMs?: number;
  /** The wait after the first failure, doubled after each further one, up to maxMs. */
  backoff?: { firstMs: number; maxMs: number };
  /** How often the loop looks for due events when nobody woke it. */
  pollIntervalMs?: number;
  log: {
    warn: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export type RoundResult =
  | { kind: 'idle' }
  | { kind: 'delivered'; events: number }
  | { kind: 'failed'; events: number; reason: string };

export interface OrderEventDeliverer {
  /** Claims one batch of due events and sends it (what the loop does each round). */
  deliverOnce(): Promise<RoundResult>;
  /** Starts the loop: rounds back to back while there is work, then every poll interval. */
  start(): void;
  /** Looks now instead of at the next poll (events were just committed). */
  wake(): void;
  /** Stops the loop, aborts a send under way and waits for the round to end. */
  stop(): Promise<void>;
}

/** The wait after the `attempts`-th failed delivery of an event. */
export function backoffMs(attempts: number, backoff: { firstMs: number; maxMs: number }): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** doublings);
}

/** The options with their defaults filled in. */
interface DeliverySettings extends PostSettings, ClaimLimits {
  db: Db;
  backoff: { firstMs: number; maxMs: number };
  pollIntervalMs: number;
  log: OrderEventDelivererOptions['log'];
}

function settingsOf(options: OrderEventDelivererOptions): DeliverySettings {
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  return {
    db: options.db,
    now: options.now,
    log: options.log,
    url: options.url,
    secret: options.secret,
    batchSize: Math.min(Math.max(options.batchSize ?? MAX_BATCH, 1), MAX_BATCH),
    timeoutMs,
    leaseMs: options.leaseMs ?? timeoutMs + 30_000,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
  };
}

/** Claims one batch of due events and sends it: marked delivered, or due again after a backoff. */
async function deliverRound(
  settings: DeliverySettings,
  stopping: AbortSignal,
): Promise<RoundResult> {
  const { db, now, log } = settings;
  const claimed = await claimDueEvents(db, now(), settings);
  if (claimed.length === 0) return { kind: 'idle' };
  const ids = claimed.map((row) => row.id);
  const failure = await postEvents(
    settings,
    claimed.map((row) => row.payload as OrderEvent),
    stopping,
  );
  if (failure === null) {
    await db
      .update(orderEvents)
      .set({ deliveredAt: now(), lastError: null })
      .where(inArray(orderEvents.id, ids));
    return { kind: 'delivered', events: claimed.length };
  }
  const attempts = Math.max(...claimed.map((row) => row.attempts));
  await db
    .update(orderEvents)
    .set({
      availableAt: new Date(now().getTime() + backoffMs(attempts, settings.backoff)),
      lastError: failure.slice(0, 500),
    })
    .where(and(inArray(orderEvents.id, ids), isNull(orderEvents.deliveredAt)));
  if (failure !== 'stopped') {
    log.warn(
      { events: claimed.length, attempts, failure },
      'order events not delivered; will retry',
    );
  }
  return { kind: 'failed', events: claimed.length, reason: failure };
}

/**
 * Runs `round` back to back while a full batch went out, then every poll interval; a wake skips
 * the wait. `onStop` runs as the loop stops, before it waits for the round under way.
 */
function roundLoop(
  round: () => Promise<RoundResult>,
  settings: DeliverySettings,
  onStop: () => void,
): Pick<OrderEventDeliverer, 'start' | 'wake' | 'stop'> {
  let running = false;
  /** Woken during a round: the next round starts without sleeping. */
  let woken = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeSleep: (() => void) | undefined;
  let loop: Promise<void> = Promise.resolve();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeSleep = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref();
    }).finally(() => {
      clearTimeout(timer);
      wakeSleep = undefined;
    });

  const stillRunning = () => running;
  const wokenMeanwhile = () => woken;

  async function run(): Promise<void> {
    while (running) {
      let result: RoundResult;
      try {
        result = await round();
      } catch (error) {
        // The database away for a moment: the next round tries again.
        settings.log.error({ err: error }, 'order event delivery round failed');
        result = { kind: 'failed', events: 0, reason: 'error' };
      }
      // A full batch delivered: more may be waiting, look again at once.
      const moreWaiting = result.kind === 'delivered' && result.events === settings.batchSize;
      // (Read through a call: `stop()` and `wake()` change these flags while this round awaits.)
      if (stillRunning() && !moreWaiting && !wokenMeanwhile()) await sleep(settings.pollIntervalMs);
      woken = false;
    }
  }

  return {
    start: () => {
      if (running) return;
      running = true;
      loop = run();
    },
    wake: () => {
      woken = true;
      wakeSleep?.();
    },
    stop: async () => {
      running = false;
      onStop();
      wakeSleep?.();
      await loop;
    },
  };
}

export function createOrderEventDeliverer(
  options: OrderEventDelivererOptions,
): OrderEventDeliverer {
  const settings = settingsOf(options);
  const stopping = new AbortController();
  const deliverOnce = () => deliverRound(settings, stopping.signal);
  const loop = roundLoop(deliverOnce, settings, () => {
    stopping.abort();
  });
  return { deliverOnce, ...loop };
}

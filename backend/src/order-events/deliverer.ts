// The sending half of the order-event outbox: claims due events, posts them signed to the
// server in bot/ (`POST /tg/order-events`), and marks them delivered on a 2xx. Everything it
// knows lives in the order_events rows (lease, attempts, backoff), so a restart, or a second
// instance on the same PostgreSQL database, carries on where the last one stopped. Delivery is at
// least once (a crash between the receiver's 2xx and the mark sends a batch again); the receiver
// stores each event once by its id.
import { signOrderEvents } from '@shop/shared/server';
import type { OrderEvent, OrderEventsDelivery } from '@shop/shared';
import { and, asc, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderEvents } from '../db/schema';

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

interface Claimed {
  id: string;
  seq: number;
  orderId: number;
  payload: unknown;
  attempts: number;
}

export function createOrderEventDeliverer(
  options: OrderEventDelivererOptions,
): OrderEventDeliverer {
  const { db, now, log } = options;
  const batchSize = Math.min(Math.max(options.batchSize ?? MAX_BATCH, 1), MAX_BATCH);
  const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const leaseMs = options.leaseMs ?? timeoutMs + 30_000;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const stopping = new AbortController();

  /**
   * Takes up to a batch of due events, oldest first, and leases them. Rows another deliverer
   * holds are skipped (SKIP LOCKED); an event is taken only with every earlier undelivered event
   * of its order, so one order's events never overtake each other.
   */
  async function claim(at: Date): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: orderEvents.id,
          seq: orderEvents.seq,
          orderId: orderEvents.orderId,
          payload: orderEvents.payload,
          attempts: orderEvents.attempts,
        })
        .from(orderEvents)
        .where(and(isNull(orderEvents.deliveredAt), lte(orderEvents.availableAt, at)))
        .orderBy(asc(orderEvents.seq))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const lastSeq = Math.max(...due.map((row) => row.seq));
      const earlier = await tx
        .select({ id: orderEvents.id, seq: orderEvents.seq, orderId: orderEvents.orderId })
        .from(orderEvents)
        .where(
          and(
            isNull(orderEvents.deliveredAt),
            inArray(orderEvents.orderId, [...new Set(due.map((row) => row.orderId))]),
            lt(orderEvents.seq, lastSeq),
          ),
        )
        .orderBy(asc(orderEvents.seq));
      const claimedIds = new Set(due.map((row) => row.id));
      const blocked = new Map<number, number>(); // order id → seq of its first event not claimed
      for (const row of earlier) {
        if (!claimedIds.has(row.id) && !blocked.has(row.orderId)) blocked.set(row.orderId, row.seq);
      }
      const taken = due.filter((row) => {
        const firstMissing = blocked.get(row.orderId);
        return firstMissing === undefined || row.seq < firstMissing;
      });
      if (taken.length === 0) return [];
      await tx
        .update(orderEvents)
        .set({
          availableAt: new Date(at.getTime() + leaseMs),
          attempts: sql`${orderEvents.attempts} + 1`,
        })
        .where(
          inArray(
            orderEvents.id,
            taken.map((row) => row.id),
          ),
        );
      return taken.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    });
  }

  /** Posts one batch; answers null on a 2xx, else why it failed. */
  async function send(events: readonly OrderEvent[]): Promise<string | null> {
    const delivery: OrderEventsDelivery = { events: [...events] };
    const body = JSON.stringify(delivery);
    // One controller per post, aborted by its own timer or by stop(). (AbortSignal.any over
    // AbortSignal.timeout is not used: Node may collect the timeout signal, and the post hangs.)
    const controller = new AbortController();
    const post = { timedOut: false };
    const timer = setTimeout(() => {
      post.timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onStop = () => {
      controller.abort();
    };
    stopping.signal.addEventListener('abort', onStop, { once: true });
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signOrderEvents(options.secret, body, now().getTime()),
        },
        body,
        signal: controller.signal,
      });
      // The answer's body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      if (post.timedOut) return 'timeout';
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      if (post.timedOut) return 'timeout';
      if (stopping.signal.aborted) return 'stopped';
      return error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  async function deliverOnce(): Promise<RoundResult> {
    const claimed = await claim(now());
    if (claimed.length === 0) return { kind: 'idle' };
    const ids = claimed.map((row) => row.id);
    const failure = await send(claimed.map((row) => row.payload as OrderEvent));
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
        availableAt: new Date(now().getTime() + backoffMs(attempts, backoff)),
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
        result = await deliverOnce();
      } catch (error) {
        // The database away for a moment: the next round tries again.
        log.error({ err: error }, 'order event delivery round failed');
        result = { kind: 'failed', events: 0, reason: 'error' };
      }
      // A full batch delivered: more may be waiting, look again at once.
      const moreWaiting = result.kind === 'delivered' && result.events === batchSize;
      // (Read through a call: `stop()` and `wake()` change these flags while this round awaits.)
      if (stillRunning() && !moreWaiting && !wokenMeanwhile()) await sleep(pollIntervalMs);
      woken = false;
    }
  }

  return {
    deliverOnce,
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
      stopping.abort();
      wakeSleep?.();
      await loop;
    },
  };
}

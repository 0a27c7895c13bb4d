// The order poller: for a backend that cannot push its order events (ORDER_POLL_INTERVAL_MS > 0),
// the server asks for the details of every open order it knows of and makes the events itself.
//
// Which orders: every order the notifier has an event of (the relay records "order placed" from
// the shopper's own answer), until one shows it completed or cancelled (notifier.order_polls).
// Each round claims a bounded batch in the store (FOR UPDATE SKIP LOCKED, then a lease), so any
// number of instances can poll one database and never ask about one order at the same moment.
//
// The call: the catalogue's customerOrderDetails with `resources[]=statuses`. Its contract says
// "bearer", but on the catalogue backend that only means the relay lets a shopper's token
// through for their own customer id; the backend itself checks the catalogue API key alone
// (backend/src/http/call-route.ts: bearer tokens are read for ecommerce calls only) and trusts
// the customer id it is given behind it. The API key is the catalogue's server-to-server
// credential, so the poller calls with the key (UpstreamClient adds it) and no shopper's token;
// bearer tokens are never stored.
//
// What it records: the status changes in the order's history, as polled-events.ts makes them,
// under the backend's own event ids. Payments are not polled: the backend's payment events are
// keyed by its payment attempt id (`<number>:payment:<attempt>:paid`), which the order's details
// do not show. An event made under another id would be a second message about the same payment
// once the backend pushes.
import { CALLS, isFinalStatus, type OrderEvent } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import {
  queryString,
  upstreamPath,
  type UpstreamAnswer,
  type UpstreamClient,
} from '../relay/upstream-client';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from '../config';
import { createPause } from './pause';
import { statusEventsFromDetails } from './polled-events';
import type { OrderPollOutcome, OrderToPoll, NotifierStore } from './store';

export interface OrderPollerOptions {
  store: Pick<NotifierStore, 'claimOrdersToPoll' | 'finishOrderPoll'>;
  /** Stores events once each by id and wakes the sender (Notifier.record). */
  record: (events: readonly OrderEvent[]) => Promise<string[]>;
  client: UpstreamClient;
  logger: FastifyBaseLogger;
  /** ORDER_POLL_INTERVAL_MS: how often each open order is asked about; 0: the poller is off. */
  intervalMs: number;
  /** The backend call's deadline (UPSTREAM_TIMEOUT_MS), for the claim's lease. */
  upstreamTimeoutMs?: number;
  /** Orders claimed per round. */
  batchSize?: number;
  /** Orders asked about at once within a round. */
  concurrency?: number;
  /** How long a claimed order is left to this instance; by default a whole batch's deadlines. */
  leaseMs?: number;
  /** The longest wait after failures (each failure doubles it from 2 × the interval). */
  maxBackoffMs?: number;
  now?: () => Date;
}

/** What one round did. */
export interface PollRound {
  /** The orders claimed (and asked about, unless the poller stopped). */
  polled: string[];
  /** Ids of events that were new. */
  recorded: string[];
  /** Orders whose call failed (retried after a back-off). */
  failed: string[];
  /** Orders found finished or gone: no more polls. */
  closed: string[];
}

export interface OrderPoller {
  /** Polls every interval until stopped (nothing when the interval is 0). */
  start(): void;
  /** One round now: claims due orders, asks about them, records what is new. */
  pollOnce(): Promise<PollRound>;
  /** Stops: the round in flight is cut short (its unasked orders released) and awaited. */
  stop(): Promise<void>;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One order's details from the catalogue, asked with the API key alone (see the top of this
 * file); 'stopped' when the poller stopped while it waited.
 */
async function fetchDetails(
  client: UpstreamClient,
  order: OrderToPoll,
  stopping: AbortSignal,
  logger: FastifyBaseLogger,
): Promise<UpstreamAnswer | 'stopped'> {
  const call = CALLS.customerOrderDetails;
  const target =
    upstreamPath(call, { customerId: String(order.userId), orderId: String(order.orderId) }) +
    queryString({ 'resources[]': 'statuses' });
  // One signal per call, aborted on stop: the client leaves its listener on the signal it is
  // given, so the poller's long-lived one would collect a listener per call.
  const cancel = new AbortController();
  const onStop = () => {
    cancel.abort();
  };
  stopping.addEventListener('abort', onStop, { once: true });
  try {
    return await client.send(
      { id: 'customerOrderDetails', call, target, headers: {} },
      client.deadlineFor(call, cancel.signal),
      logger,
    );
  } catch (error) {
    if (stopping.aborted) return 'stopped';
    throw error;
  } finally {
    stopping.removeEventListener('abort', onStop);
  }
}

/** What a round's steps work with. */
interface RoundDeps {
  store: OrderPollerOptions['store'];
  client: UpstreamClient;
  logger: FastifyBaseLogger;
  record: OrderPollerOptions['record'];
  now: () => Date;
  intervalMs: number;
  /** How long an order waits after `failuresBefore` failures and one more. */
  backoff: (failuresBefore: number) => number;
  /** Aborted when the poller stops: orders not yet asked about are released. */
  stopping: AbortSignal;
}

/** A failed poll: the order waits longer after each failure in a row. */
function failed(deps: RoundDeps, order: OrderToPoll, error: string): OrderPollOutcome {
  const nextPollAt = new Date(deps.now().getTime() + deps.backoff(order.attempts));
  return { kind: 'failed', nextPollAt, error };
}

/** Asks about one order and records its new status changes: what to do with it next. */
async function ask(
  deps: RoundDeps,
  order: OrderToPoll,
  roundStart: Date,
  current: PollRound,
): Promise<OrderPollOutcome> {
  let answer: UpstreamAnswer | 'stopped';
  try {
    answer = await fetchDetails(deps.client, order, deps.stopping, deps.logger);
  } catch (error) {
    return failed(deps, order, describe(error));
  }
  if (answer === 'stopped') return { kind: 'released' };
  if (answer.kind === 'error') {
    if (answer.status === 404) {
      deps.logger.warn({ order: order.orderNumber }, 'Polled order not found; no longer polled');
      return { kind: 'closed', reason: 'not found' };
    }
    return failed(deps, order, `${answer.status} ${answer.error.code}`);
  }
  const details = CALLS.customerOrderDetails.response.parse(answer.data).data;
  if (details.number !== order.orderNumber) {
    return failed(
      deps,
      order,
      `asked for ${order.orderNumber}, the backend answered ${details.number}`,
    );
  }
  const events = statusEventsFromDetails(order.userId, details);
  const fresh = events.length > 0 ? await deps.record(events) : [];
  current.recorded.push(...fresh);
  if (isFinalStatus(details.status)) return { kind: 'closed', reason: null };
  return { kind: 'polled', nextPollAt: new Date(roundStart.getTime() + deps.intervalMs) };
}

/** Polls one claimed order (or releases it when stopping) and stores how it went. */
async function settle(
  deps: RoundDeps,
  order: OrderToPoll,
  roundStart: Date,
  current: PollRound,
): Promise<void> {
  const { store, logger, now, stopping } = deps;
  let outcome: OrderPollOutcome;
  if (stopping.aborted) outcome = { kind: 'released' };
  else {
    current.polled.push(order.orderNumber);
    try {
      outcome = await ask(deps, order, roundStart, current);
    } catch (error) {
      // The store could not record the events: asked again after a back-off.
      logger.error({ err: error, order: order.orderNumber }, 'Could not record polled order');
      outcome = failed(deps, order, describe(error));
    }
  }
  if (outcome.kind === 'failed') {
    current.failed.push(order.orderNumber);
    logger.warn(
      { order: order.orderNumber, reason: outcome.error, retryAt: outcome.nextPollAt },
      'Order poll failed',
    );
  }
  if (outcome.kind === 'closed') current.closed.push(order.orderNumber);
  await store.finishOrderPoll(order.orderNumber, outcome, now());
}

/** By default a claim outlasts a whole batch's calls, one deadline after another, and a minute. */
function batchLeaseMs(
  upstreamTimeoutMs: number | undefined,
  batchSize: number,
  concurrency: number,
): number {
  return (
    (upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS) * Math.ceil(batchSize / concurrency) + 60_000
  );
}

export function createOrderPoller(options: OrderPollerOptions): OrderPoller {
  const { store, client, logger, intervalMs } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? 20;
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, batchSize));
  const leaseMs =
    options.leaseMs ?? batchLeaseMs(options.upstreamTimeoutMs, batchSize, concurrency);
  const maxBackoffMs = Math.max(options.maxBackoffMs ?? 30 * 60_000, intervalMs);

  let stopped = true;
  let loop: Promise<void> = Promise.resolve();
  let stopping = new AbortController();
  const { pause, wake } = createPause();

  function backoff(failuresBefore: number): number {
    return Math.min(intervalMs * 2 ** Math.min(failuresBefore + 1, 20), maxBackoffMs);
  }

  async function pollOnce(): Promise<PollRound> {
    const current: PollRound = { polled: [], recorded: [], failed: [], closed: [] };
    const deps: RoundDeps = {
      store,
      client,
      logger,
      record: options.record,
      now,
      intervalMs,
      backoff,
      stopping: stopping.signal,
    };
    const roundStart = now();
    const claimed = await store.claimOrdersToPoll({ now: roundStart, leaseMs, limit: batchSize });
    const queue = [...claimed];
    async function worker(): Promise<void> {
      for (let order = queue.shift(); order; order = queue.shift()) {
        await settle(deps, order, roundStart, current);
      }
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, claimed.length) }, worker));
    return current;
  }

  async function run(): Promise<void> {
    let storeFailures = 0;
    while (!stopped) {
      let full = false;
      try {
        const done = await pollOnce();
        storeFailures = 0;
        full = done.polled.length >= batchSize;
      } catch (error) {
        // The store is unreachable (its database restarting, say): wait longer each time.
        storeFailures += 1;
        logger.error({ err: error }, 'Could not claim orders to poll');
      }
      if (stopping.signal.aborted) break;
      // A full batch means more orders are due now: the next round starts at once.
      if (full) continue;
      await pause(storeFailures > 0 ? backoff(storeFailures - 1) : intervalMs);
    }
  }

  return {
    start() {
      if (intervalMs <= 0 || !stopped) return;
      stopped = false;
      stopping = new AbortController();
      loop = run();
    },
    pollOnce,
    async stop() {
      stopped = true;
      stopping.abort();
      wake();
      await loop;
    },
  };
}

// What the embedded backend runs beside its requests: one sweep of profile photos a crash left,
// the payment sweep (settle unanswered charges, expire holds), the order-event deliverer when a
// target is given, and the demo order flow when asked for.
import type { Backend } from './app';
import type { Db } from './db/client';
import { createOrderEventDeliverer, type OrderEventsTarget } from './order-events/deliverer';
import { advanceOpenOrders, DEFAULT_DEMO_ORDER_FLOW_INTERVAL_MS } from './orders/demo-order-flow';
import { startBackgroundWork, type BackgroundWork } from './payments/background-work';
import { sweepOrphanPhotos } from './photos/photo-sweep';

export interface EmbeddedWorkOptions {
  /** How often unanswered charges are settled and expired holds cancelled. */
  sweepIntervalMs?: number;
  /**
   * Where order events go (the server in bot/: `<its URL>/tg/order-events`, ORDER_EVENTS_SECRET).
   * Without it events are still written to the outbox, and sent once a target is configured.
   */
  orderEvents?: (OrderEventsTarget & { pollIntervalMs?: number; timeoutMs?: number }) | null;
  /** DEMO_ORDER_FLOW: move open orders one step along every `intervalMs` (2 minutes by default). */
  demoOrderFlow?: { intervalMs?: number } | null;
}

interface EmbeddedWorkDeps extends EmbeddedWorkOptions {
  db: Db;
  now: () => Date;
  photoDir: string;
}

function sweepPhotosOnce(backend: Backend, deps: EmbeddedWorkDeps): Promise<void> {
  const { app } = backend;
  return sweepOrphanPhotos({ db: deps.db, photoDir: deps.photoDir, now: deps.now() }).then(
    (removed) => {
      if (removed.length > 0) app.log.info({ removed }, 'Removed profile photos no account uses');
    },
    (error: unknown) => {
      app.log.warn({ err: error }, 'Could not sweep unused profile photos');
    },
  );
}

function startDeliverer(
  backend: Backend,
  deps: EmbeddedWorkDeps,
  target: NonNullable<EmbeddedWorkOptions['orderEvents']>,
): BackgroundWork {
  const deliverer = createOrderEventDeliverer({
    ...target,
    db: deps.db,
    now: deps.now,
    log: backend.app.log.child({ module: 'order-events' }),
  });
  backend.onOrderEvents(() => {
    deliverer.wake();
  });
  deliverer.start();
  return deliverer;
}

/** Starts the work; stop() ends it and waits for rounds under way. */
export function startEmbeddedWork(backend: Backend, deps: EmbeddedWorkDeps): BackgroundWork {
  const { app, payments, statuses } = backend;
  // Photos left by a crash mid-upload; in the background, as the shop need not wait for it.
  const photoSweep = sweepPhotosOnce(backend, deps);
  const work = startBackgroundWork({
    run: () => payments.sweep(),
    intervalMs: deps.sweepIntervalMs,
    log: app.log,
  });
  const deliverer = deps.orderEvents ? startDeliverer(backend, deps, deps.orderEvents) : null;
  const demo = deps.demoOrderFlow
    ? startBackgroundWork({
        run: () => advanceOpenOrders(deps.db, statuses),
        intervalMs: deps.demoOrderFlow.intervalMs ?? DEFAULT_DEMO_ORDER_FLOW_INTERVAL_MS,
        log: app.log,
        // A restart does not move orders: each step waits a whole interval.
        firstAfterInterval: true,
      })
    : null;
  return {
    stop: async () => {
      await Promise.all([work.stop(), demo?.stop(), deliverer?.stop(), photoSweep]);
    },
  };
}

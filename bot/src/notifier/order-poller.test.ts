import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@shop/backend';
import {
  HEADERS,
  OPERATOR_SECRET_HEADER,
  operatorStatusPath,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstreamClient } from '../relay/upstream-client';
import { placedEvent, waitFor } from '../testing/order-events';
import { startRelayStand, type RelayStand } from '../testing/relay-stand';
import { TEST_DATABASE_URL } from '../testing/scratch-database';
import {
  startStandInUpstream,
  type SeenRequest,
  type StandIn,
} from '../testing/upstream-stand-ins';
import { createNotifier, type Notifier } from './notifier';
import { createOrderPoller, type OrderPoller } from './order-poller';
import { statusEventsFromDetails } from './polled-events';
import { openNotifierStore, type NotifierStore } from './store';

/**
 * The poller against the real reference backend, its push delivery off: orders placed through
 * the relay, statuses moved with the operator's call, the poller run by hand on a clock of its
 * own (so "an interval later" needs no waiting). A second backend pushes, to show that a poll
 * after a push adds nothing.
 */

const SECRET = 'order-events-secret-for-poller-tests';
const CATALOG = '/backend/api/ext/v1';
const INTERVAL = 60_000;
const DETAILS = /\/customers\/(\d+)\/orders\/(\d+)\/details\?/;

interface Shop {
  stand: RelayStand;
  store: NotifierStore;
  notifier: Notifier;
  /** Every event the store was asked to record (pushed or polled), in order. */
  seen: OrderEvent[];
}

async function startShop(push: boolean): Promise<Shop> {
  const store = await openNotifierStore({});
  const seen: OrderEvent[] = [];
  // The same store, telling the test what reaches it.
  const watched: NotifierStore = {
    ...store,
    recordEvents: (events, now) => {
      seen.push(...events);
      return store.recordEvents(events, now);
    },
  };
  const notifier = createNotifier({
    store: watched,
    secret: push ? SECRET : null,
    api: null,
    publicUrl: 'https://shop.example.uz',
  });
  const stand = await startRelayStand({
    upstreamTimeoutMs: 10_000,
    logLevel: 'info',
    notifier,
    ...(push ? { orderEvents: { secret: SECRET } } : {}),
  });
  return { stand, store: watched, notifier, seen };
}

let polled: Shop;
let pushed: Shop;

beforeAll(async () => {
  // Two backends and two notifier stores, each a cold PGlite.
  [polled, pushed] = await Promise.all([startShop(false), startShop(true)]);
}, 240_000);

afterAll(async () => {
  for (const shop of [polled, pushed]) {
    await shop.notifier.stop();
    await shop.stand.close();
    await shop.store.close();
  }
}, 60_000);

let orderCount = 0;

/** A pickup order paid on receipt, placed through the relay (which records "order placed"). */
async function placeOrder(stand: RelayStand, shopper: { token: string }): Promise<Order> {
  orderCount += 1;
  const placed = await stand.placePickupOrder(shopper, {
    slug: 'porcelain-mug',
    idempotencyKey: `order-poller-test-${String(orderCount).padStart(4, '0')}-abcdefgh`,
  });
  expect([200, 201]).toContain(placed.statusCode);
  return placed.json<{ data: Order }>().data;
}

/** The operator's call, as `pnpm order:status` makes it. */
async function moveStatus(stand: RelayStand, order: Order, status: OrderStatus): Promise<void> {
  const operatorSecret = (await readFile(join(stand.dataDir, 'operator-secret'), 'utf8')).trim();
  const moved = await fetch(`${stand.backend.url}${operatorStatusPath(order.number)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: operatorSecret },
    body: JSON.stringify({ status }),
  });
  expect(moved.status).toBe(200);
}

/** The order's details as the shopper's page reads them (through the relay, with their token). */
async function details(stand: RelayStand, shopper: { token: string; id: number }, order: Order) {
  const answer = await stand.app.inject({
    url: `${CATALOG}/customers/${shopper.id}/orders/${order.id}/details?resources[]=statuses`,
    headers: { authorization: `Bearer ${shopper.token}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ data: Order }>().data;
}

type Mode = 'pass' | 'fail' | 'hang';

/**
 * A pass-through to the real backend that can fail (500) or hang for chosen order ids, and
 * counts the details calls that reach it.
 */
async function startFaultyProxy(backendUrl: string): Promise<{
  proxy: StandIn;
  modes: Map<number, Mode>;
  detailsCalls: () => SeenRequest[];
}> {
  const modes = new Map<number, Mode>();
  const hanging: ServerResponse[] = [];
  const proxy = await startStandInUpstream((request, res) => {
    const orderId = Number(DETAILS.exec(request.url)?.[2]);
    const mode = modes.get(orderId) ?? 'pass';
    if (mode === 'hang') {
      hanging.push(res);
      return;
    }
    if (mode === 'fail') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('database is down');
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host',
      ),
    );
    fetch(`${backendUrl}${request.url}`, { method: request.method, headers })
      .then(async (answer) => {
        res
          .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? '' })
          .end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch(() => res.destroy());
  });
  return {
    proxy: {
      url: proxy.url,
      requests: proxy.requests,
      async close() {
        for (const res of hanging) res.destroy();
        await proxy.close();
      },
    },
    modes,
    detailsCalls: () => proxy.requests.filter((request) => DETAILS.test(request.url)),
  };
}

/** A poller on `shop`'s store, calling the backend through `baseUrl`, on the clock `clock`. */
function pollerFor(
  shop: Shop,
  baseUrl: string,
  clock: { ms: number },
  options: { intervalMs?: number; timeoutMs?: number; store?: NotifierStore } = {},
): OrderPoller {
  const store = options.store ?? shop.store;
  return createOrderPoller({
    store,
    record: (events) => store.recordEvents(events, new Date(clock.ms)),
    client: createUpstreamClient({
      upstreams: {
        ecommerceUrl: baseUrl,
        catalogUrl: baseUrl,
        catalogApiKey: shop.stand.backend.catalogApiKey,
      },
      timeoutMs: options.timeoutMs ?? 10_000,
    }),
    logger: shop.stand.app.log,
    intervalMs: options.intervalMs ?? INTERVAL,
    now: () => new Date(clock.ms),
  });
}

describe('order poller, backend push off', () => {
  it('records each status of an order once, from its history, and stops at completed', async () => {
    const { stand, store } = polled;
    const faulty = await startFaultyProxy(stand.backend.url);
    try {
      const shopper = await stand.signIn('+998901230001');
      const order = await placeOrder(stand, shopper);
      const id = (status: string) => `${order.number}:status:${status}`;
      expect(await store.eventIds()).toContain(`${order.number}:placed`);
      // A minute ahead of the events' own clock: everything stored so far is due.
      const clock = { ms: Date.now() + 1000 };
      const poller = pollerFor(polled, faulty.proxy.url, clock);

      // Placed only: its history is `new`, which is the placed event's, not a status change.
      expect(await poller.pollOnce()).toMatchObject({ polled: [order.number], recorded: [] });
      // Asked with the catalogue API key alone: no shopper's token leaves the server.
      const [first] = faulty.detailsCalls();
      expect(first?.headers.authorization).toBeUndefined();
      expect(first?.headers[HEADERS.apiKey]).toBe(stand.backend.catalogApiKey);
      expect(first?.url).toBe(
        `${CATALOG}/customers/${shopper.id}/orders/${order.id}/details?resources%5B%5D=statuses`,
      );

      await moveStatus(stand, order, 'confirmed');
      // Not due again before the interval is over.
      expect((await poller.pollOnce()).polled).toEqual([]);
      clock.ms += INTERVAL;
      expect(await poller.pollOnce()).toMatchObject({
        polled: [order.number],
        recorded: [id('confirmed')],
      });
      // The event's time is the history's, as the backend's own event has it.
      const history = (await details(stand, shopper, order)).statuses;
      const confirmed = polled.seen.find((event) => event.id === id('confirmed'));
      expect(confirmed).toMatchObject({
        type: 'status_changed',
        status: 'confirmed',
        user_id: shopper.id,
        at: history.find((entry) => entry.status === 'confirmed')?.at,
      });

      // Two changes between polls: both, oldest first; the next poll finds nothing new.
      await moveStatus(stand, order, 'assembling');
      await moveStatus(stand, order, 'ready_for_pickup');
      clock.ms += INTERVAL;
      expect((await poller.pollOnce()).recorded).toEqual([
        id('assembling'),
        id('ready_for_pickup'),
      ]);
      clock.ms += INTERVAL;
      expect(await poller.pollOnce()).toMatchObject({ polled: [order.number], recorded: [] });

      await moveStatus(stand, order, 'completed');
      clock.ms += INTERVAL;
      expect(await poller.pollOnce()).toMatchObject({
        recorded: [id('completed')],
        closed: [order.number],
      });
      // Finished: never asked about again.
      const calls = faulty.detailsCalls().length;
      clock.ms += 10 * INTERVAL;
      expect((await poller.pollOnce()).polled).toEqual([]);
      expect(faulty.detailsCalls()).toHaveLength(calls);

      const mine = (await store.eventIds()).filter((event) => event.startsWith(`${order.number}:`));
      expect(mine.sort()).toEqual(
        [
          `${order.number}:placed`,
          id('assembling'),
          id('completed'),
          id('confirmed'),
          id('ready_for_pickup'),
        ].sort(),
      );
    } finally {
      await faulty.proxy.close();
    }
  }, 120_000);

  it('retries an order whose call fails or times out after a growing wait, and polls the others meanwhile', async () => {
    const { stand, store } = polled;
    const faulty = await startFaultyProxy(stand.backend.url);
    try {
      const shopper = await stand.signIn('+998901230002');
      const broken = await placeOrder(stand, shopper);
      const healthy = await placeOrder(stand, shopper);
      await moveStatus(stand, broken, 'confirmed');
      await moveStatus(stand, healthy, 'confirmed');
      const clock = { ms: Date.now() + 1000 };
      const poller = pollerFor(polled, faulty.proxy.url, clock, { timeoutMs: 3000 });
      const row = async (order: Order) =>
        (await store.orderPolls()).find((poll) => poll.orderNumber === order.number);

      faulty.modes.set(broken.id, 'fail');
      const failing = await poller.pollOnce();
      expect(failing.failed).toEqual([broken.number]);
      expect(failing.recorded).toEqual([`${healthy.number}:status:confirmed`]);
      expect(await row(broken)).toMatchObject({ attempts: 1, closed: false });
      expect((await row(broken))?.lastError).toMatch(/could not handle the request/);

      // It waits twice the interval, then once more twice as long.
      clock.ms += INTERVAL;
      expect((await poller.pollOnce()).polled).toEqual([healthy.number]);
      faulty.modes.set(broken.id, 'hang');
      clock.ms += INTERVAL;
      const timedOut = await poller.pollOnce();
      expect(timedOut.failed).toEqual([broken.number]);
      expect(timedOut.polled.sort()).toEqual([broken.number, healthy.number].sort());
      expect(await row(broken)).toMatchObject({ attempts: 2 });
      expect((await row(broken))?.lastError).toMatch(/did not answer in time/);
      clock.ms += 2 * INTERVAL;
      expect((await poller.pollOnce()).polled).toEqual([healthy.number]);

      faulty.modes.set(broken.id, 'pass');
      clock.ms += 2 * INTERVAL;
      const recovered = await poller.pollOnce();
      expect(recovered.recorded).toEqual([`${broken.number}:status:confirmed`]);
      expect(await row(broken)).toMatchObject({ attempts: 0, lastError: null });
      expect(stand.logs.messages('Order poll failed').length).toBeGreaterThanOrEqual(2);

      // Close both, so the other tests' pollers leave them alone.
      for (const order of [broken, healthy]) await moveStatus(stand, order, 'cancelled');
      clock.ms += INTERVAL;
      expect((await poller.pollOnce()).closed.sort()).toEqual(
        [broken.number, healthy.number].sort(),
      );
    } finally {
      await faulty.proxy.close();
    }
  }, 120_000);

  it('keeps its loop going through a failing store, and polls nothing with an interval of 0', async () => {
    const { stand, store } = polled;
    const shopper = await stand.signIn('+998901230003');
    // The only open order in this store (the tests before closed theirs).
    const order = await placeOrder(stand, shopper);
    // Each poller calls the backend through an address of its own, so what each asked is told
    // apart.
    const [offProxy, onProxy] = await Promise.all([
      startFaultyProxy(stand.backend.url),
      startFaultyProxy(stand.backend.url),
    ]);
    try {
      let claims = 0;
      const flaky: NotifierStore = {
        ...store,
        claimOrdersToPoll: (options) => {
          claims += 1;
          if (claims <= 2) return Promise.reject(new Error('connection terminated'));
          return store.claimOrdersToPoll(options);
        },
      };
      const realTime = {
        get ms() {
          return Date.now();
        },
      };
      const off = pollerFor(polled, offProxy.proxy.url, realTime, { intervalMs: 0 });
      const on = pollerFor(polled, onProxy.proxy.url, realTime, { intervalMs: 20, store: flaky });
      off.start();
      on.start();
      await waitFor(
        'three polls after two store failures',
        () => onProxy.detailsCalls().length >= 3,
      );
      await Promise.all([off.stop(), on.stop()]);
      expect(claims).toBeGreaterThanOrEqual(5);
      expect(stand.logs.messages('Could not claim orders to poll')).toHaveLength(2);
      expect(
        onProxy.detailsCalls().every((call) => call.url.includes(`/orders/${order.id}/`)),
      ).toBe(true);
      expect(offProxy.detailsCalls()).toEqual([]);
    } finally {
      await offProxy.proxy.close();
      await onProxy.proxy.close();
      await moveStatus(stand, order, 'cancelled');
    }
  }, 120_000);
});

describe('order poller with a backend that pushes', () => {
  it('adds nothing for a change the backend pushed: one event whichever comes first', async () => {
    const { stand, store } = pushed;
    const shopper = await stand.signIn('+998901230004');
    const order = await placeOrder(stand, shopper);
    await moveStatus(stand, order, 'confirmed');
    const confirmed = `${order.number}:status:confirmed`;
    await waitFor('the pushed confirmation', async () =>
      (await store.eventIds()).includes(confirmed),
    );
    const pushedEvent = pushed.seen.find((event) => event.id === confirmed);

    const clock = { ms: Date.now() + 1000 };
    const poller = pollerFor(pushed, stand.backend.url, clock);
    const before = await store.eventIds();
    expect(await poller.pollOnce()).toMatchObject({ polled: [order.number], recorded: [] });
    expect(await store.eventIds()).toEqual(before);
    // What the poller made of the details is the backend's own event: same id, same time.
    const fromDetails = statusEventsFromDetails(shopper.id, await details(stand, shopper, order));
    expect(fromDetails.map((event) => [event.id, event.at])).toEqual([
      [pushedEvent?.id, pushedEvent?.at],
    ]);

    // A pushed cancellation: the poll adds nothing and the order is closed.
    await moveStatus(stand, order, 'cancelled');
    const cancelled = `${order.number}:status:cancelled`;
    await waitFor('the pushed cancellation', async () =>
      (await store.eventIds()).includes(cancelled),
    );
    expect(
      (await store.orderPolls()).find((poll) => poll.orderNumber === order.number),
    ).toMatchObject({ closed: true });
    clock.ms += INTERVAL;
    expect((await poller.pollOnce()).polled).toEqual([]);
    const stored = (await store.eventIds()).filter((id) => id.startsWith(`${order.number}:`));
    expect(stored.sort()).toEqual([`${order.number}:placed`, cancelled, confirmed].sort());
  }, 120_000);
});

describe.skipIf(!TEST_DATABASE_URL)('order poller on PostgreSQL', () => {
  let database: ScratchDatabase;

  beforeAll(async () => {
    database = await createScratchDatabase(TEST_DATABASE_URL);
  }, 60_000);
  afterAll(async () => {
    await database.drop();
  }, 60_000);

  it('two instances polling one database never ask about one order twice in a round', async () => {
    const { stand } = polled;
    // Two shoppers: one account may have only five open unpaid orders at once.
    const shoppers = [await stand.signIn('+998901230005'), await stand.signIn('+998901230006')];
    const orders: Order[] = [];
    const owners: number[] = [];
    for (let n = 0; n < 8; n++) {
      const shopper = shoppers[n % 2] as (typeof shoppers)[number];
      orders.push(await placeOrder(stand, shopper));
      owners.push(shopper.id);
    }
    const stores = await Promise.all([
      openNotifierStore({ databaseUrl: database.url }),
      openNotifierStore({ databaseUrl: database.url }),
    ]);
    const faulty = await startFaultyProxy(stand.backend.url);
    try {
      await stores[0].recordEvents(
        orders.map((order, index) => placedEvent(owners[index] ?? 0, order)),
        new Date(),
      );
      const clock = { ms: Date.now() + 1000 };
      const pollers = stores.map((store) =>
        createOrderPoller({
          store,
          record: (events) => store.recordEvents(events, new Date(clock.ms)),
          client: createUpstreamClient({
            upstreams: {
              ecommerceUrl: faulty.proxy.url,
              catalogUrl: faulty.proxy.url,
              catalogApiKey: stand.backend.catalogApiKey,
            },
            timeoutMs: 10_000,
          }),
          logger: stand.app.log,
          intervalMs: INTERVAL,
          batchSize: 3,
          concurrency: 2,
          now: () => new Date(clock.ms),
        }),
      );
      for (let round = 0; round < 3; round++) {
        const before = faulty.detailsCalls().length;
        const asked: string[][] = [[], []];
        // Both instances claim and poll at the same moment until nothing is due.
        for (;;) {
          const rounds = await Promise.all(pollers.map((poller) => poller.pollOnce()));
          rounds.forEach((done, index) => asked[index]?.push(...done.polled));
          if (rounds.every((done) => done.polled.length === 0)) break;
        }
        const all = [...(asked[0] ?? []), ...(asked[1] ?? [])];
        expect(all.sort()).toEqual(orders.map((order) => order.number).sort());
        expect(faulty.detailsCalls().length - before).toBe(orders.length);
        clock.ms += INTERVAL;
      }
    } finally {
      await faulty.proxy.close();
      for (const store of stores) await store.close();
      for (const order of orders) await moveStatus(stand, order, 'cancelled');
    }
  }, 180_000);
});

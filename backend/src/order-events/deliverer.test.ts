// Delivering the order-event outbox to a local receiver that checks the signature as the bot's
// server does: every event arrives at least once and in order per order, though the receiver
// fails some requests (500, no answer); the delay between tries grows; two deliverers on one
// database never claim the same event; a claim left by a crashed deliverer is taken up again.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  OrderEventSchema,
  OrderEventsDeliverySchema,
  type Order,
  type OrderEvent,
} from '@shop/shared';
import { checkOrderEventsSignature } from '@shop/shared/server';
import { asc, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { call, signIn } from '../testing/http-client';
import { pickupOrder } from '../testing/order-bodies';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../testing/test-backend';
import { backoffMs, createOrderEventDeliverer, type OrderEventDeliverer } from './deliverer';

const SECRET = 'order-events-test-secret-0123456789';
const quietLog = { warn: () => undefined, error: () => undefined };

type Behaviour = 'ok' | 'fail' | 'hang';

interface Receiver {
  url: string;
  /** Events of every accepted (2xx) delivery, in arrival order. */
  accepted: OrderEvent[];
  /** How many requests came, accepted or not. */
  requests: number;
  /** Answers of the next requests; 'ok' once the list is empty. */
  plan: Behaviour[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

/** A stand-in of `POST /tg/order-events`: checks the signature against the test clock. */
async function startReceiver(now: () => Date): Promise<Receiver> {
  const receiver: Omit<Receiver, 'url' | 'close'> = { accepted: [], requests: 0, plan: [] };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      receiver.requests += 1;
      const behaviour = receiver.plan.shift() ?? 'ok';
      if (behaviour === 'hang') return; // never answers: the deliverer's timeout must fire
      const signature = checkOrderEventsSignature(SECRET, raw, request.headers, now().getTime());
      if (!signature.ok) {
        response.writeHead(401).end();
        return;
      }
      if (behaviour === 'fail') {
        response.writeHead(500).end();
        return;
      }
      const delivery = OrderEventsDeliverySchema.parse(JSON.parse(raw));
      receiver.accepted.push(...delivery.events);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/tg/order-events`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}

/** Each order's events in the order they were first accepted. */
function firstArrivals(events: readonly OrderEvent[]): Map<string, string[]> {
  const seen = new Set<string>();
  const byOrder = new Map<string, string[]>();
  for (const event of events) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    byOrder.set(event.order.number, [...(byOrder.get(event.order.number) ?? []), event.id]);
  }
  return byOrder;
}

describe.each(DATABASE_KINDS)('order event delivery on %s', (kind) => {
  let t: TestBackend;
  let receiver: Receiver;
  let shopper: { token: string };
  const deliverers: OrderEventDeliverer[] = [];

  beforeAll(async () => {
    // One shopper places every order here; the per-account caps have their own tests.
    t = await createTestBackend({
      kind,
      maxConnections: 6,
      orderLimits: MANY_ORDERS,
    });
    receiver = await startReceiver(t.clock.now);
    shopper = await signIn(t);
  });
  afterEach(async () => {
    for (const deliverer of deliverers.splice(0)) await deliverer.stop();
    // Every test starts from an empty outbox and an empty receiver.
    await t.db
      .update(orderEvents)
      .set({ deliveredAt: t.clock.now() })
      .where(isNull(orderEvents.deliveredAt));
    receiver.accepted.length = 0;
    receiver.plan.length = 0;
    receiver.requests = 0;
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  function deliverer(
    options: { batchSize?: number; timeoutMs?: number } = {},
  ): OrderEventDeliverer {
    const made = createOrderEventDeliverer({
      db: t.db,
      now: t.clock.now,
      url: receiver.url,
      secret: SECRET,
      log: quietLog,
      backoff: { firstMs: 1000, maxMs: 8000 },
      ...options,
    });
    deliverers.push(made);
    return made;
  }

  async function placeOrder(): Promise<Order> {
    const variant = FIXTURES.colourVariantProduct.variants[0];
    if (!variant) throw new Error('fixture missing');
    const answer = await call(t, 'POST', '/api/orders', {
      token: shopper.token,
      body: pickupOrder([{ product_id: variant.id, quantity: 1 }]),
    });
    if (answer.status !== 201) throw new Error(`order answered ${answer.status}: ${answer.text}`);
    return (answer.body as { data: Order }).data;
  }

  /** Places `count` orders and moves each through two statuses, interleaved: 3 events each. */
  async function makeEvents(count: number): Promise<Map<string, string[]>> {
    const placed: Order[] = [];
    for (let i = 0; i < count; i += 1) placed.push(await placeOrder());
    for (const status of ['confirmed', 'assembling'] as const) {
      for (const order of placed) {
        t.clock.advance(1000);
        await t.statuses.changeStatus(order.number, status);
      }
    }
    const rows = await t.db
      .select({ payload: orderEvents.payload })
      .from(orderEvents)
      .where(isNull(orderEvents.deliveredAt))
      .orderBy(asc(orderEvents.seq));
    return firstArrivals(rows.map((row) => OrderEventSchema.parse(row.payload)));
  }

  it('grows the wait after each failure, up to its cap', () => {
    const backoff = { firstMs: 1000, maxMs: 8000 };
    expect([1, 2, 3, 4, 5, 40].map((n) => backoffMs(n, backoff))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('delivers every event, in order per order, through 500s and timeouts, waiting longer each time', async () => {
    const expected = await makeEvents(4); // 12 events
    // Long enough for a slow machine to answer a good request, short enough for the hang.
    const sender = deliverer({ batchSize: 5, timeoutMs: 1500 });
    receiver.plan.push('fail', 'hang', 'ok', 'fail');

    expect(await sender.deliverOnce()).toMatchObject({
      kind: 'failed',
      events: 5,
      reason: 'HTTP 500',
    });
    // Nothing is due until the first wait (1 s) has passed.
    expect(await sender.deliverOnce()).toEqual({ kind: 'idle' });
    t.clock.advance(999);
    expect(await sender.deliverOnce()).toEqual({ kind: 'idle' });
    t.clock.advance(1);
    expect(await sender.deliverOnce()).toMatchObject({ kind: 'failed', reason: 'timeout' });
    // The second failure waits twice as long.
    t.clock.advance(1999);
    expect(await sender.deliverOnce()).toEqual({ kind: 'idle' });
    t.clock.advance(1);
    expect(await sender.deliverOnce()).toEqual({ kind: 'delivered', events: 5 });
    // A failing batch holds back the later events of its orders, never lets them overtake.
    expect(await sender.deliverOnce()).toMatchObject({ kind: 'failed', reason: 'HTTP 500' });
    for (let round = 0; round < 20; round += 1) {
      t.clock.advance(8000);
      await sender.deliverOnce();
    }
    expect(await sender.deliverOnce()).toEqual({ kind: 'idle' });
    expect(firstArrivals(receiver.accepted)).toEqual(expected);
    expect(receiver.requests).toBeGreaterThanOrEqual(6);
    const left = await t.db.select().from(orderEvents).where(isNull(orderEvents.deliveredAt));
    expect(left).toEqual([]);
  });

  it('lets two deliverers race without ever claiming one event twice', async () => {
    const expected = await makeEvents(12); // 36 events
    const [a, b] = [deliverer({ batchSize: 4 }), deliverer({ batchSize: 4 })];
    const drain = async (d: OrderEventDeliverer) => {
      for (;;) {
        const result = await d.deliverOnce();
        if (result.kind === 'idle') {
          const left = await t.db.select().from(orderEvents).where(isNull(orderEvents.deliveredAt));
          if (left.length === 0) return;
          // The other deliverer holds the rest: give it the (single PGlite) connection.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
    };
    await Promise.all([drain(a), drain(b)]);
    // The receiver never failed, so each event was claimed once and arrived once.
    const ids = receiver.accepted.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(firstArrivals(receiver.accepted)).toEqual(expected);
  });

  it('takes up, after its lease, a batch whose deliverer died before marking it', async () => {
    const expected = await makeEvents(2);
    // A deliverer that claimed everything and then crashed: leased rows, counted attempt.
    const leaseMs = 60_000;
    await t.db
      .update(orderEvents)
      .set({ availableAt: new Date(t.clock.now().getTime() + leaseMs), attempts: 1 })
      .where(isNull(orderEvents.deliveredAt));
    const restarted = deliverer({ batchSize: 100 });
    expect(await restarted.deliverOnce()).toEqual({ kind: 'idle' });
    t.clock.advance(leaseMs);
    expect(await restarted.deliverOnce()).toEqual({ kind: 'delivered', events: 6 });
    expect(firstArrivals(receiver.accepted)).toEqual(expected);
  });

  it('runs as a loop that a commit wakes, and stops cleanly', async () => {
    const loop = deliverer();
    loop.start();
    const order = await placeOrder();
    // Woken as a commit wakes it in the embedded backend; wait (bounded) for its delivery.
    for (let i = 0; i < 200 && receiver.accepted.length === 0; i += 1) {
      loop.wake();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(receiver.accepted.map((event) => event.id)).toEqual([`${order.number}:placed`]);
    await loop.stop();
  });
});

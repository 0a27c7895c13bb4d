// Order statuses: the allowed moves, the operator call that makes them, the history the shopper
// reads, the stock a cancellation returns (once), the demo flow, and the outbox event each change
// writes in its own transaction (and a refused change does not).
import {
  CustomerOrderDetailsResponseSchema,
  OPERATOR_SECRET_HEADER,
  OrderEventSchema,
  orderEventId,
  ORDER_STATUSES,
  nextStatus,
  operatorStatusPath,
  transitionAllowed,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderStatusHistory, orders } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { call, catalog, signIn } from '../testing/http-client';
import {
  addCard,
  GOOD_CARD,
  INSUFFICIENT_FUNDS_CARD,
  payOrder,
  placeCardOrder,
} from '../testing/payments';
import { pickupOrder, TASHKENT_COURIER } from '../testing/order-bodies';
import {
  createTestBackend,
  stockOf,
  DATABASE_KINDS,
  type TestBackend,
} from '../testing/test-backend';
import { advanceOpenOrders } from './demo-order-flow';

const mug = FIXTURES.colourVariantProduct;

function firstVariant(product: { variants: readonly { id: number }[] }): number {
  const found = product.variants[0];
  if (!found) throw new Error('fixture has no variant');
  return found.id;
}

describe('transitionAllowed', () => {
  const everyPair = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => [from, to] as const),
  );

  it('allows exactly one step forward per delivery type, and cancelling while open', () => {
    const allowed = (type: string) =>
      everyPair.filter(([from, to]) => transitionAllowed(from, to, type)).map((p) => p.join('→'));
    const common = ['new→confirmed', 'confirmed→assembling'];
    const cancels = ['new', 'confirmed', 'assembling', 'ready_for_pickup', 'delivering'].map(
      (from) => `${from}→cancelled`,
    );
    expect(allowed('pickup').sort()).toEqual(
      [
        ...common,
        'assembling→ready_for_pickup',
        'ready_for_pickup→completed',
        'delivering→completed',
        ...cancels,
      ].sort(),
    );
    for (const type of ['courier', 'express']) {
      expect(allowed(type).sort()).toEqual(
        [
          ...common,
          'assembling→delivering',
          'ready_for_pickup→completed',
          'delivering→completed',
          ...cancels,
        ].sort(),
      );
    }
    expect(nextStatus('completed', 'pickup')).toBeNull();
    expect(nextStatus('cancelled', 'courier')).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('order statuses on %s', (kind) => {
  let t: TestBackend;
  let shopper: { token: string; userId: number };
  beforeAll(async () => {
    t = await createTestBackend({ kind });
    shopper = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const setStatus = (number: string, status: string, secret: string | null = t.operatorSecret) =>
    call(t, 'POST', operatorStatusPath(number), {
      body: { status },
      headers: secret === null ? {} : { [OPERATOR_SECRET_HEADER]: secret },
    });

  async function placeOrder(extra: object = {}, lang = 'ru'): Promise<Order> {
    const answer = await call(t, 'POST', '/api/orders', {
      token: shopper.token,
      headers: { 'x-lang': lang },
      body: pickupOrder([{ product_id: firstVariant(mug), quantity: 2 }], extra),
    });
    if (answer.status !== 201) throw new Error(`order answered ${answer.status}: ${answer.text}`);
    return (answer.body as { data: Order }).data;
  }

  const courier = TASHKENT_COURIER;

  async function eventsOf(number: string): Promise<OrderEvent[]> {
    const [row] = await t.db.select().from(orders).where(eq(orders.number, number));
    if (!row) return [];
    const rows = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.seq));
    return rows.map((r) => OrderEventSchema.parse(r.payload));
  }

  function stockOfMug(): Promise<number> {
    return stockOf(t.db, firstVariant(mug));
  }

  it('walks a pickup order to completed, recording each step with its time, in order', async () => {
    const placed = await placeOrder();
    const steps: OrderStatus[] = ['confirmed', 'assembling', 'ready_for_pickup', 'completed'];
    let from: OrderStatus = 'new';
    for (const status of steps) {
      t.clock.advance(60_000);
      const answer = await setStatus(placed.number, status);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body).toMatchObject({ from, data: { number: placed.number, status } });
      from = status;
    }
    // The shopper's order details with its statuses: every step, oldest first, with its time.
    const details = await catalog(
      t,
      'GET',
      `/customers/${shopper.userId}/orders/${placed.id}/details?resources[]=statuses`,
    );
    expect(details.status).toBe(200);
    const order = CustomerOrderDetailsResponseSchema.parse(details.body).data;
    expect(order.status).toBe('completed');
    expect(order.statuses.map((s) => s.status)).toEqual(['new', ...steps]);
    const times = order.statuses.map((s) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);

    // One event per change, with the stable id, the status reached and the order after it.
    const events = await eventsOf(placed.number);
    expect(events.map((e) => e.id)).toEqual([
      orderEventId(placed.number, { type: 'order_placed' }),
      ...steps.map((status) => orderEventId(placed.number, { type: 'status_changed', status })),
    ]);
    expect(events[0]).toMatchObject({
      type: 'order_placed',
      user_id: shopper.userId,
      order: placed,
    });
    for (const [index, status] of steps.entries()) {
      const event = events[index + 1];
      expect(event).toMatchObject({ type: 'status_changed', status, user_id: shopper.userId });
      expect(event?.order.status).toBe(status);
      expect(event?.order.statuses.at(-1)?.status).toBe(status);
      expect(event?.at).toBe(event?.order.statuses.at(-1)?.at);
      // In the language the order was placed in.
      expect(event?.order.items[0]?.name).toBe(placed.items[0]?.name);
    }
  });

  it('refuses a move the rules do not allow with 409, and changes and writes nothing', async () => {
    const placed = await placeOrder(courier);
    expect((await setStatus(placed.number, 'confirmed')).status).toBe(200);
    const before = await eventsOf(placed.number);
    for (const status of ['new', 'assembling_x', 'ready_for_pickup', 'completed', 'delivering']) {
      const answer = await setStatus(placed.number, status);
      expect(answer.status).toBe(status === 'assembling_x' ? 400 : 409);
    }
    expect((await setStatus(placed.number, 'assembling')).status).toBe(200);
    const pickupOnly = await setStatus(placed.number, 'ready_for_pickup');
    expect(pickupOnly.status).toBe(409);
    expect(pickupOnly.body).toMatchObject({
      code: 'conflict',
      message: `Order ${placed.number} is assembling: it can go to delivering or cancelled, not ready_for_pickup.`,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.number, placed.number));
    expect(row?.status).toBe('assembling');
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, placed.id));
    expect(history.map((h) => h.status)).toEqual(['new', 'confirmed', 'assembling']);
    expect((await eventsOf(placed.number)).length).toBe(before.length + 1);
  });

  it('cancels an open order once and puts its stock back once', async () => {
    const start = await stockOfMug();
    const placed = await placeOrder(courier);
    expect(await stockOfMug()).toBe(start - 2);
    await setStatus(placed.number, 'confirmed');
    const cancelled = await setStatus(placed.number, 'cancelled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ from: 'confirmed', data: { status: 'cancelled' } });
    expect(await stockOfMug()).toBe(start);
    const again = await setStatus(placed.number, 'cancelled');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: `Order ${placed.number} is cancelled: its status can no longer change.`,
    });
    expect(await stockOfMug()).toBe(start);
    // Cancelling at once from two callers: one wins, the stock comes back once.
    const other = await placeOrder();
    const both = await Promise.all([
      setStatus(other.number, 'cancelled'),
      t.statuses.changeStatus(other.number, 'cancelled').then(
        () => 200,
        () => 409,
      ),
    ]);
    expect([both[0].status, both[1]].sort()).toEqual([200, 409]);
    expect(await stockOfMug()).toBe(start);
    const events = await eventsOf(other.number);
    expect(events.filter((e) => e.status === 'cancelled')).toHaveLength(1);
    // A completed order is over.
    const done = await placeOrder();
    for (const status of ['confirmed', 'assembling', 'ready_for_pickup', 'completed']) {
      await setStatus(done.number, status);
    }
    expect((await setStatus(done.number, 'cancelled')).status).toBe(409);
    expect(await stockOfMug()).toBe(start - 2);
  });

  const moveAs = (number: string, body: object) =>
    call(t, 'POST', operatorStatusPath(number), {
      body,
      headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret },
    });

  it('keeps who moved an order, and refuses a move from a status it has left, naming who moved it', async () => {
    const placed = await placeOrder(courier);
    const moved = await moveAs(placed.number, {
      status: 'confirmed',
      expected_from: 'new',
      actor: 'Dilnoza (Telegram 1001)',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ from: 'new', data: { status: 'confirmed' } });
    const events = await eventsOf(placed.number);
    expect(events.at(-1)).toMatchObject({ status: 'confirmed', by: 'Dilnoza (Telegram 1001)' });
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, placed.id));
    expect(history.map((h) => [h.status, h.actor])).toEqual([
      ['new', null],
      ['confirmed', 'Dilnoza (Telegram 1001)'],
    ]);
    // A second press made from the card as it was: the order is no longer new.
    const stale = await moveAs(placed.number, {
      status: 'confirmed',
      expected_from: 'new',
      actor: 'Bobur (Telegram 1002)',
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'conflict',
      details: [{ field: 'status', rule: 'status_changed_meanwhile' }],
      current: { status: 'confirmed', by: 'Dilnoza (Telegram 1001)' },
    });
    const staleCancel = await moveAs(placed.number, {
      status: 'cancelled',
      expected_from: 'new',
      actor: 'Bobur (Telegram 1002)',
    });
    expect(staleCancel.status).toBe(409);
    const [row] = await t.db.select().from(orders).where(eq(orders.number, placed.number));
    expect(row?.status).toBe('confirmed');
    expect(await eventsOf(placed.number)).toHaveLength(events.length);
    // A bad actor or expected status is a 400 that changes nothing.
    for (const body of [
      { status: 'assembling', actor: '' },
      { status: 'assembling', actor: 'x'.repeat(121) },
      { status: 'assembling', actor: 7 },
      { status: 'assembling', expected_from: 'nowhere' },
    ]) {
      expect((await moveAs(placed.number, body)).status).toBe(400);
    }
    expect(await eventsOf(placed.number)).toHaveLength(events.length);
    // Closed, so the shopper's open-order cap is left for the other tests.
    expect((await setStatus(placed.number, 'cancelled')).status).toBe(200);
  });

  it('moves an order once when two staff press at once, and tells the second who was first', async () => {
    const start = await stockOfMug();
    for (const to of ['confirmed', 'cancelled'] as const) {
      const placed = await placeOrder(courier);
      const answers = await Promise.all(
        ['Ali', 'Vali', 'Gani', 'Sobir'].map((actor) =>
          moveAs(placed.number, { status: to, expected_from: 'new', actor }),
        ),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      const losers = answers.filter((answer) => answer.status === 409);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(3);
      const events = await eventsOf(placed.number);
      const moves = events.filter((event) => event.type === 'status_changed');
      expect(moves).toHaveLength(1);
      for (const loser of losers) {
        expect(loser.body).toMatchObject({ current: { status: to, by: moves[0]?.by } });
      }
      if (to === 'confirmed') {
        expect(await stockOfMug()).toBe(start - 2);
        expect((await setStatus(placed.number, 'cancelled')).status).toBe(200);
      }
    }
    // Each order's stock came back once.
    expect(await stockOfMug()).toBe(start);
  });

  it('answers 401 without the right secret, 404 for an unknown order, 400 for a bad body', async () => {
    const placed = await placeOrder();
    expect((await setStatus(placed.number, 'confirmed', null)).status).toBe(401);
    expect((await setStatus(placed.number, 'confirmed', 'x'.repeat(32))).status).toBe(401);
    expect((await setStatus(placed.number, 'confirmed', `${t.operatorSecret} `)).status).toBe(401);
    // The shopper's own token opens nothing here.
    const withToken = await call(t, 'POST', operatorStatusPath(placed.number), {
      token: shopper.token,
      body: { status: 'confirmed' },
    });
    expect(withToken.status).toBe(401);
    const unknown = await setStatus('UY-999999', 'confirmed');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'There is no order UY-999999.' });
    const extraField = await call(t, 'POST', operatorStatusPath(placed.number), {
      body: { status: 'confirmed', note: 'x' },
      headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret },
    });
    expect(extraField.status).toBe(400);
    const [row] = await t.db.select().from(orders).where(eq(orders.number, placed.number));
    expect(row?.status).toBe('new');
    expect(await eventsOf(placed.number)).toHaveLength(1);
    // The secret went with every good call above, and never into a log line.
    expect(t.logs.join('\n')).not.toContain(t.operatorSecret);
  });

  it('writes payment received and payment declined events with the attempt in their ids', async () => {
    const good = await addCard(t, shopper.token, GOOD_CARD);
    const poor = await addCard(t, shopper.token, INSUFFICIENT_FUNDS_CARD);
    const order = await placeCardOrder(t, shopper.token);
    expect((await payOrder(t, shopper.token, order.number, poor.id)).status).toBe(422);
    expect((await payOrder(t, shopper.token, order.number, good.id)).status).toBe(200);
    const events = await eventsOf(order.number);
    expect(events.map((e) => e.type)).toEqual([
      'order_placed',
      'payment_declined',
      'payment_received',
    ]);
    expect(events[1]?.id).toMatch(new RegExp(`^${order.number}:payment:\\d+:declined$`));
    expect(events[2]?.id).toMatch(new RegExp(`^${order.number}:payment:\\d+:paid$`));
    expect(events[1]?.order.payment_status).toBe('unpaid');
    expect(events[2]?.order.payment_status).toBe('paid');
  });

  it('writes a cancelled event when a card order’s hold runs out, and the demo flow skips it until then', async () => {
    const start = await stockOfMug();
    const unpaid = await placeCardOrder(t, shopper.token);
    const onReceipt = await placeOrder(courier);
    await advanceOpenOrders(t.db, t.statuses);
    const statusOf = async (number: string) =>
      (await t.db.select().from(orders).where(eq(orders.number, number)))[0]?.status;
    expect(await statusOf(unpaid.number)).toBe('new');
    expect(await statusOf(onReceipt.number)).toBe('confirmed');
    for (let round = 0; round < 5; round += 1) await advanceOpenOrders(t.db, t.statuses);
    expect(await statusOf(onReceipt.number)).toBe('completed');
    expect((await eventsOf(onReceipt.number)).map((e) => e.status ?? e.type)).toEqual([
      'order_placed',
      'confirmed',
      'assembling',
      'delivering',
      'completed',
    ]);

    t.clock.advance(31 * 60_000);
    expect(await t.payments.expireHolds()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(unpaid.number)).toBe('cancelled');
    const events = await eventsOf(unpaid.number);
    expect(events.map((e) => e.id)).toEqual([
      orderEventId(unpaid.number, { type: 'order_placed' }),
      orderEventId(unpaid.number, { type: 'status_changed', status: 'cancelled' }),
    ]);
    expect(await stockOfMug()).toBe(start - 2);
  });
});

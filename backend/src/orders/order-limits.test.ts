// One account must not be able to hold the stock: at most 5 open unpaid orders at
// once, at most 20 orders in any 24 hours and at most 20 of one item in an order, the defaults.
// A refusal takes nothing. The race against the open-order cap runs on the real PostgreSQL.
import type { AddressInfo } from 'node:net';
import { OrderResponseSchema, type ApiError, type OrderStatus } from '@shop/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, variants } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { call, signIn } from '../testing/http-client';
import { pickupOrder, type OrderLine } from '../testing/order-bodies';
import { addCard, payOrder, placeCardOrder } from '../testing/payments';
import {
  createTestBackend,
  DATABASE_KINDS,
  stockOf,
  TEST_DATABASE_URL,
  type TestBackend,
} from '../testing/test-backend';

const HOUR = 3600 * 1000;

function variantId(product: { variants: readonly { id: number }[] }, index = 0): number {
  const found = product.variants[index];
  if (!found) throw new Error('fixture has no such variant');
  return found.id;
}

const mugId = variantId(FIXTURES.colourVariantProduct, 1);
const panId = variantId(FIXTURES.discountedProduct, 0);

describe.each(DATABASE_KINDS)('order limits on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    // The backend's defaults: nothing here raises or lowers a limit.
    t = await createTestBackend({ kind });
    await t.db.update(variants).set({ quantity: 500 }).where(eq(variants.id, mugId));
    await t.db.update(variants).set({ quantity: 500 }).where(eq(variants.id, panId));
  });
  afterAll(async () => {
    await t.close();
  });

  const order = (token: string, items: OrderLine[] = [{ product_id: mugId, quantity: 1 }]) =>
    call(t, 'POST', '/api/orders', { token, body: pickupOrder(items) });

  async function placed(token: string): Promise<string> {
    const answer = await order(token);
    expect(answer.status, answer.text).toBe(201);
    return OrderResponseSchema.parse(answer.body).data.number;
  }

  async function ordersOf(userId: number): Promise<number> {
    const [row] = await t.db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    return row?.n ?? -1;
  }

  async function moveTo(number: string, path: readonly OrderStatus[]): Promise<void> {
    for (const status of path) await t.statuses.changeStatus(number, status);
  }

  it('refuses a sixth open unpaid order and takes nothing, while another account still orders', async () => {
    const hoarder = await signIn(t);
    const other = await signIn(t);
    for (let i = 0; i < 5; i += 1) await placed(hoarder.token);
    const stock = await stockOf(t.db, mugId);

    const sixth = await order(hoarder.token);
    expect(sixth.status).toBe(422);
    expect(sixth.body).toMatchObject({
      code: 'order_refused',
      details: [{ rule: 'open_orders_limit' }],
    });
    expect((sixth.body as ApiError).retry_after).toBeUndefined();
    expect(await stockOf(t.db, mugId)).toBe(stock);
    expect(await ordersOf(hoarder.userId)).toBe(5);

    await placed(other.token);
  });

  it('counts only orders neither paid nor over: a paid, a completed and a cancelled one free a place', async () => {
    const shopper = await signIn(t);
    const card = await addCard(t, shopper.token);
    const cardOrder = await placeCardOrder(t, shopper.token);
    const numbers = [];
    for (let i = 0; i < 4; i += 1) numbers.push(await placed(shopper.token));
    expect((await order(shopper.token)).status).toBe(422);

    expect((await payOrder(t, shopper.token, cardOrder.number, card.id)).status).toBe(200);
    await placed(shopper.token);
    expect((await order(shopper.token)).status).toBe(422);

    const [first, second] = numbers;
    if (first === undefined || second === undefined) throw new Error('orders missing');
    await moveTo(first, ['cancelled']);
    await placed(shopper.token);
    // Paid on receipt and still open until handed over: only completing it frees its place.
    await moveTo(second, ['confirmed', 'assembling', 'ready_for_pickup']);
    expect((await order(shopper.token)).status).toBe(422);
    await moveTo(second, ['completed']);
    await placed(shopper.token);
    expect((await order(shopper.token)).status).toBe(422);
  });

  it('allows 20 orders in any 24 hours, across midnight, and says when the next one is possible', async () => {
    // About 23:50 in Tashkent: the orders run past local midnight (19:00 UTC).
    t.clock.set(new Date('2026-05-04T18:49:00.000Z'));
    const shopper = await signIn(t);
    const first = t.clock.now();
    for (let i = 0; i < 20; i += 1) {
      // Cancelled at once, so the cap on open orders does not come first.
      await moveTo(await placed(shopper.token), ['cancelled']);
      t.clock.advance(60_000);
    }
    const stock = await stockOf(t.db, mugId);
    const refused = await order(shopper.token);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'order_refused',
      details: [{ rule: 'daily_orders_limit' }],
      // Until the first order is 24 hours old: 23 h 40 min after the 21st try.
      retry_after: 23 * 3600 + 40 * 60,
    });
    expect(refused.headers['retry-after']).toBe(String(23 * 3600 + 40 * 60));
    expect(await stockOf(t.db, mugId)).toBe(stock);

    t.clock.set(new Date(first.getTime() + 24 * HOUR - 1000));
    expect((await order(shopper.token)).body).toMatchObject({ retry_after: 1 });
    t.clock.set(new Date(first.getTime() + 24 * HOUR));
    await placed(shopper.token);
    expect((await order(shopper.token)).status).toBe(422);
  });

  it('takes at most 20 of one item in an order, naming the line, and takes nothing otherwise', async () => {
    const shopper = await signIn(t);
    const before = { mug: await stockOf(t.db, mugId), pan: await stockOf(t.db, panId) };
    const refused = await order(shopper.token, [
      { product_id: mugId, quantity: 1 },
      { product_id: panId, quantity: 21 },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'order_refused',
      details: [{ field: 'items.1.quantity', rule: 'quantity_limit' }],
    });
    expect({ mug: await stockOf(t.db, mugId), pan: await stockOf(t.db, panId) }).toEqual(before);

    const twenty = await order(shopper.token, [{ product_id: panId, quantity: 20 }]);
    expect(twenty.status, twenty.text).toBe(201);
    expect(await stockOf(t.db, panId)).toBe(before.pan - 20);
  });
});

// PGlite has one connection: only PostgreSQL shows whether simultaneous orders slip past the cap.
describe.skipIf(!TEST_DATABASE_URL)('the open-order cap under simultaneous orders', () => {
  let t: TestBackend;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestBackend({ kind: 'postgres', maxConnections: 10 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.db.update(variants).set({ quantity: 100 }).where(eq(variants.id, mugId));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets exactly 5 of 20 simultaneous orders from one account through', async () => {
    const { token } = await signIn(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${baseUrl}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(pickupOrder([{ product_id: mugId, quantity: 1 }])),
        }).then(async (response) => ({ status: response.status, body: await response.json() })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({
        code: 'order_refused',
        details: [{ rule: 'open_orders_limit' }],
      });
    }
    expect(await stockOf(t.db, mugId)).toBe(95);
  });
});

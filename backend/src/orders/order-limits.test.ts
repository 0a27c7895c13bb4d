// One account must not be able to hold the stock: at most 5 open unpaid orders at once, at most
// 20 orders in any 24 hours, at most 20 of one item in an order, and at most 40 of one item and
// 200 units in all across its open orders, the defaults. A refusal takes nothing. The races
// against the caps run on the real PostgreSQL.
import type { AddressInfo } from 'node:net';
import { OrderResponseSchema, type ApiError, type OrderStatus } from '@shop/shared';
import { count, eq, inArray } from 'drizzle-orm';
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
/** Eleven items an individual may buy, each stocked in the hundreds for the units caps. */
const manyIds = [
  ...FIXTURES.colourAndSizeProduct.variants,
  ...FIXTURES.colourVariantProduct.variants,
].map((v) => v.id);

describe.each(DATABASE_KINDS)('order limits on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    // The backend's defaults: nothing here raises or lowers a limit.
    t = await createTestBackend({ kind });
    await t.db
      .update(variants)
      .set({ quantity: 500 })
      .where(inArray(variants.id, [...manyIds, panId]));
  });
  afterAll(async () => {
    await t.close();
  });

  const order = (token: string, items: OrderLine[] = [{ product_id: mugId, quantity: 1 }]) =>
    call(t, 'POST', '/api/orders', { token, body: pickupOrder(items) });

  async function placed(token: string, items?: OrderLine[]): Promise<string> {
    const answer = await order(token, items);
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

  it('holds at most 40 of one item across open orders, naming the line, and takes nothing over it', async () => {
    const shopper = await signIn(t);
    const first = await placed(shopper.token, [{ product_id: mugId, quantity: 20 }]);
    await placed(shopper.token, [{ product_id: mugId, quantity: 20 }]);
    const before = { mug: await stockOf(t.db, mugId), pan: await stockOf(t.db, panId) };

    const refused = await order(shopper.token, [
      { product_id: panId, quantity: 1 },
      { product_id: mugId, quantity: 1 },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      code: 'order_refused',
      details: [{ field: 'items.1.quantity', rule: 'open_item_units_limit', available: 0 }],
    });
    expect({ mug: await stockOf(t.db, mugId), pan: await stockOf(t.db, panId) }).toEqual(before);

    // Cancelling gives the units back to the shop and the place back to the account.
    await moveTo(first, ['cancelled']);
    await placed(shopper.token, [{ product_id: mugId, quantity: 20 }]);
  });

  it('holds at most 200 units in all across open orders, paid or not, one order or several', async () => {
    const lines = (ids: readonly number[]) => ids.map((id) => ({ product_id: id, quantity: 20 }));
    const single = await signIn(t);
    const tooBig = await order(single.token, lines(manyIds.slice(0, 11)));
    expect(tooBig.status).toBe(422);
    expect(tooBig.body).toMatchObject({
      code: 'order_refused',
      details: [{ field: '(root)', rule: 'open_units_limit' }],
    });
    await placed(single.token, lines(manyIds.slice(0, 10)));

    const shopper = await signIn(t);
    const card = await addCard(t, shopper.token);
    const cardOrder = await placeCardOrder(t, shopper.token);
    expect((await payOrder(t, shopper.token, cardOrder.number, card.id)).status).toBe(200);
    const cardUnits = cardOrder.items.reduce((sum, item) => sum + item.quantity, 0);
    // Up to the cap with a few orders; the paid card order still holds its units.
    let left = 200 - cardUnits;
    for (const ids of [manyIds.slice(0, 5), manyIds.slice(5, 9)]) {
      const body = lines(ids);
      left -= body.reduce((sum, line) => sum + line.quantity, 0);
      await placed(shopper.token, body);
    }
    const last = [{ product_id: manyIds[9] ?? 0, quantity: left }];
    const stock = await stockOf(t.db, panId);
    const over = await order(shopper.token, [{ product_id: panId, quantity: left + 1 }]);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({
      code: 'order_refused',
      details: [{ field: '(root)', rule: 'open_units_limit' }],
    });
    expect(await stockOf(t.db, panId)).toBe(stock);
    await placed(shopper.token, last);
    expect((await order(shopper.token, [{ product_id: panId, quantity: 1 }])).status).toBe(422);
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
describe.skipIf(!TEST_DATABASE_URL)('the account caps under simultaneous orders', () => {
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

  it('lets exactly 2 of 10 simultaneous orders of 20 of one item from one account through', async () => {
    await t.db.update(variants).set({ quantity: 500 }).where(eq(variants.id, mugId));
    const { token } = await signIn(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${baseUrl}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(pickupOrder([{ product_id: mugId, quantity: 20 }])),
        }).then(async (response) => ({ status: response.status, body: await response.json() })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.body).toMatchObject({
        code: 'order_refused',
        details: [{ rule: 'open_item_units_limit' }],
      });
    }
    expect(await stockOf(t.db, mugId)).toBe(460);
  });
});

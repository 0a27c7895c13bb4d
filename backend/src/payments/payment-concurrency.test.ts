// Races on the real PostgreSQL (PGlite has one connection, so nothing there runs in parallel): a
// listening server, real HTTP, a pool of connections, the sandbox processor over HTTP. Skipped
// without TEST_DATABASE_URL.
import type { AddressInfo } from 'node:net';
import type { Order } from '@shop/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, variants } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { signIn } from '../testing/http-client';
import { addCard, GOOD_CARD, placeCardOrder } from '../testing/payments';
import {
  createTestBackend,
  MANY_ORDERS,
  stockOf,
  TEST_DATABASE_URL,
  type TestBackend,
} from '../testing/test-backend';

describe.skipIf(!TEST_DATABASE_URL)('concurrent card payments on postgres', () => {
  let t: TestBackend;
  let baseUrl: string;

  beforeAll(async () => {
    // One shopper holds many unpaid card orders here; the per-account caps have their own tests.
    t = await createTestBackend({
      kind: 'postgres',
      maxConnections: 10,
      orderLimits: MANY_ORDERS,
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('charges once for twenty simultaneous Pay requests for one order', async () => {
    const { token } = await signIn(t);
    const card = await addCard(t, token, GOOD_CARD);
    const order = await placeCardOrder(t, token);
    const paysBefore = t.sandbox.calls('receipts.pay');

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${baseUrl}/api/orders/${order.number}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ card_id: card.id }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { code?: string; data?: Order },
        })),
      ),
    );

    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.body.data?.payment_status).toBe('paid');
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(['payment_in_progress', 'order_not_payable']).toContain(answer.body.code);
    }
    expect(t.sandbox.calls('receipts.pay')).toBe(paysBefore + 1);
    expect(t.sandbox.charges().filter((r) => r.orderId === order.number)).toHaveLength(1);
  });

  it('returns the stock of expired holds exactly once with three sweepers racing', async () => {
    const { token } = await signIn(t);
    const variantId = FIXTURES.colourVariantProduct.variants[1]?.id ?? 0;
    await t.db.update(variants).set({ quantity: 100 }).where(eq(variants.id, variantId));
    const placed: Order[] = [];
    for (let i = 0; i < 30; i += 1) {
      placed.push(
        await placeCardOrder(t, token, { items: [{ product_id: variantId, quantity: 2 }] }),
      );
    }
    expect(await stockOf(t.db, variantId)).toBe(40);

    t.clock.advance(31 * 60_000);
    const results = await Promise.all([
      t.payments.expireHolds(),
      t.payments.expireHolds(),
      t.payments.expireHolds(),
    ]);
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(30);

    expect(await stockOf(t.db, variantId)).toBe(100);
    const ids = (
      await t.db
        .select({ id: orders.id })
        .from(orders)
        .where(
          inArray(
            orders.number,
            placed.map((o) => o.number),
          ),
        )
    ).map((row) => row.id);
    const cancellations = await t.db
      .select({ orderId: orderStatusHistory.orderId })
      .from(orderStatusHistory)
      .where(
        and(inArray(orderStatusHistory.orderId, ids), eq(orderStatusHistory.status, 'cancelled')),
      );
    expect(cancellations).toHaveLength(30);
    expect(new Set(cancellations.map((row) => row.orderId)).size).toBe(30);
  });
});

// A charge whose answer comes too late: the sandbox takes the money for the stalling test card
// and answers only after the adapter has given up. The backend must find out with
// receipts.check that it was paid — and never pay again.
import type { Order } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentAttempts } from '../db/schema';
import { signIn } from '../testing/http-client';
import { addCard, payOrder, placeCardOrder, STALL_CARD } from '../testing/payments';
import { createTestBackend, DATABASE_KINDS, type TestBackend } from '../testing/test-backend';

describe.each(DATABASE_KINDS)('a charge that times out on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind, processorTimeoutMs: 4000, sandboxStallMs: 8000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is settled as paid in the same request, with one charge, and is not paid again', async () => {
    const { token } = await signIn(t);
    const card = await addCard(t, token, STALL_CARD);
    const order = await placeCardOrder(t, token);
    const paysBefore = t.sandbox.calls('receipts.pay');

    const answer = await payOrder(t, token, order.number, card.id);
    expect(answer.status).toBe(200);
    expect((answer.body as { data: Order }).data.payment_status).toBe('paid');
    expect(t.sandbox.calls('receipts.pay')).toBe(paysBefore + 1);
    expect(t.sandbox.calls('receipts.check')).toBeGreaterThanOrEqual(1);
    const charges = t.sandbox.charges().filter((r) => r.orderId === order.number);
    expect(charges).toHaveLength(1);

    const [row] = await t.db.select().from(orders).where(eq(orders.number, order.number));
    const attempts = await t.db
      .select({ state: paymentAttempts.state })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, row?.id ?? 0));
    expect(attempts.map((a) => a.state)).toEqual(['paid']);

    const again = await payOrder(t, token, order.number, card.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'order_not_payable' });
    expect(t.sandbox.calls('receipts.pay')).toBe(paysBefore + 1);
    expect(t.sandbox.charges().filter((r) => r.orderId === order.number)).toHaveLength(1);
  });
});

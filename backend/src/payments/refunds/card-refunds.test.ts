// Cancelling an order paid by a saved card gives its money back, once, through the real backend
// and the processor's stand-in over HTTP — Click (payment/reversal) and Payme (receipts.cancel)
// alike: the operator's cancel owes the refund, the refund worker asks the processor, the order
// shows it made and one refund_made event tells the shopper. Two cancels and two workers at once
// refund once; a processor down while cancelling and a restart before the refund is asked for
// still refund, once.
import {
  OPERATOR_SECRET_HEADER,
  OrderEventSchema,
  operatorStatusPath,
  type Order,
} from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, refunds } from '../../db/schema';
import { call, signIn } from '../../testing/http-client';
import { addCard, addClickCard, payOrder, placeCardOrder } from '../../testing/payments';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../testing/test-backend';

const PROCESSORS = ['click', 'payme'] as const;
type Processor = (typeof PROCESSORS)[number];

const CASES = DATABASE_KINDS.flatMap((kind) =>
  PROCESSORS.map((processor) => [processor, kind] as const),
);

describe.each(CASES)('refunds of %s card payments on %s', (processor: Processor, kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind, cardProcessor: processor, orderLimits: MANY_ORDERS });
  });
  afterAll(async () => {
    await t.close();
  });

  /** An order paid by a saved card; answers it and what its payment is called. */
  async function paidOrder(): Promise<{ order: Order; transactionId: string; token: string }> {
    const { token } = await signIn(t);
    const card = processor === 'click' ? await addClickCard(t, token) : await addCard(t, token);
    const order = await placeCardOrder(t, token);
    const paid = await payOrder(t, token, order.number, card.id);
    if (paid.status !== 200) throw new Error(`pay answered ${paid.status}: ${paid.text}`);
    const transactionId = (paid.body as { data: Order }).data.paid_with?.transaction_id;
    if (!transactionId) throw new Error('the paid order names no transaction');
    return { order, transactionId, token };
  }

  /** How many times the processor gave this payment's money back. */
  function moneyBack(transactionId: string): number {
    if (processor === 'click') {
      if (!t.click) throw new Error('no Click stand-in');
      return t.click.reversals().filter((r) => r.paymentId === transactionId).length;
    }
    const receipt = t.sandbox.receipts().find((r) => r.id === transactionId);
    return receipt?.state === 50 && receipt.cancelledAt !== null ? 1 : 0;
  }

  /** Calls that asked the processor for money back, so far. */
  function refundCalls(): number {
    return processor === 'click'
      ? (t.click?.calls('payment/reversal') ?? 0)
      : t.sandbox.calls('receipts.cancel');
  }

  const cancel = (number: string) =>
    call(t, 'POST', operatorStatusPath(number), {
      body: { status: 'cancelled' },
      headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret },
    });

  async function refundOf(number: string) {
    const [order] = await t.db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new Error(`no order ${number}`);
    return t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
  }

  async function refundEvents(number: string) {
    const [order] = await t.db.select().from(orders).where(eq(orders.number, number));
    if (!order) throw new Error(`no order ${number}`);
    const rows = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.seq));
    return rows
      .map((r) => OrderEventSchema.parse(r.payload))
      .filter((e) => e.type === 'refund_made');
  }

  it('gives a cancelled paid order’s money back once, and tells the shopper once', async () => {
    const { order, transactionId, token } = await paidOrder();
    const callsBefore = refundCalls();
    const cancelled = await cancel(order.number);
    expect(cancelled.status, cancelled.text).toBe(200);
    // The cancel started a refund round; this joins it (or finds nothing left to do).
    await t.payments.refundDue();

    expect(moneyBack(transactionId)).toBe(1);
    expect(refundCalls() - callsBefore).toBe(1);
    expect(await refundOf(order.number)).toEqual([
      expect.objectContaining({
        provider: processor === 'click' ? 'click_card' : 'payme_card',
        transactionId,
        state: 'made',
        automatic: true,
        tries: 1,
      }),
    ]);
    expect(await refundEvents(order.number)).toHaveLength(1);
    const shown = await call(t, 'GET', `/api/orders/${order.number}`, { token });
    expect(shown.body).toMatchObject({
      data: {
        status: 'cancelled',
        refund: { status: 'made', amount: order.total, transaction_id: transactionId },
      },
    });

    // Later rounds find nothing more to give back.
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    expect(refundCalls() - callsBefore).toBe(1);
  });

  it('refunds once when two cancels and two backends’ workers race', async () => {
    const { order, transactionId } = await paidOrder();
    const callsBefore = refundCalls();
    const other = await t.spawn();
    try {
      const [first, second] = await Promise.all([
        cancel(order.number),
        cancel(order.number),
        other.payments.refundDue(),
        t.payments.refundDue(),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      await Promise.all([other.payments.refundDue(), t.payments.refundDue()]);
      await Promise.all([other.payments.sweep(), t.payments.sweep()]);
    } finally {
      await other.app.close();
    }
    expect(moneyBack(transactionId)).toBe(1);
    expect(refundCalls() - callsBefore).toBe(1);
    expect(await refundOf(order.number)).toEqual([expect.objectContaining({ state: 'made' })]);
    expect(await refundEvents(order.number)).toHaveLength(1);
  });

  it('refunds once after the processor was down at the cancel and the shop restarted', async () => {
    const { order, transactionId } = await paidOrder();
    const outage = (on: boolean) =>
      processor === 'click' ? t.click?.setOutage(on) : t.sandbox.setOutage(on);
    outage(true);
    try {
      expect((await cancel(order.number)).status).toBe(200);
      await t.payments.refundDue();
    } finally {
      outage(false);
    }
    expect(moneyBack(transactionId)).toBe(0);
    expect(await refundOf(order.number)).toEqual([
      expect.objectContaining({ state: 'due', tries: 1, lastError: expect.any(String) }),
    ]);
    expect(await refundEvents(order.number)).toHaveLength(0);

    await t.restart();
    // Before its retry time the refund waits; after it, the sweep asks again.
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    t.clock.advance(31_000);
    const callsBefore = refundCalls();
    expect(await t.payments.sweep()).toMatchObject({ refunded: 1 });
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    expect(moneyBack(transactionId)).toBe(1);
    expect(refundCalls() - callsBefore).toBe(1);
    expect(await refundOf(order.number)).toEqual([
      expect.objectContaining({ state: 'made', tries: 2 }),
    ]);
    expect(await refundEvents(order.number)).toHaveLength(1);
  });
});

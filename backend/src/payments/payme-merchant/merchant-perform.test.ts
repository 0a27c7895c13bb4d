// PerformTransaction and CancelTransaction against real orders: a hold that ran out, an order
// cancelled meanwhile, twenty Performs at once, and Payme's refund of a paid order.
import type { Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../../seed/fixtures';
import { signIn } from '../../testing/http-client';
import { placeCardOrder } from '../../testing/payments';
import {
  eventsOf,
  merchantCall,
  orderRow,
  paymeId,
  paymeRow,
  refundsOf,
  tiyinOf,
} from '../../testing/payme-merchant';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  stockOf,
  type TestBackend,
} from '../../testing/test-backend';

const mug = FIXTURES.colourVariantProduct.variants[0]?.id ?? 0;

describe.each(DATABASE_KINDS)('Payme Perform and Cancel on %s', (kind) => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    // Several connections on PostgreSQL, so the Performs below really race.
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS, maxConnections: 10 });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const nowMs = () => t.clock.now().getTime();
  const perform = (id: string) => merchantCall(t, 'PerformTransaction', { id });
  const cancel = (id: string, reason: number) =>
    merchantCall(t, 'CancelTransaction', { id, reason });

  /** A card order with a created Payme transaction; answers both. */
  async function orderWithTransaction(): Promise<{ order: Order; id: string }> {
    const order = await placeCardOrder(t, token);
    const id = paymeId();
    const created = await merchantCall(t, 'CreateTransaction', {
      id,
      time: nowMs(),
      amount: tiyinOf(order),
      account: { order_id: order.number },
    });
    expect(created.result?.state).toBe(1);
    return { order, id };
  }

  const eventTypes = async (number: string) => (await eventsOf(t, number)).map((e) => e.type);

  it('refuses a Perform after the hold ended and cancels the transaction (reason 4)', async () => {
    const { order, id } = await orderWithTransaction();
    t.clock.advance(31 * 60_000);
    expect((await perform(id)).error?.code).toBe(-31008);
    expect((await orderRow(t, order.number)).paymentStatus).toBe('unpaid');
    expect(await eventTypes(order.number)).not.toContain('payment_received');
    const check = await merchantCall(t, 'CheckTransaction', { id });
    expect(check.result).toMatchObject({ state: -1, reason: 4, perform_time: 0 });
    expect((await perform(id)).error?.code).toBe(-31008);
  });

  it('refuses a Perform for an order cancelled meanwhile', async () => {
    const { order, id } = await orderWithTransaction();
    await t.statuses.changeStatus(order.number, 'cancelled');
    expect((await perform(id)).error?.code).toBe(-31008);
    expect((await paymeRow(t, id))?.state).toBe('cancelled');
    expect(await refundsOf(t, order.number)).toEqual([]);
  });

  it('pays the order once for twenty Performs at once, every answer the same', async () => {
    const { order, id } = await orderWithTransaction();
    const answers = await Promise.all(Array.from({ length: 20 }, () => perform(id)));
    const first = answers[0]?.result;
    expect(first).toMatchObject({ state: 2, perform_time: nowMs() });
    for (const answer of answers) expect(answer.result).toEqual(first);
    const paid = await orderRow(t, order.number);
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      paidProvider: 'payme',
      paidTransactionId: id,
    });
    const received = (await eventTypes(order.number)).filter((type) => type === 'payment_received');
    expect(received).toHaveLength(1);
    // Nothing was taken twice, so nothing is owed back.
    expect(await refundsOf(t, order.number)).toEqual([]);
  });

  it('cancels the order, returns its stock and records the refund when Payme refunds', async () => {
    const stockBefore = await stockOf(t.db, mug);
    const { order, id } = await orderWithTransaction();
    expect(await stockOf(t.db, mug)).toBe(stockBefore - 1);
    await perform(id);
    t.clock.advance(5000);

    const answers = [await cancel(id, 5), await cancel(id, 5)];
    for (const answer of answers) {
      expect(answer.result).toEqual({
        transaction: expect.stringMatching(/^\d+$/),
        cancel_time: nowMs(),
        state: -2,
      });
    }
    expect(answers[1]?.result).toEqual(answers[0]?.result);
    expect((await orderRow(t, order.number)).status).toBe('cancelled');
    expect(await stockOf(t.db, mug)).toBe(stockBefore);
    expect(await refundsOf(t, order.number)).toEqual([
      expect.objectContaining({
        provider: 'payme',
        transactionId: id,
        amount: tiyinOf(order),
        automatic: false,
        state: 'made',
        madeAt: t.clock.now(),
      }),
    ]);
    const events = await eventsOf(t, order.number);
    expect(events.filter((event) => event.type === 'refund_made')).toHaveLength(1);
    const cancels = events.filter((event) => event.status === 'cancelled');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.by).toBeUndefined();
    const check = await merchantCall(t, 'CheckTransaction', { id });
    expect(check.result).toMatchObject({ state: -2, reason: 5, cancel_time: nowMs() });
  });

  it('records the refund of an order staff cancelled before Payme refunded it', async () => {
    const { order, id } = await orderWithTransaction();
    await perform(id);
    await t.statuses.changeStatus(order.number, 'cancelled', { actor: 'Dilnoza' });
    expect((await refundsOf(t, order.number)).map((refund) => refund.state)).toEqual(['due']);
    expect((await cancel(id, 5)).result?.state).toBe(-2);
    expect((await refundsOf(t, order.number)).map((refund) => refund.state)).toEqual(['made']);
    const types = await eventTypes(order.number);
    expect(types.filter((type) => type === 'refund_made')).toHaveLength(1);
    expect(types.filter((type) => type === 'status_changed')).toHaveLength(1);
  });

  it('refuses to cancel a performed transaction of a completed order (−31007)', async () => {
    const { order, id } = await orderWithTransaction();
    await perform(id);
    for (const status of ['confirmed', 'assembling', 'ready_for_pickup', 'completed'] as const) {
      await t.statuses.changeStatus(order.number, status);
    }
    expect((await cancel(id, 5)).error?.code).toBe(-31007);
    expect((await paymeRow(t, id))?.state).toBe('performed');
    expect(await orderRow(t, order.number)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
    });
    expect(await refundsOf(t, order.number)).toEqual([]);
  });

  it('answers −31003 for a transaction it never created', async () => {
    const id = paymeId();
    expect((await perform(id)).error?.code).toBe(-31003);
    expect((await cancel(id, 1)).error?.code).toBe(-31003);
    expect((await merchantCall(t, 'CheckTransaction', { id })).error?.code).toBe(-31003);
  });
});

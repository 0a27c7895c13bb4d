// Cancelling an order paid in the Click app gives its money back by itself, once: the order is
// paid on Click's pay page (which calls the shop's Prepare and Complete), the operator's cancel
// owes the refund, the refund worker reverses the payment's click_paydoc_id through Click's
// Merchant API (which reaches the pay page's payments), and the order shows the refund made with
// one refund_made event. Two cancels and two workers at once reverse once; Click down at the
// cancel and a restart before the retry still reverse, once.
import { OPERATOR_SECRET_HEADER, operatorStatusPath, toTiyin, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payOnClickPage } from '../../testing/click';
import { call, signIn } from '../../testing/http-client';
import { eventsOf, refundsOf } from '../../testing/payme-merchant';
import { placeCardOrder } from '../../testing/payments';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../testing/test-backend';

describe.each(DATABASE_KINDS)('refunds of Click app payments on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await createTestBackend({ kind, clickApp: true, orderLimits: MANY_ORDERS });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  function standIns() {
    if (!t.click || !t.clickPay) throw new Error('no Click stand-ins');
    return { merchantApi: t.click, payPage: t.clickPay };
  }

  /** An order paid on Click's pay page; answers it and its click_paydoc_id. */
  async function paidInClickApp(): Promise<{ order: Order; paydocId: string }> {
    const order = await placeCardOrder(t, token, { payment_type: 'click' });
    const payment = await payOnClickPage(standIns().payPage, order);
    return { order, paydocId: payment.paydocId };
  }

  /** Reversals Click made of this payment, and whether the pay page's payment shows reversed. */
  function moneyBack(paydocId: string) {
    const { merchantApi, payPage } = standIns();
    return {
      reversals: merchantApi.reversals().filter((r) => r.paymentId === paydocId),
      reversed: payPage.findPayment(paydocId)?.reversedAt !== null,
    };
  }

  const reversalCalls = () => standIns().merchantApi.calls('payment/reversal');

  const cancel = (number: string) =>
    call(t, 'POST', operatorStatusPath(number), {
      body: { status: 'cancelled' },
      headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret },
    });

  async function refundEvents(number: string) {
    return (await eventsOf(t, number)).filter((event) => event.type === 'refund_made');
  }

  it('reverses a cancelled order’s Click payment once, and tells the shopper once', async () => {
    const { order, paydocId } = await paidInClickApp();
    expect(moneyBack(paydocId)).toEqual({ reversals: [], reversed: false });
    const callsBefore = reversalCalls();
    const cancelled = await cancel(order.number);
    expect(cancelled.status, cancelled.text).toBe(200);
    // The cancel started a refund round; this joins it (or finds nothing left to do).
    await t.payments.refundDue();

    expect(moneyBack(paydocId)).toEqual({
      reversals: [expect.objectContaining({ paymentId: paydocId, source: 'app' })],
      reversed: true,
    });
    expect(reversalCalls() - callsBefore).toBe(1);
    expect(await refundsOf(t, order.number)).toEqual([
      expect.objectContaining({
        provider: 'click',
        transactionId: paydocId,
        amount: toTiyin(order.total),
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
        refund: {
          status: 'made',
          amount: order.total,
          provider: 'click',
          transaction_id: paydocId,
          automatic: true,
        },
      },
    });

    // Later rounds find nothing more to give back.
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    expect(reversalCalls() - callsBefore).toBe(1);
  });

  it('reverses once when two cancels and two backends’ workers race', async () => {
    const { order, paydocId } = await paidInClickApp();
    const callsBefore = reversalCalls();
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
    expect(moneyBack(paydocId).reversals).toHaveLength(1);
    expect(reversalCalls() - callsBefore).toBe(1);
    expect(await refundsOf(t, order.number)).toEqual([expect.objectContaining({ state: 'made' })]);
    expect(await refundEvents(order.number)).toHaveLength(1);
  });

  it('reverses once after Click was down at the cancel and the shop restarted', async () => {
    const { order, paydocId } = await paidInClickApp();
    standIns().merchantApi.setOutage(true);
    try {
      expect((await cancel(order.number)).status).toBe(200);
      await t.payments.refundDue();
    } finally {
      standIns().merchantApi.setOutage(false);
    }
    expect(moneyBack(paydocId)).toEqual({ reversals: [], reversed: false });
    expect(await refundsOf(t, order.number)).toEqual([
      expect.objectContaining({ state: 'due', tries: 1, lastError: expect.any(String) }),
    ]);
    expect(await refundEvents(order.number)).toHaveLength(0);

    await t.restart();
    // The pay page calls whichever backend runs now.
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Before its retry time the refund waits; after it, the fresh backend's sweep asks again.
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    t.clock.advance(31_000);
    const callsBefore = reversalCalls();
    expect(await t.payments.sweep()).toMatchObject({ refunded: 1 });
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    expect(moneyBack(paydocId)).toEqual({
      reversals: [expect.objectContaining({ source: 'app' })],
      reversed: true,
    });
    expect(reversalCalls() - callsBefore).toBe(1);
    expect(await refundsOf(t, order.number)).toEqual([
      expect.objectContaining({ state: 'made', tries: 2 }),
    ]);
    expect(await refundEvents(order.number)).toHaveLength(1);
  });
});

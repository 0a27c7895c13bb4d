// An order paid on Payme's checkout page is not refunded by the shop itself: cancelling it owes
// the money back once (a due refund staff make in Payme's office, under Payme's transaction id),
// which no restart or sweep asks any provider for; Payme's CancelTransaction, when the money has
// gone back, records the refund made once, and a repeated CancelTransaction changes nothing.
import {
  OPERATOR_SECRET_HEADER,
  operatorStatusPath,
  paymeCheckoutLink,
  toTiyin,
  type Order,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../testing/http-client';
import { eventsOf, refundsOf } from '../../testing/payme-merchant';
import { placeCardOrder } from '../../testing/payments';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../testing/test-backend';

/** Payme's state of a performed transaction, and of one cancelled after it was performed. */
const PERFORMED = 2;
const REFUNDED = -2;

describe.each(DATABASE_KINDS)('refunds of Payme checkout payments on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await createTestBackend({ kind, maxConnections: 4, orderLimits: MANY_ORDERS });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  /** An order paid on Payme's checkout page; answers it and Payme's transaction id. */
  async function paidAtCheckout(): Promise<{ order: Order; paymeId: string }> {
    const order = await placeCardOrder(t, token, { payment_type: 'payme' });
    const link = paymeCheckoutLink({
      checkoutUrl: t.sandbox.checkoutUrl,
      merchantId: t.sandbox.merchantId,
      orderNumber: order.number,
      amountTiyin: toTiyin(order.total),
      lang: 'en',
      returnUrl: `https://shop.example/orders/${order.number}`,
    });
    const paid = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'pay' }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const made = t.sandbox.merchantTransactions().find((tx) => tx.orderNumber === order.number);
    if (made?.state !== PERFORMED) throw new Error(`checkout did not pay ${order.number}`);
    return { order, paymeId: made.id };
  }

  const paymeState = (paymeId: string) =>
    t.sandbox.merchantTransactions().find((tx) => tx.id === paymeId)?.state;

  const cancel = (number: string) =>
    call(t, 'POST', operatorStatusPath(number), {
      body: { status: 'cancelled' },
      headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret },
    });

  const refundEvents = async (number: string) =>
    (await eventsOf(t, number)).filter((event) => event.type === 'refund_made');

  const shownRefund = async (number: string) => {
    const shown = await call(t, 'GET', `/api/orders/${number}`, { token });
    return (shown.body as { data: Order }).data.refund;
  };

  it('owes a cancelled order’s money back once, for staff, and records Payme’s refund once', async () => {
    const { order, paymeId } = await paidAtCheckout();
    const [first, second] = await Promise.all([cancel(order.number), cancel(order.number)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const due = await refundsOf(t, order.number);
    expect(due).toEqual([
      expect.objectContaining({
        provider: 'payme',
        transactionId: paymeId,
        amount: toTiyin(order.total),
        state: 'due',
        automatic: false,
        tries: 0,
        leaseUntil: null,
        lastError: null,
        madeAt: null,
      }),
    ]);
    expect(await shownRefund(order.number)).toEqual({
      status: 'due',
      amount: order.total,
      provider: 'payme',
      transaction_id: paymeId,
      automatic: false,
      made_at: null,
    });

    // No worker, here or after a restart, asks anyone for this money.
    const cancelsAsked = t.sandbox.calls('receipts.cancel');
    await t.payments.refundDue();
    await t.restart();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    t.clock.advance(3_600_000);
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    expect(await refundsOf(t, order.number)).toEqual(due);
    expect(t.sandbox.calls('receipts.cancel')).toBe(cancelsAsked);
    expect(paymeState(paymeId)).toBe(PERFORMED);
    expect(await refundEvents(order.number)).toHaveLength(0);

    // Staff refunded it in Payme's office: Payme cancels the performed transaction.
    const refunded = await t.sandbox.refundMerchantTransaction(paymeId);
    expect(refunded).toMatchObject({ ok: true, result: { state: REFUNDED } });
    const made = await refundsOf(t, order.number);
    expect(made).toEqual([
      expect.objectContaining({
        id: due[0]?.id,
        state: 'made',
        madeAt: t.clock.now(),
        automatic: false,
        tries: 0,
      }),
    ]);
    expect(await refundEvents(order.number)).toHaveLength(1);
    expect(await shownRefund(order.number)).toMatchObject({
      status: 'made',
      made_at: t.clock.now().toISOString(),
    });

    // Payme repeats its CancelTransaction: the same answer, nothing new.
    t.clock.advance(60_000);
    expect(await t.sandbox.refundMerchantTransaction(paymeId)).toMatchObject({
      ok: true,
      result: { state: REFUNDED },
    });
    expect(await refundsOf(t, order.number)).toEqual(made);
    expect(await refundEvents(order.number)).toHaveLength(1);
    expect(t.sandbox.calls('receipts.cancel')).toBe(cancelsAsked);
  });
});

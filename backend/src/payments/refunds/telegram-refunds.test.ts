// Money taken in Telegram's payment sheet is refunded by staff in the provider's office, not by
// the shop: cancelling a paid order owes it back once under the provider's charge id, and a
// payment that arrives after the order's hold ended (the sweep cancelled it) never makes the
// order paid and open: its money is owed back and the shopper's one message says so.
import {
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  operatorStatusPath,
  toTiyin,
  type Order,
  type TelegramSuccessfulPaymentRequest,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../testing/http-client';
import { eventsOf, orderRow, refundsOf } from '../../testing/payme-merchant';
import { placeCardOrder } from '../../testing/payments';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../testing/test-backend';

/** Longer than the default hold of an unpaid prepaid order (30 minutes). */
const PAST_THE_HOLD_MS = 31 * 60_000;

describe.each(DATABASE_KINDS)('refunds of Telegram payments on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await createTestBackend({ kind, maxConnections: 4, orderLimits: MANY_ORDERS });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const asOperator = (path: string, body: unknown) =>
    call(t, 'POST', path, { body, headers: { [OPERATOR_SECRET_HEADER]: t.operatorSecret } });

  let charges = 0;
  /** What the bot posts when Telegram reports the sheet took `order`'s money. */
  const successfulPayment = (order: Order): TelegramSuccessfulPaymentRequest => {
    charges += 1;
    return {
      number: order.number,
      currency: 'UZS',
      total_amount: toTiyin(order.total),
      telegram_payment_charge_id: `tg-refund-${kind}-${charges}`,
      provider_payment_charge_id: `provider-refund-${kind}-${charges}`,
    };
  };

  const placeTelegramOrder = () => placeCardOrder(t, token, { payment_type: 'telegram' });

  it('owes a cancelled paid order’s money back once, under the provider’s charge id', async () => {
    const order = await placeTelegramOrder();
    const check = await asOperator(OPERATOR_PATHS.telegramPreCheckout, {
      number: order.number,
      currency: 'UZS',
      total_amount: toTiyin(order.total),
    });
    expect(check.body).toMatchObject({ ok: true });
    const payment = successfulPayment(order);
    const paid = await asOperator(OPERATOR_PATHS.telegramSuccessful, payment);
    expect(paid.body).toEqual({ outcome: 'paid' });

    const [first, second] = await Promise.all([
      asOperator(operatorStatusPath(order.number), { status: 'cancelled' }),
      asOperator(operatorStatusPath(order.number), { status: 'cancelled' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const due = await refundsOf(t, order.number);
    expect(due).toEqual([
      expect.objectContaining({
        provider: 'telegram',
        transactionId: payment.provider_payment_charge_id,
        amount: toTiyin(order.total),
        state: 'due',
        automatic: false,
      }),
    ]);
    const shown = await call(t, 'GET', `/api/orders/${order.number}`, { token });
    expect(shown.body).toMatchObject({
      data: {
        status: 'cancelled',
        refund: {
          status: 'due',
          provider: 'telegram',
          transaction_id: payment.provider_payment_charge_id,
          automatic: false,
        },
      },
    });
    // Nobody asks a provider for it: it waits for staff.
    expect(await t.payments.sweep()).toMatchObject({ refunded: 0 });
    expect(await refundsOf(t, order.number)).toEqual(due);
  });

  it('owes back a payment that arrived after its hold ended and the sweep cancelled it', async () => {
    const order = await placeTelegramOrder();
    t.clock.advance(PAST_THE_HOLD_MS);
    expect((await t.payments.sweep()).expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(t, order.number)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
    });

    const payment = successfulPayment(order);
    const late = await asOperator(OPERATOR_PATHS.telegramSuccessful, payment);
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ outcome: 'refund_due' });
    expect(await orderRow(t, order.number)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
      paidProvider: null,
    });
    expect(await refundsOf(t, order.number)).toEqual([
      expect.objectContaining({
        provider: 'telegram',
        transactionId: payment.provider_payment_charge_id,
        amount: toTiyin(order.total),
        state: 'due',
        automatic: false,
      }),
    ]);
    const received = (await eventsOf(t, order.number)).filter(
      (event) => event.type === 'payment_received',
    );
    expect(received).toHaveLength(1);
    expect(received[0]?.order).toMatchObject({
      status: 'cancelled',
      payment_status: 'unpaid',
      refund: {
        status: 'due',
        amount: order.total,
        provider: 'telegram',
        transaction_id: payment.provider_payment_charge_id,
      },
    });

    // Told again, the charge is the same one: nothing more is owed or said.
    expect((await asOperator(OPERATOR_PATHS.telegramSuccessful, payment)).body).toEqual({
      outcome: 'refund_due',
    });
    expect(await refundsOf(t, order.number)).toHaveLength(1);
    const again = await eventsOf(t, order.number);
    expect(again.filter((event) => event.type === 'payment_received')).toHaveLength(1);
  });
});

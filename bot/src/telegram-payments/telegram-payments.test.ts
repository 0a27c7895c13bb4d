// Telegram's payment sheet end to end: the bot's pre-checkout answers and successful payments
// against the real backend (embedded), through the Bot API stand-in.
import { toTiyin } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/order-events';
import { startPaymentStand, type PaymentStand } from '../testing/payment-stand';
import { REFUSAL_TEXTS } from './payment-texts';

const PAYER = 770_001;

let p: PaymentStand;

beforeAll(async () => {
  p = await startPaymentStand();
}, 60_000);

afterAll(async () => {
  await p.close();
});

function refusalOf(call: { payload: Record<string, unknown> }): unknown {
  return call.payload.error_message;
}

let charges = 0;
const newCharge = () => `tg-charge-${++charges}-${Date.now()}`;

describe('pre_checkout_query', () => {
  it('lets Telegram take the money of a payable order, and holds it longer', async () => {
    const order = await p.placePrepaidOrder();
    // A minute left: too little to finish paying in the sheet.
    await p.holdFor(order.number, 60);
    const asked = Date.now();
    const answer = await p.preCheckout(PAYER, {
      payload: order.number,
      totalAmount: toTiyin(order.total),
    });
    expect(answer.payload.ok).toBe(true);
    expect(answer.payload.error_message).toBeUndefined();
    const held = await p.order(order.number);
    expect(Date.parse(held.pay_until ?? '')).toBeGreaterThanOrEqual(asked + 9 * 60_000);
  });

  it('refuses a paid order, in the language the chat chose', async () => {
    const order = await p.placePrepaidOrder('en');
    const total = toTiyin(order.total);
    await p.paid(PAYER, { payload: order.number, totalAmount: total, chargeId: newCharge() });
    await waitFor(
      'the order paid',
      async () => (await p.order(order.number)).payment_status === 'paid',
    );
    // The chat chose Russian; the order was placed in English and Telegram's app is in Uzbek.
    await p.stand.store.linkChat(
      { userId: p.shopper.id, chatId: PAYER, language: 'ru' },
      new Date(),
    );
    const answer = await p.preCheckout(PAYER, { payload: order.number, totalAmount: total }, 'uz');
    expect(answer.payload.ok).toBe(false);
    expect(refusalOf(answer)).toBe(REFUSAL_TEXTS.ru.paid);
  });

  it('refuses a cancelled order in the order’s language when the chat is unknown', async () => {
    const order = await p.placePrepaidOrder('uz');
    await p.cancel(order.number);
    const answer = await p.preCheckout(770_002, {
      payload: order.number,
      totalAmount: toTiyin(order.total),
    });
    expect(answer.payload.ok).toBe(false);
    expect(refusalOf(answer)).toBe(REFUSAL_TEXTS.uz.cancelled);
  });

  it('refuses an order whose time to pay is over (uz and ru)', async () => {
    const order = await p.placePrepaidOrder('uz');
    await p.holdFor(order.number, -60);
    const payment = { payload: order.number, totalAmount: toTiyin(order.total) };
    const inUzbek = await p.preCheckout(770_003, payment);
    expect(refusalOf(inUzbek)).toBe(REFUSAL_TEXTS.uz.expired);
    const inRussian = await p.preCheckout(PAYER, payment);
    expect(refusalOf(inRussian)).toBe(REFUSAL_TEXTS.ru.expired);
    expect((await p.order(order.number)).status).not.toBe('cancelled');
  });

  it('refuses another amount, and an order that does not exist', async () => {
    const order = await p.placePrepaidOrder('en');
    const wrong = await p.preCheckout(770_004, {
      payload: order.number,
      totalAmount: toTiyin(order.total) - 100,
    });
    expect(wrong.payload.ok).toBe(false);
    expect(refusalOf(wrong)).toBe(REFUSAL_TEXTS.en.amount);
    const unknown = await p.preCheckout(770_005, { payload: 'NO-SUCH-1', totalAmount: 100 }, 'ru');
    expect(refusalOf(unknown)).toBe(REFUSAL_TEXTS.ru.not_found);
  });

  it('refuses, rather than keep Telegram waiting, while the backend is away', async () => {
    const order = await p.placePrepaidOrder('en');
    p.operatorLink.down = true;
    try {
      // No order language to go by: the Telegram app's.
      const answer = await p.preCheckout(
        770_006,
        { payload: order.number, totalAmount: toTiyin(order.total) },
        'en',
      );
      expect(answer.payload.ok).toBe(false);
      expect(refusalOf(answer)).toBe(REFUSAL_TEXTS.en.unavailable);
    } finally {
      p.operatorLink.down = false;
    }
  });
});

describe('successful_payment', () => {
  it('pays the order once however often it is told', async () => {
    const order = await p.placePrepaidOrder();
    const payment = {
      payload: order.number,
      totalAmount: toTiyin(order.total),
      chargeId: newCharge(),
    };
    const updateId = await p.paid(PAYER, payment);
    await p.paid(PAYER, payment, updateId); // Telegram's redelivery of the same update
    await p.paid(PAYER, payment); // the same charge in another update
    await waitFor('the payment recorded', async () => {
      const kept = await p.stand.store.telegramPayment(payment.chargeId);
      return kept?.state === 'recorded';
    });
    const paid = await p.order(order.number);
    expect(paid.payment_status).toBe('paid');
    expect(paid.paid_with).toMatchObject({
      provider: 'telegram',
      transaction_id: `prov-${payment.chargeId}`,
    });
    expect(paid.refund ?? null).toBeNull();
    expect(await p.eventCount(order.number, 'payment_received')).toBe(1);
    expect(await p.paymentRows(order.number)).toBe(1);
  });

  it('is recorded once the backend is back', async () => {
    const order = await p.placePrepaidOrder();
    const payment = {
      payload: order.number,
      totalAmount: toTiyin(order.total),
      chargeId: newCharge(),
    };
    p.operatorLink.down = true;
    try {
      await p.paid(PAYER, payment);
      await waitFor('a failed try', async () => {
        const kept = await p.stand.store.telegramPayment(payment.chargeId);
        return kept !== null && kept.attempts >= 2 && kept.lastError !== null;
      });
      expect((await p.stand.store.telegramPayment(payment.chargeId))?.state).toBe('pending');
      expect((await p.order(order.number)).payment_status).toBe('unpaid');
    } finally {
      p.operatorLink.down = false;
    }
    await waitFor('the payment recorded', async () => {
      const kept = await p.stand.store.telegramPayment(payment.chargeId);
      return kept?.state === 'recorded';
    });
    expect((await p.order(order.number)).payment_status).toBe('paid');
    expect(await p.eventCount(order.number, 'payment_received')).toBe(1);
  });

  it('owes the money back when the order was cancelled meanwhile', async () => {
    const order = await p.placePrepaidOrder();
    const total = toTiyin(order.total);
    const allowed = await p.preCheckout(PAYER, { payload: order.number, totalAmount: total });
    expect(allowed.payload.ok).toBe(true);
    await p.cancel(order.number);
    const payment = { payload: order.number, totalAmount: total, chargeId: newCharge() };
    await p.paid(PAYER, payment);
    await waitFor('the payment recorded', async () => {
      const kept = await p.stand.store.telegramPayment(payment.chargeId);
      return kept?.state === 'recorded';
    });
    expect((await p.stand.store.telegramPayment(payment.chargeId))?.outcome).toBe('refund_due');
    const cancelled = await p.order(order.number);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment_status).toBe('unpaid');
    expect(cancelled.refund).toMatchObject({
      status: 'due',
      automatic: false,
      provider: 'telegram',
      transaction_id: `prov-${payment.chargeId}`,
      amount: order.total,
    });
  });

  it('keeps a payment for an order the backend does not know, and stops asking', async () => {
    const payment = { payload: 'NO-SUCH-2', totalAmount: 100_000, chargeId: newCharge() };
    await p.paid(PAYER, payment);
    await waitFor('the payment given up on', async () => {
      const kept = await p.stand.store.telegramPayment(payment.chargeId);
      return kept?.state === 'unmatched';
    });
  });

  it('ignores a payment in another currency than the shop invoices in', async () => {
    const order = await p.placePrepaidOrder();
    const payment = {
      payload: order.number,
      totalAmount: 500,
      currency: 'USD',
      chargeId: newCharge(),
    };
    await p.paid(PAYER, payment);
    expect(await p.stand.store.telegramPayment(payment.chargeId)).toBeNull();
    expect((await p.order(order.number)).payment_status).toBe('unpaid');
  });
});

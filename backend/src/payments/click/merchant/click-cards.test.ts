// Saved cards through Click, end to end: the real backend with the Click processor, over HTTP
// against the local Merchant API stand-in. A card is added and confirmed with the code Click
// texted (read from the SMS outbox), an order is paid with it for its own total in sum, and the
// order names Click's payment as what paid it; a declined card says why and charges nothing; a
// charge whose answer is lost is found by our transaction parameter in the same request.
import { toTiyin, type Order } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentAttempts, paymentCards } from '../../../db/schema';
import { call, signIn } from '../../../testing/http-client';
import { findPans } from '../../../testing/pan-scan';
import {
  addClickCard,
  clickCode,
  CLICK_GOOD_CARD,
  CLICK_INSUFFICIENT_FUNDS_CARD,
  CLICK_NO_SMS_CARD,
  CLICK_STALL_CARD,
  createCard,
  listCards,
  payOrder,
  placeCardOrder,
} from '../../../testing/payments';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../../testing/test-backend';
import { CLICK_TEST_CARD_EXPIRY } from '../sandbox/merchant-sandbox-test-cards';

function clickOf(t: TestBackend) {
  if (!t.click) throw new Error('the backend does not pay through Click');
  return t.click;
}

async function orderRow(t: TestBackend, number: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error(`no order ${number}`);
  return row;
}

describe.each(PROTOCOL_DATABASE_KINDS)('saved cards through Click on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind, cardProcessor: 'click', orderLimits: MANY_ORDERS });
  });
  afterAll(async () => {
    await t.close();
  });

  const paymentsOf = (number: string) =>
    clickOf(t)
      .payments()
      .filter((p) => p.transactionParameter.startsWith(`${number}-`));

  it('adds a card by the code Click texted, pays an order with it, and names Click’s payment', async () => {
    const { token } = await signIn(t);
    const created = await createCard(t, token, CLICK_GOOD_CARD, CLICK_TEST_CARD_EXPIRY);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ phone: '99893*****56', code_length: 6 });
    const card = await addClickCard(t, token, CLICK_GOOD_CARD);
    expect(card).toMatchObject({ masked_number: '860055******5556', brand: 'uzcard' });
    expect(await listCards(t, token)).toEqual([expect.objectContaining({ id: card.id })]);

    const order = await placeCardOrder(t, token);
    const paid = await payOrder(t, token, order.number, card.id);
    expect(paid.status).toBe(200);
    const [payment] = paymentsOf(order.number);
    expect(payment).toMatchObject({ amount: order.total, status: 2, card: '860055******5556' });
    expect((paid.body as { data: Order }).data).toMatchObject({
      payment_status: 'paid',
      paid_with: { provider: 'click_card', transaction_id: payment?.paymentId },
    });
    const row = await orderRow(t, order.number);
    expect(row).toMatchObject({
      paymentStatus: 'paid',
      paidProvider: 'click_card',
      paidTransactionId: payment?.paymentId,
    });
    const [attempt] = await t.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, row.id));
    expect(attempt).toMatchObject({
      state: 'paid',
      processor: 'click_card',
      amount: toTiyin(order.total),
      receiptId: payment?.transactionParameter,
      providerPaymentId: payment?.paymentId,
    });
    const shown = await call(t, 'GET', `/api/orders/${order.number}`, { token });
    expect(shown.body).toMatchObject({
      data: { paid_with: { provider: 'click_card', transaction_id: payment?.paymentId } },
    });
  });

  it('keeps only the masked number and Click’s token of a card', async () => {
    const { token, userId } = await signIn(t);
    await addClickCard(t, token, CLICK_GOOD_CARD);
    const rows = await t.db.select().from(paymentCards).where(eq(paymentCards.userId, userId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(CLICK_GOOD_CARD);
    expect(rows[0]?.providerToken).toMatch(/^[0-9A-F-]{36}$/);
  });

  it('refuses a card Click cannot text, and cannot text a code again for a pending card', async () => {
    const { token } = await signIn(t);
    const noSms = await createCard(t, token, CLICK_NO_SMS_CARD, CLICK_TEST_CARD_EXPIRY);
    expect(noSms.status).toBe(422);
    expect(noSms.body).toMatchObject({ code: 'card_sms_unavailable' });

    const pending = await createCard(t, token, CLICK_GOOD_CARD, CLICK_TEST_CARD_EXPIRY);
    const { card_id: cardId } = pending.body as { card_id: number };
    t.clock.advance(61_000);
    const again = await call(t, 'POST', '/api/payments/card/resend', {
      token,
      body: { card_id: cardId },
    });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: 'card_code_expired' });
  });

  it('writes no card number, card token or code into its logs', async () => {
    const { token } = await signIn(t);
    const card = await addClickCard(t, token, CLICK_GOOD_CARD);
    const order = await placeCardOrder(t, token);
    expect((await payOrder(t, token, order.number, card.id)).status).toBe(200);
    const logs = t.logs.join('\n');
    expect(findPans(logs)).toEqual([]);
    const tokens = (await t.db.select().from(paymentCards)).map((row) => row.providerToken);
    expect(tokens.length).toBeGreaterThan(0);
    for (const cardToken of tokens) expect(logs).not.toContain(cardToken);
    expect(logs).not.toContain('sms_code');
    expect(logs).not.toContain(`"code":"${await clickCode(t, CLICK_GOOD_CARD)}"`);
  });

  it('declines a card without funds, saying why, charges nothing, and takes another card', async () => {
    const { token } = await signIn(t);
    const poor = await addClickCard(t, token, CLICK_INSUFFICIENT_FUNDS_CARD);
    const order = await placeCardOrder(t, token);
    const declined = await payOrder(t, token, order.number, poor.id);
    expect(declined.status).toBe(422);
    expect(declined.body).toMatchObject({
      code: 'payment_declined',
      details: [{ field: 'card_id', rule: 'insufficient_funds' }],
    });
    expect(paymentsOf(order.number).map((p) => p.status)).toEqual([-1]);
    expect(await orderRow(t, order.number)).toMatchObject({ paymentStatus: 'unpaid' });

    const good = await addClickCard(t, token, CLICK_GOOD_CARD);
    expect((await payOrder(t, token, order.number, good.id)).status).toBe(200);
    expect(paymentsOf(order.number).map((p) => p.status)).toEqual([-1, 2]);
  });
});

describe.each(PROTOCOL_DATABASE_KINDS)('a Click charge whose answer is lost, on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    // The client gives up before the stalling card's charge is answered.
    t = await createTestBackend({
      kind,
      cardProcessor: 'click',
      processorTimeoutMs: 1000,
      sandboxStallMs: 5000,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is found by our transaction parameter in the same request, paid once', async () => {
    const { token } = await signIn(t);
    const card = await addClickCard(t, token, CLICK_STALL_CARD);
    const order = await placeCardOrder(t, token);
    const paid = await payOrder(t, token, order.number, card.id);
    expect(paid.status).toBe(200);
    const payments = clickOf(t)
      .payments()
      .filter((p) => p.transactionParameter.startsWith(`${order.number}-`));
    expect(payments).toHaveLength(1);
    expect(clickOf(t).calls('payment/status_by_mti')).toBe(1);
    expect((paid.body as { data: Order }).data).toMatchObject({
      payment_status: 'paid',
      paid_with: { provider: 'click_card', transaction_id: payments[0]?.paymentId },
    });
  });
});

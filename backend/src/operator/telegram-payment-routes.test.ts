// The bot's calls about Telegram's payment sheet: only for the holder of the operator secret,
// strict about their bodies, and a charge recorded once however many times (or how many at once)
// it is told. The rest (pre-checkout reasons, a refund owed) is shown end to end in the bot's tests.
import {
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  OrderEventSchema,
  toTiyin,
  type Order,
  type TelegramSuccessfulPaymentRequest,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, providerPayments } from '../db/schema';
import { call, signIn } from '../testing/http-client';
import { placeCardOrder } from '../testing/payments';
import {
  createTestBackend,
  DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../testing/test-backend';

describe.each(DATABASE_KINDS)('Telegram payment calls on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await createTestBackend({ kind, maxConnections: 4, orderLimits: MANY_ORDERS });
    token = (await signIn(t)).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body: unknown, secret: string | null = t.operatorSecret) =>
    call(t, 'POST', path, {
      body,
      headers: secret === null ? {} : { [OPERATOR_SECRET_HEADER]: secret },
    });
  let charges = 0;
  const paymentOf = (order: Order): TelegramSuccessfulPaymentRequest => {
    charges += 1;
    return {
      number: order.number,
      currency: 'UZS',
      total_amount: toTiyin(order.total),
      telegram_payment_charge_id: `tg-${kind}-${charges}`,
      provider_payment_charge_id: `payme-${kind}-${charges}`,
    };
  };

  it('refuses a missing or wrong secret, and records nothing', async () => {
    const order = await placeCardOrder(t, token);
    const payment = paymentOf(order);
    for (const secret of [null, 'wrong-'.repeat(5)]) {
      expect((await post(OPERATOR_PATHS.telegramSuccessful, payment, secret)).status).toBe(401);
      const check = { number: order.number, currency: 'UZS', total_amount: 100 };
      expect((await post(OPERATOR_PATHS.telegramPreCheckout, check, secret)).status).toBe(401);
    }
    const rows = await t.db
      .select()
      .from(providerPayments)
      .where(eq(providerPayments.providerId, payment.telegram_payment_charge_id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const order = await placeCardOrder(t, token);
    const good = paymentOf(order);
    for (const body of [
      { ...good, currency: 'USD' },
      { ...good, total_amount: 12.5 },
      { ...good, total_amount: -1 },
      { ...good, number: '../x' },
      { ...good, telegram_payment_charge_id: '' },
      { ...good, extra: true },
    ]) {
      const answer = await post(OPERATOR_PATHS.telegramSuccessful, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect((answer.body as { code: string }).code).toBe('validation_error');
    }
    const check = await post(OPERATOR_PATHS.telegramPreCheckout, { number: order.number });
    expect(check.status).toBe(400);
  });

  it('records one charge once, told twice at once or again later', async () => {
    const order = await placeCardOrder(t, token);
    const payment = paymentOf(order);
    const answers = await Promise.all([
      post(OPERATOR_PATHS.telegramSuccessful, payment),
      post(OPERATOR_PATHS.telegramSuccessful, payment),
    ]);
    const again = await post(OPERATOR_PATHS.telegramSuccessful, payment);
    for (const answer of [...answers, again]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ outcome: 'paid' });
    }
    const rows = await t.db
      .select()
      .from(providerPayments)
      .where(eq(providerPayments.orderId, order.id));
    expect(rows).toMatchObject([
      {
        provider: 'telegram',
        providerId: payment.telegram_payment_charge_id,
        providerRef: payment.provider_payment_charge_id,
        state: 'performed',
        amount: toTiyin(order.total),
      },
    ]);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    const types = events.map((event) => OrderEventSchema.parse(event.payload).type);
    expect(types.filter((type) => type === 'payment_received')).toHaveLength(1);
  });

  it('owes back a second charge for an order already paid', async () => {
    const order = await placeCardOrder(t, token);
    await post(OPERATOR_PATHS.telegramSuccessful, paymentOf(order));
    const second = await post(OPERATOR_PATHS.telegramSuccessful, paymentOf(order));
    expect(second.body).toEqual({ outcome: 'refund_due' });
    const check = await post(OPERATOR_PATHS.telegramPreCheckout, {
      number: order.number,
      currency: 'UZS',
      total_amount: toTiyin(order.total),
    });
    expect(check.body).toMatchObject({ ok: false, reason: 'paid' });
  });

  it('answers 404 for money taken for no order, records nothing, and says so loudly', async () => {
    const answer = await post(OPERATOR_PATHS.telegramSuccessful, {
      number: 'NO-SUCH-ORDER',
      currency: 'UZS',
      total_amount: 100_000,
      telegram_payment_charge_id: 'tg-orphan',
      provider_payment_charge_id: 'payme-orphan',
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found', details: [{ field: 'number' }] });
    const orphan = t.logs.find((line) => line.includes('tg-orphan'));
    expect(orphan).toBeDefined();
    expect(JSON.parse(orphan ?? '{}')).toMatchObject({ level: 50, order: 'NO-SUCH-ORDER' });
  });
});

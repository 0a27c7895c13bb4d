// Paying card orders through the real routes, the real Payme adapter and the sandbox over HTTP:
// the amount charged is the order's own total by the shared rules, a declined card leaves the
// order unpaid for another card, nothing is charged twice, and a hold that runs out cancels the
// order and puts its stock back.
import { DeliverySettingsResponseSchema, orderTotals, toTiyin, type Order } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, paymentAttempts, paymentCards, variants } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { call, catalog, signIn } from '../testing/http-client';
import {
  addCard,
  BLOCKED_CARD,
  GOOD_CARD,
  HUMO_CARD,
  INSUFFICIENT_FUNDS_CARD,
  listCards,
  payOrder,
  placeCardOrder,
} from '../testing/payments';
import {
  createTestBackend,
  stockOf,
  DATABASE_KINDS,
  type TestBackend,
} from '../testing/test-backend';
import { createPaymeProcessor } from './payme-processor';

const mug = FIXTURES.colourVariantProduct;
const armchair = FIXTURES.expensiveProduct;

function firstVariant(product: { variants: readonly { id: number }[] }): number {
  const found = product.variants[0];
  if (!found) throw new Error('fixture has no variant');
  return found.id;
}

describe.each(DATABASE_KINDS)('paying card orders on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind });
  });
  afterAll(async () => {
    await t.close();
  });

  const chargesOf = (number: string) =>
    t.sandbox.charges().filter((receipt) => receipt.orderId === number);

  async function orderRow(number: string) {
    const [row] = await t.db.select().from(orders).where(eq(orders.number, number));
    if (!row) throw new Error(`no order ${number}`);
    return row;
  }

  function stock(id: number): Promise<number> {
    return stockOf(t.db, id);
  }

  /** A processor of our own on the sandbox, to set up receipts the way a lost answer leaves them. */
  function directProcessor() {
    return createPaymeProcessor({
      url: t.sandbox.url,
      merchantId: t.sandbox.merchantId,
      key: t.sandbox.key,
    });
  }

  async function tokenOf(cardId: number): Promise<string> {
    const [row] = await t.db.select().from(paymentCards).where(eq(paymentCards.id, cardId));
    if (!row) throw new Error('no card');
    return row.providerToken;
  }

  describe('the amount', () => {
    it.each([
      ['pickup', {}, [{ id: firstVariant(mug), quantity: 2 }]],
      [
        'courier below the free threshold',
        { delivery_type: 'courier', region: 'samarkand', city: 'Samarqand', address: 'Registon 1' },
        [{ id: firstVariant(mug), quantity: 3 }],
      ],
      [
        'courier above the free threshold',
        { delivery_type: 'courier', region: 'tashkent', address: 'Chilonzor 9' },
        [{ id: firstVariant(armchair), quantity: 1 }],
      ],
      [
        'express in Tashkent',
        { delivery_type: 'express', region: 'tashkent', address: 'Yunusobod 4' },
        [{ id: firstVariant(mug), quantity: 1 }],
      ],
    ])(
      '%s: the answer’s totals are the shared rules’ and the charge is that total in tiyin',
      async (_label, extra, lines) => {
        const { token } = await signIn(t);
        const card = await addCard(t, token, GOOD_CARD);
        const order = await placeCardOrder(t, token, {
          ...extra,
          items: lines.map((line) => ({ product_id: line.id, quantity: line.quantity })),
        });
        const settings = DeliverySettingsResponseSchema.parse(
          (await call(t, 'GET', '/api/settings/delivery')).body,
        );
        const method = settings.data.methods.find((m) => m.type === order.delivery_type);
        if (!method) throw new Error('no such method');
        const prices = lines.map((line) => {
          const variant = [...mug.variants, ...armchair.variants].find((v) => v.id === line.id);
          if (!variant) throw new Error('no variant');
          return { price: variant.price, quantity: line.quantity };
        });
        const expected = orderTotals(prices, method);
        expect({
          subtotal: order.subtotal,
          delivery_price: order.delivery_price,
          total: order.total,
        }).toEqual(expected);
        expect(order).toMatchObject({ payment_type: 'card', payment_status: 'unpaid' });

        const paid = await payOrder(t, token, order.number, card.id);
        expect(paid.status).toBe(200);
        expect((paid.body as { data: Order }).data).toMatchObject({
          number: order.number,
          payment_status: 'paid',
          total: expected.total,
        });
        const charges = chargesOf(order.number);
        expect(charges).toHaveLength(1);
        expect(charges[0]?.amount).toBe(toTiyin(expected.total));
        expect(charges[0]?.card).toBe('860006******6311');
        const [attempt] = await t.db
          .select()
          .from(paymentAttempts)
          .where(eq(paymentAttempts.orderId, (await orderRow(order.number)).id));
        expect(attempt).toMatchObject({ state: 'paid', amount: toTiyin(expected.total) });
        expect((await orderRow(order.number)).paidAt).toEqual(t.clock.now());
      },
    );
  });

  it('answers a paid order as paid, and refuses to pay it again without charging', async () => {
    const { token } = await signIn(t);
    const card = await addCard(t, token, GOOD_CARD);
    const order = await placeCardOrder(t, token);
    expect((await payOrder(t, token, order.number, card.id)).status).toBe(200);
    const again = await payOrder(t, token, order.number, card.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'order_not_payable' });
    expect(chargesOf(order.number)).toHaveLength(1);
    const shown = await call(t, 'GET', `/api/orders/${order.number}`, { token });
    expect((shown.body as { data: Order }).data.payment_status).toBe('paid');
  });

  it.each([
    ['insufficient funds', INSUFFICIENT_FUNDS_CARD, -31630, 'insufficient_funds'],
    ['a blocked card', BLOCKED_CARD, -31052, 'card_blocked'],
  ])(
    'declines a card with %s, saying why: nothing charged, the order stays unpaid, another card pays',
    async (_label, number, providerCode, reason) => {
      const { token } = await signIn(t);
      const poor = await addCard(t, token, number);
      const good = await addCard(t, token, HUMO_CARD);
      const order = await placeCardOrder(t, token);
      const declined = await payOrder(t, token, order.number, poor.id);
      expect(declined.status).toBe(422);
      expect(declined.body).toMatchObject({
        code: 'payment_declined',
        details: [{ field: 'card_id', rule: reason }],
      });
      expect(chargesOf(order.number)).toEqual([]);
      // The receipt is cancelled, so it can never be paid late.
      const receipts = t.sandbox.receipts().filter((r) => r.orderId === order.number);
      expect(receipts.map((r) => r.state)).toEqual([50]);
      const row = await orderRow(order.number);
      expect(row).toMatchObject({ paymentStatus: 'unpaid', status: 'new', paidAt: null });
      const [attempt] = await t.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, row.id));
      expect(attempt).toMatchObject({ state: 'declined', errorCode: providerCode });

      const paid = await payOrder(t, token, order.number, good.id);
      expect(paid.status).toBe(200);
      expect(chargesOf(order.number)).toHaveLength(1);
      expect(chargesOf(order.number)[0]?.card).toBe('986010******0008');
    },
  );

  it('makes the card that paid the default; a declined card stays as it was', async () => {
    const { token } = await signIn(t);
    const poor = await addCard(t, token, INSUFFICIENT_FUNDS_CARD);
    const good = await addCard(t, token, HUMO_CARD);
    const defaults = async () =>
      (await listCards(t, token)).map((card) => [card.id, card.is_default]);
    expect(await defaults()).toEqual([
      [poor.id, true],
      [good.id, false],
    ]);
    const order = await placeCardOrder(t, token);
    expect((await payOrder(t, token, order.number, poor.id)).status).toBe(422);
    expect(await defaults()).toEqual([
      [poor.id, true],
      [good.id, false],
    ]);
    expect((await payOrder(t, token, order.number, good.id)).status).toBe(200);
    // The next order offers the card that paid first.
    expect(await defaults()).toEqual([
      [good.id, true],
      [poor.id, false],
    ]);
  });

  it('treats someone else’s order as missing and charges nothing', async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const order = await placeCardOrder(t, owner.token);
    const card = await addCard(t, stranger.token, GOOD_CARD);
    const answer = await payOrder(t, stranger.token, order.number, card.id);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'not_found' });
    expect(chargesOf(order.number)).toEqual([]);
    expect((await orderRow(order.number)).paymentStatus).toBe('unpaid');
  });

  it('refuses someone else’s card and charges nothing', async () => {
    const owner = await signIn(t);
    const stranger = await signIn(t);
    const order = await placeCardOrder(t, owner.token);
    const card = await addCard(t, stranger.token, GOOD_CARD);
    const answer = await payOrder(t, owner.token, order.number, card.id);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'card_not_found' });
    expect(chargesOf(order.number)).toEqual([]);
  });

  it('refuses to pay an order paid on receipt', async () => {
    const { token } = await signIn(t);
    const card = await addCard(t, token, GOOD_CARD);
    const order = await placeCardOrder(t, token, { payment_type: 'on_receipt' });
    expect(order.payment_status).toBe('not_required');
    const answer = await payOrder(t, token, order.number, card.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'order_not_payable' });
    expect(chargesOf(order.number)).toEqual([]);
  });

  it('answers 503 when the processor is down, charges nothing, and pays once it is back', async () => {
    const { token } = await signIn(t);
    const card = await addCard(t, token, GOOD_CARD);
    const order = await placeCardOrder(t, token);
    t.sandbox.setOutage(true);
    try {
      const down = await payOrder(t, token, order.number, card.id);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ code: 'payment_unavailable' });
    } finally {
      t.sandbox.setOutage(false);
    }
    expect(chargesOf(order.number)).toEqual([]);
    expect((await orderRow(order.number)).paymentStatus).toBe('unpaid');
    expect((await payOrder(t, token, order.number, card.id)).status).toBe(200);
    expect(chargesOf(order.number)).toHaveLength(1);
  });

  describe('a charge whose answer was lost', () => {
    /** Leaves an order as a pay call that timed out would: an 'unknown' attempt on a receipt. */
    async function lostAnswer(paid: boolean) {
      const { token } = await signIn(t);
      const card = await addCard(t, token, GOOD_CARD);
      const order = await placeCardOrder(t, token);
      const row = await orderRow(order.number);
      const processor = directProcessor();
      const { receiptId } = await processor.createReceipt({
        amount: toTiyin(row.total),
        orderNumber: order.number,
        description: 'lost answer',
      });
      if (paid) await processor.payReceipt(receiptId, await tokenOf(card.id));
      await t.db.insert(paymentAttempts).values({
        orderId: row.id,
        cardId: card.id,
        amount: toTiyin(row.total),
        receiptId,
        state: 'unknown',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      return { token, card, order, row, receiptId };
    }

    it('is settled by the next Pay: found paid, the order is paid without a second charge', async () => {
      const { token, card, order } = await lostAnswer(true);
      const answer = await payOrder(t, token, order.number, card.id);
      expect(answer.status).toBe(200);
      expect((answer.body as { data: Order }).data.payment_status).toBe('paid');
      expect(chargesOf(order.number)).toHaveLength(1);
    });

    it('is settled by the next Pay: found unpaid, its receipt is cancelled and one charge made', async () => {
      const { token, card, order, receiptId } = await lostAnswer(false);
      const answer = await payOrder(t, token, order.number, card.id);
      expect(answer.status).toBe(200);
      expect(chargesOf(order.number)).toHaveLength(1);
      expect(t.sandbox.receipts().find((r) => r.id === receiptId)?.state).toBe(50);
    });

    it('is settled by the background sweep', async () => {
      const { order, row } = await lostAnswer(true);
      t.clock.advance(31_000);
      await t.payments.sweep();
      expect((await orderRow(order.number)).paymentStatus).toBe('paid');
      const attempts = await t.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, row.id));
      expect(attempts.map((a) => a.state)).toEqual(['paid']);
      expect(chargesOf(order.number)).toHaveLength(1);
    });

    it('keeps a Pay waiting while it cannot be settled', async () => {
      const { token, card, order } = await lostAnswer(true);
      t.sandbox.setOutage(true);
      let answer;
      try {
        answer = await payOrder(t, token, order.number, card.id);
      } finally {
        t.sandbox.setOutage(false);
      }
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'payment_in_progress' });
      expect(chargesOf(order.number)).toHaveLength(1);
    });
  });

  describe('the hold', () => {
    it('cancels an unpaid card order after its hold and returns its stock once, in the catalogue too', async () => {
      const { token } = await signIn(t);
      // A variant no other test here orders, so only this order moves its stock.
      const variantId = mug.variants[3]?.id ?? 0;
      await t.db.update(variants).set({ quantity: 10 }).where(eq(variants.id, variantId));
      const quantityShown = async () => {
        const answer = await catalog(t, 'GET', `/resources/product/${mug.slug}`);
        const product = (
          answer.body as { data: { variants: { product_id: number; quantity: number }[] } }
        ).data;
        return product.variants.find((v) => v.product_id === variantId)?.quantity;
      };
      const order = await placeCardOrder(t, token, {
        items: [{ product_id: variantId, quantity: 3 }],
      });
      expect(await stock(variantId)).toBe(7);
      expect(await quantityShown()).toBe(7);
      expect(order.pay_until).toBe(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString());

      // Not before the hold runs out.
      t.clock.advance(29 * 60_000);
      await t.payments.sweep();
      expect((await orderRow(order.number)).status).toBe('new');
      expect(await stock(variantId)).toBe(7);

      t.clock.advance(60_000);
      expect((await t.payments.sweep()).expired).toBeGreaterThanOrEqual(1);
      const row = await orderRow(order.number);
      expect(row.status).toBe('cancelled');
      expect(await stock(variantId)).toBe(10);
      expect(await quantityShown()).toBe(10);
      const history = await t.db
        .select({ status: orderStatusHistory.status })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, row.id));
      expect(history.map((h) => h.status)).toEqual(['new', 'cancelled']);
      const shown = await call(t, 'GET', `/api/orders/${order.number}`, { token });
      expect((shown.body as { data: Order }).data.status).toBe('cancelled');

      // A second sweep finds nothing more to return.
      await t.payments.sweep();
      expect(await stock(variantId)).toBe(10);

      // And a cancelled order cannot be paid.
      const card = await addCard(t, token, GOOD_CARD);
      const late = await payOrder(t, token, order.number, card.id);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: 'order_not_payable' });
      expect(chargesOf(order.number)).toEqual([]);
    });

    it('refuses Pay once the hold has passed, even before the sweep', async () => {
      const { token } = await signIn(t);
      const card = await addCard(t, token, GOOD_CARD);
      const order = await placeCardOrder(t, token);
      t.clock.advance(30 * 60_000);
      const answer = await payOrder(t, token, order.number, card.id);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 'order_not_payable' });
      expect(chargesOf(order.number)).toEqual([]);
    });

    it('leaves paid and on-receipt orders alone', async () => {
      const { token } = await signIn(t);
      const card = await addCard(t, token, GOOD_CARD);
      const paid = await placeCardOrder(t, token);
      await payOrder(t, token, paid.number, card.id);
      const cash = await placeCardOrder(t, token, { payment_type: 'on_receipt' });
      t.clock.advance(31 * 60_000);
      await t.payments.sweep();
      expect((await orderRow(paid.number)).status).toBe('new');
      expect((await orderRow(cash.number)).status).toBe('new');
    });

    it('never cancels an order while a charge is in flight, and settles it first', async () => {
      const { token } = await signIn(t);
      const card = await addCard(t, token, GOOD_CARD);
      const inFlight = await placeCardOrder(t, token);
      const row = await orderRow(inFlight.number);
      await t.db.insert(paymentAttempts).values({
        orderId: row.id,
        cardId: card.id,
        amount: toTiyin(row.total),
        state: 'paying',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      });
      t.clock.advance(30 * 60_000 + 1000);
      // Fresh 'paying' rows older than the hold but younger than the stale limit: the charge
      // may still be running, so the order stays.
      await t.db
        .update(paymentAttempts)
        .set({ updatedAt: new Date(t.clock.now().getTime() - 60_000) })
        .where(and(eq(paymentAttempts.orderId, row.id)));
      await t.payments.sweep();
      expect((await orderRow(inFlight.number)).status).toBe('new');

      // Once the attempt is stale it is settled (no receipt: nothing was charged), and then the
      // order goes.
      t.clock.advance(5 * 60_000);
      await t.payments.sweep();
      const attempts = await t.db
        .select({ state: paymentAttempts.state })
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, row.id));
      expect(attempts.map((a) => a.state)).toEqual(['failed']);
      expect((await orderRow(inFlight.number)).status).toBe('cancelled');
    });
  });
});

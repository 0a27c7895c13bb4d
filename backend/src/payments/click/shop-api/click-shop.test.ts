// Click's SHOP API at the shop's Prepare and Complete URLs, through the real routes on real
// orders: each refusal answers Click's documented code (checked in the order Click's SDKs check)
// and changes nothing it must not; a payment that completes pays its order once.
import { toTiyin, type Order } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../../testing/http-client';
import {
  click,
  CLICK_TEST_SERVICE,
  clickTransaction,
  orderFootprint,
  payWithClick,
  postClick,
  type ClickJsonAnswer,
} from '../../../testing/click';
import { placeCardOrder } from '../../../testing/payments';
import { pickupOrder } from '../../../testing/order-bodies';
import { buildBackend } from '../../../app';
import { openDatabase } from '../../../db/client';
import { variants } from '../../../db/schema';
import { createPaymeProcessor } from '../../payme-processor';
import { FIXTURES } from '../../../seed/fixtures';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../../testing/test-backend';
import { clickCallAmount } from '../click-protocol';
import { clickForm } from '../sandbox/click-calls';
import { CLICK_SHOP_PATHS } from './click-shop-routes';

const MINUTE = 60_000;

describe.each(PROTOCOL_DATABASE_KINDS)("Click's Prepare and Complete on %s", (kind) => {
  let t: TestBackend;
  let token: string;
  beforeAll(async () => {
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS, clickShop: CLICK_TEST_SERVICE });
    ({ token } = await signIn(t));
    // Every test places its own order of the mug: enough of them for all.
    const mug = FIXTURES.colourVariantProduct.variants[0];
    if (!mug) throw new Error('fixture missing');
    await t.db.update(variants).set({ quantity: 1000 }).where(eq(variants.id, mug.id));
  });
  afterAll(async () => {
    await t.close();
  });

  const placeOrder = (): Promise<Order> => placeCardOrder(t, token);
  const footprint = (order: Order) => orderFootprint(t, order.number);

  describe('a payment Click completes', () => {
    it("prepares, holds the order, then pays it once with Click's payment id", async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      t.clock.advance(25 * MINUTE);

      const prepared = await click(t, 'prepare', fields);
      expect(prepared.status).toBe(200);
      expect(prepared.body).toMatchObject({
        click_trans_id: Number(fields.clickTransId),
        merchant_trans_id: order.number,
        error: 0,
        error_note: 'Success',
      });
      const prepareId = prepared.body.merchant_prepare_id;
      expect(prepareId).toEqual(expect.any(Number));
      const afterPrepare = await footprint(order);
      expect(afterPrepare.payments).toMatchObject([
        {
          id: prepareId,
          provider: 'click',
          providerId: fields.clickTransId,
          providerRef: fields.clickPaydocId,
          amount: toTiyin(order.total),
          state: 'created',
        },
      ]);
      // Placed 25 minutes ago with a 30-minute hold: now held 15 minutes from the Prepare.
      expect(afterPrepare.payUntil).toBe(
        new Date(t.clock.now().getTime() + 15 * MINUTE).toISOString(),
      );
      expect(afterPrepare.paymentStatus).toBe('unpaid');

      t.clock.advance(MINUTE);
      const completed = await click(t, 'complete', {
        ...fields,
        merchantPrepareId: String(prepareId),
      });
      expect(completed.status).toBe(200);
      expect(completed.body).toEqual({
        click_trans_id: Number(fields.clickTransId),
        merchant_trans_id: order.number,
        merchant_confirm_id: prepareId,
        error: 0,
        error_note: 'Success',
      });
      const after = await footprint(order);
      expect(after).toMatchObject({
        paymentStatus: 'paid',
        status: 'new',
        paidProvider: 'click',
        paidTransactionId: fields.clickPaydocId,
        refunds: [],
      });
      expect(after.payments).toMatchObject([{ id: prepareId, state: 'performed' }]);
      expect(after.events).toEqual([
        `${order.number}:placed`,
        `${order.number}:payment:click-${String(prepareId)}:paid`,
      ]);
      expect(after.mugStock).toBe(afterPrepare.mugStock);

      const seen = await call(t, 'GET', `/api/orders/${order.number}`, { token });
      expect(seen.body).toMatchObject({
        data: {
          payment_status: 'paid',
          paid_with: { provider: 'click', transaction_id: fields.clickPaydocId },
        },
      });
    });

    it('answers a repeated Prepare with the same prepare id and keeps one row', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const first = await click(t, 'prepare', fields);
      const second = await click(t, 'prepare', fields);
      expect(first.body.error).toBe(0);
      expect(second.body).toEqual(first.body);
      expect((await footprint(order)).payments).toHaveLength(1);
    });

    it('reads the form whatever charset parameter its content type names', async () => {
      const order = await placeOrder();
      const form = clickForm('prepare', clickTransaction(t, order), CLICK_TEST_SERVICE.secretKey);
      const contentType = 'application/x-www-form-urlencoded; charset=UTF-8';
      expect((await postClick(t, 'prepare', { form, contentType })).body.error).toBe(0);
    });

    it.each([
      ['whole sums', (tiyin: number) => String(tiyin / 100)],
      ['two decimals', (tiyin: number) => (tiyin / 100).toFixed(2)],
      ['one decimal', (tiyin: number) => (tiyin / 100).toFixed(1)],
    ])('takes the amount written in %s', async (_name, write) => {
      const order = await placeOrder();
      const fields = { ...clickTransaction(t, order), amount: write(toTiyin(order.total)) };
      const { prepared, completed } = await payWithClick(t, fields);
      expect([prepared.error, completed.error]).toEqual([0, 0]);
      expect((await footprint(order)).paymentStatus).toBe('paid');
    });
  });

  describe('refusals', () => {
    it('refuses a wrong signature (−1) on both calls, before anything else', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const before = await footprint(order);
      const wrongKey = { secretKey: `${CLICK_TEST_SERVICE.secretKey}x` };
      expect((await click(t, 'prepare', fields, wrongKey)).body).toMatchObject({
        error: -1,
        error_note: 'SIGN CHECK FAILED!',
        merchant_prepare_id: null,
      });
      // Unknown order and wrong action too: the signature is checked first.
      const elsewhere = { ...fields, merchantTransId: 'UY-999999' };
      expect((await click(t, 'prepare', elsewhere, { ...wrongKey, action: '1' })).body.error).toBe(
        -1,
      );
      const prepared = await click(t, 'prepare', fields);
      const preparedFootprint = await footprint(order);
      const completing = {
        ...fields,
        merchantPrepareId: String(prepared.body.merchant_prepare_id),
      };
      expect((await click(t, 'complete', completing, wrongKey)).body).toMatchObject({
        error: -1,
        merchant_confirm_id: null,
      });
      expect(await footprint(order)).toEqual(preparedFootprint);
      expect(before.payments).toEqual([]);
    });

    it('refuses a call signed for another service (−1)', async () => {
      const order = await placeOrder();
      const before = await footprint(order);
      const fields = { ...clickTransaction(t, order), serviceId: '99999' };
      expect((await click(t, 'prepare', fields)).body.error).toBe(-1);
      expect(await footprint(order)).toEqual(before);
    });

    it('refuses a wrong amount (−2) at Prepare and at Complete', async () => {
      const order = await placeOrder();
      const before = await footprint(order);
      const fields = clickTransaction(t, order);
      const cheaper = clickCallAmount(toTiyin(order.total) - 1);
      expect((await click(t, 'prepare', { ...fields, amount: cheaper })).body).toMatchObject({
        error: -2,
        error_note: 'Incorrect parameter amount',
      });
      expect(await footprint(order)).toEqual(before);

      const prepared = await click(t, 'prepare', fields);
      const completed = await click(t, 'complete', {
        ...fields,
        amount: cheaper,
        merchantPrepareId: String(prepared.body.merchant_prepare_id),
      });
      expect(completed.body.error).toBe(-2);
      const after = await footprint(order);
      expect(after).toMatchObject({ paymentStatus: 'unpaid', status: 'new', refunds: [] });
      expect(after.payments).toMatchObject([{ state: 'cancelled' }]);
      expect(after.events).toEqual(before.events);
    });

    it('refuses an unknown order and one paid on receipt (−5)', async () => {
      const order = await placeOrder();
      const unknown = { ...clickTransaction(t, order), merchantTransId: 'UY-999999' };
      expect((await click(t, 'prepare', unknown)).body).toMatchObject({
        error: -5,
        merchant_trans_id: 'UY-999999',
      });
      const mug = FIXTURES.colourVariantProduct.variants[0];
      if (!mug) throw new Error('fixture missing');
      const placed = await call(t, 'POST', '/api/orders', {
        token,
        body: pickupOrder([{ product_id: mug.id, quantity: 1 }]),
      });
      const onReceipt = (placed.body as { data: Order }).data;
      const before = await footprint(onReceipt);
      const fields = clickTransaction(t, onReceipt);
      expect((await click(t, 'prepare', fields)).body.error).toBe(-5);
      expect((await click(t, 'complete', { ...fields, merchantPrepareId: '1' })).body.error).toBe(
        -5,
      );
      expect(await footprint(onReceipt)).toEqual(before);
    });

    it('refuses a cancelled order (−9) and leaves it as it is', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const prepared = await click(t, 'prepare', fields);
      await t.statuses.changeStatus(order.number, 'cancelled');
      const before = await footprint(order);
      expect((await click(t, 'prepare', clickTransaction(t, order))).body.error).toBe(-9);
      const completed = await click(t, 'complete', {
        ...fields,
        merchantPrepareId: String(prepared.body.merchant_prepare_id),
      });
      expect(completed.body).toMatchObject({ error: -9, error_note: 'Transaction cancelled' });
      const after = await footprint(order);
      expect(after).toEqual({
        ...before,
        payments: [{ ...before.payments[0], state: 'cancelled', cancelledAt: t.clock.now() }],
      });
      expect(after.refunds).toEqual([]);
    });

    it.each([
      'click_trans_id',
      'service_id',
      'click_paydoc_id',
      'merchant_trans_id',
      'merchant_prepare_id',
      'amount',
      'action',
      'error',
      'sign_time',
      'sign_string',
    ])('refuses a Complete without %s (−8)', async (field) => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const prepared = await click(t, 'prepare', fields);
      const before = await footprint(order);
      const form = clickForm(
        'complete',
        { ...fields, merchantPrepareId: String(prepared.body.merchant_prepare_id) },
        CLICK_TEST_SERVICE.secretKey,
      );
      form.delete(field);
      const answer = await postClick(t, 'complete', { form });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        error: -8,
        error_note: 'Error in request from click',
        merchant_confirm_id: null,
      });
      expect(await footprint(order)).toEqual(before);
    });

    it.each([
      ['amount', '1e5'],
      ['amount', '-38400'],
      ['amount', '38400.001'],
      ['click_trans_id', 'abc'],
      ['click_trans_id', '99999999999999999999'],
      ['service_id', ''],
      ['error', 'none'],
      ['sign_time', '2026-03-10T11:00:00'],
      ['sign_string', 'not-md5'],
      ['merchant_trans_id', 'UY-\u0000'],
    ])('refuses a Prepare whose %s is %j (−8)', async (field, value) => {
      const order = await placeOrder();
      const before = await footprint(order);
      const form = clickForm('prepare', clickTransaction(t, order), CLICK_TEST_SERVICE.secretKey);
      form.set(field, value);
      expect((await postClick(t, 'prepare', { form })).body.error).toBe(-8);
      expect(await footprint(order)).toEqual(before);
    });

    it('refuses a field sent twice (−8)', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const form = clickForm('prepare', fields, CLICK_TEST_SERVICE.secretKey);
      form.append('amount', '1.00');
      expect((await postClick(t, 'prepare', { form })).body.error).toBe(-8);
      expect((await footprint(order)).payments).toEqual([]);
    });

    it('answers Click JSON with HTTP 200 to a body it cannot read (−8)', async () => {
      const order = await placeOrder();
      const form = clickForm('prepare', clickTransaction(t, order), CLICK_TEST_SERVICE.secretKey);
      const asJson = await t.app.inject({
        method: 'POST',
        url: CLICK_SHOP_PATHS.prepare,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(Object.fromEntries(form)),
      });
      const asText = await postClick(t, 'prepare', { form, contentType: 'text/plain' });
      const tooLarge = new URLSearchParams(form);
      tooLarge.set('error_note', 'x'.repeat(20_000));
      const notUtf8 = await t.app.inject({
        method: 'POST',
        url: CLICK_SHOP_PATHS.complete,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: Buffer.from([0x61, 0x3d, 0xff, 0xfe]),
      });
      const empty = await t.app.inject({ method: 'POST', url: CLICK_SHOP_PATHS.complete });
      for (const answer of [
        { status: asJson.statusCode, body: asJson.json<ClickJsonAnswer>() },
        asText,
        await postClick(t, 'prepare', { form: tooLarge }),
        { status: notUtf8.statusCode, body: notUtf8.json<ClickJsonAnswer>() },
        { status: empty.statusCode, body: empty.json<ClickJsonAnswer>() },
      ]) {
        expect(answer).toMatchObject({ status: 200, body: { error: -8 } });
      }
      expect(empty.json()).toEqual({
        click_trans_id: null,
        merchant_trans_id: null,
        merchant_confirm_id: null,
        error: -8,
        error_note: 'Error in request from click',
      });
      expect((await footprint(order)).payments).toEqual([]);
    });

    it('refuses the wrong action at each URL (−3), before looking for the order', async () => {
      const order = await placeOrder();
      const before = await footprint(order);
      const fields = clickTransaction(t, order);
      expect((await click(t, 'prepare', fields, { action: '1' })).body).toMatchObject({
        error: -3,
        error_note: 'Action not found',
      });
      expect((await click(t, 'prepare', fields, { action: 'pay' })).body.error).toBe(-3);
      const unknownOrder = { ...fields, merchantTransId: 'UY-999999', merchantPrepareId: '1' };
      expect((await click(t, 'complete', unknownOrder, { action: '0' })).body.error).toBe(-3);
      expect(await footprint(order)).toEqual(before);
    });

    it("refuses a Complete naming no prepared transaction of this one's (−6)", async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const prepared = await click(t, 'prepare', fields);
      const other = await placeOrder();
      const otherFields = clickTransaction(t, other);
      const otherPrepared = await click(t, 'prepare', otherFields);
      const before = await footprint(order);
      for (const merchantPrepareId of [
        '2147483647',
        '9007199254740991',
        String(otherPrepared.body.merchant_prepare_id),
      ]) {
        const answer = await click(t, 'complete', { ...fields, merchantPrepareId });
        expect(answer.body).toMatchObject({ error: -6, error_note: 'Transaction does not exist' });
      }
      // Our prepared row, but another click_trans_id.
      const stranger = {
        ...clickTransaction(t, order),
        merchantPrepareId: String(prepared.body.merchant_prepare_id),
      };
      expect((await click(t, 'complete', stranger)).body.error).toBe(-6);
      expect(await footprint(order)).toEqual(before);
      expect((await footprint(other)).payments).toMatchObject([{ state: 'created' }]);
    });

    it('answers a repeated Complete "already paid" (−4) and changes nothing', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const { prepared, completed } = await payWithClick(t, fields);
      expect(completed.error).toBe(0);
      const paid = await footprint(order);
      const again = await click(t, 'complete', {
        ...fields,
        merchantPrepareId: String(prepared.merchant_prepare_id),
      });
      expect(again.body).toMatchObject({ error: -4, error_note: 'Already paid' });
      // A new transaction for the paid order: refused at Prepare, nothing recorded.
      expect((await click(t, 'prepare', clickTransaction(t, order))).body.error).toBe(-4);
      expect(await footprint(order)).toEqual(paid);
    });

    it('refuses a Complete after the hold ended (−9): not paid, Click gives the money back', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const prepared = await click(t, 'prepare', fields);
      const held = await footprint(order);
      if (held.payUntil === null) throw new Error('a card order is held');
      t.clock.set(new Date(Date.parse(held.payUntil) + 1));
      const completed = await click(t, 'complete', {
        ...fields,
        merchantPrepareId: String(prepared.body.merchant_prepare_id),
      });
      expect(completed.body.error).toBe(-9);
      const after = await footprint(order);
      expect(after).toEqual({
        ...held,
        payments: [{ ...held.payments[0], state: 'cancelled', cancelledAt: t.clock.now() }],
      });
      // The sweep then cancels it, as any order whose hold ran out, owing nothing back.
      await t.payments.sweep();
      const swept = await footprint(order);
      expect(swept).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid', refunds: [] });
    });

    it('cancels the transaction when Click reports a failure (−9); the order stays payable', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const failed = await payWithClick(t, fields, -5017);
      expect(failed.completed).toMatchObject({ error: -9, merchant_confirm_id: null });
      const after = await footprint(order);
      expect(after).toMatchObject({ status: 'new', paymentStatus: 'unpaid', refunds: [] });
      expect(after.payments).toMatchObject([{ state: 'cancelled' }]);
      expect(after.events).toEqual([`${order.number}:placed`]);
      // That transaction is over...
      const retried = await click(t, 'complete', {
        ...fields,
        merchantPrepareId: String(failed.prepared.merchant_prepare_id),
      });
      expect(retried.body.error).toBe(-9);
      // ...and a new one pays the order.
      const paid = await payWithClick(t, clickTransaction(t, order));
      expect(paid.completed.error).toBe(0);
      expect((await footprint(order)).paymentStatus).toBe('paid');
    });

    it('pays once for twenty Completes at once: one answer 0, the others −4', async () => {
      const order = await placeOrder();
      const fields = clickTransaction(t, order);
      const prepared = await click(t, 'prepare', fields);
      const completing = {
        ...fields,
        merchantPrepareId: String(prepared.body.merchant_prepare_id),
      };
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => click(t, 'complete', completing)),
      );
      const errors = answers.map((answer) => answer.body.error).sort((a, b) => b - a);
      expect(errors).toEqual([0, ...Array.from({ length: 19 }, () => -4)]);
      const after = await footprint(order);
      expect(after.paymentStatus).toBe('paid');
      expect(after.events.filter((id) => id.endsWith(':paid'))).toHaveLength(1);
    });
  });
});

describe('a failure of ours', () => {
  it('answers −7 with HTTP 200 and logs the cause', async () => {
    // A database without the schema: every query fails the way a broken deployment would.
    const database = await openDatabase({});
    const logs: string[] = [];
    const app = buildBackend({
      db: database.db,
      catalogApiKey: 'k'.repeat(32),
      sms: { send: () => Promise.resolve() },
      // Never called here: nothing answers on the discard port.
      payments: createPaymeProcessor({ url: 'http://127.0.0.1:9/api', merchantId: 'm', key: 'k' }),
      clickShop: CLICK_TEST_SERVICE,
      logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } },
    });
    try {
      const fields = {
        clickTransId: '123',
        serviceId: CLICK_TEST_SERVICE.serviceId,
        clickPaydocId: '456',
        merchantTransId: 'UY-001001',
        amount: '1000',
        error: 0,
        errorNote: 'Success',
        signTime: '2026-03-10 11:00:00',
      };
      const answer = await app.inject({
        method: 'POST',
        url: CLICK_SHOP_PATHS.prepare,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: clickForm('prepare', fields, CLICK_TEST_SERVICE.secretKey).toString(),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        click_trans_id: 123,
        merchant_trans_id: 'UY-001001',
        merchant_prepare_id: null,
        error: -7,
        error_note: 'Failed to update user',
      });
      expect(logs.join('\n')).toMatch(/orders/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

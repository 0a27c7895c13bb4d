// Click's calls racing on the real PostgreSQL (PGlite has one connection, so nothing there runs
// in parallel): a listening server, real HTTP, a pool of connections. Skipped without
// TEST_DATABASE_URL.
import type { Order } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../../db/schema';
import { FIXTURES } from '../../../seed/fixtures';
import {
  CLICK_TEST_SERVICE,
  clickTransaction,
  orderFootprint,
  type ClickJsonAnswer,
} from '../../../testing/click';
import { signIn } from '../../../testing/http-client';
import { placeCardOrder } from '../../../testing/payments';
import {
  createTestBackend,
  MANY_ORDERS,
  TEST_DATABASE_URL,
  type TestBackend,
} from '../../../testing/test-backend';
import type { ClickStep } from '../click-protocol';
import { clickForm, type ClickCallFields } from '../sandbox/click-calls';
import { CLICK_SHOP_PATHS } from './click-shop-routes';

describe.skipIf(!TEST_DATABASE_URL)('concurrent Click calls on postgres', () => {
  let t: TestBackend;
  let baseUrl: string;
  let order: Order;

  beforeAll(async () => {
    t = await createTestBackend({
      kind: 'postgres',
      maxConnections: 10,
      orderLimits: MANY_ORDERS,
      clickShop: CLICK_TEST_SERVICE,
    });
    const mug = FIXTURES.colourVariantProduct.variants[0];
    if (!mug) throw new Error('fixture missing');
    await t.db.update(variants).set({ quantity: 1000 }).where(eq(variants.id, mug.id));
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function post(step: ClickStep, fields: ClickCallFields): Promise<ClickJsonAnswer> {
    const response = await fetch(`${baseUrl}${CLICK_SHOP_PATHS[step]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: clickForm(step, fields, CLICK_TEST_SERVICE.secretKey).toString(),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as ClickJsonAnswer;
  }

  it('pays once for twenty simultaneous Completes of one transaction', async () => {
    const { token } = await signIn(t);
    order = await placeCardOrder(t, token);
    const fields = clickTransaction(t, order);
    const prepared = await post('prepare', fields);
    const completing = { ...fields, merchantPrepareId: String(prepared.merchant_prepare_id) };

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('complete', completing)),
    );

    const errors = answers.map((answer) => answer.error).sort((a, b) => b - a);
    expect(errors).toEqual([0, ...Array.from({ length: 19 }, () => -4)]);
    expect(answers.find((answer) => answer.error === 0)?.merchant_confirm_id).toBe(
      prepared.merchant_prepare_id,
    );
    const after = await orderFootprint(t, order.number);
    expect(after).toMatchObject({ paymentStatus: 'paid', refunds: [] });
    expect(after.payments).toMatchObject([{ state: 'performed' }]);
    expect(after.events.filter((id) => id.endsWith(':paid'))).toHaveLength(1);
  });

  it('takes one of twenty transactions of one order completing at once; Click gives the rest back', async () => {
    const { token } = await signIn(t);
    const racing = await placeCardOrder(t, token);
    const transactions = Array.from({ length: 20 }, () => clickTransaction(t, racing));
    const prepared = await Promise.all(transactions.map((fields) => post('prepare', fields)));
    expect(prepared.map((answer) => answer.error)).toEqual(transactions.map(() => 0));

    const completed = await Promise.all(
      transactions.map((fields, index) =>
        post('complete', {
          ...fields,
          merchantPrepareId: String(prepared[index]?.merchant_prepare_id),
        }),
      ),
    );

    const errors = completed.map((answer) => answer.error).sort((a, b) => b - a);
    expect(errors).toEqual([0, ...Array.from({ length: 19 }, () => -4)]);
    const after = await orderFootprint(t, racing.number);
    expect(after).toMatchObject({ paymentStatus: 'paid', refunds: [] });
    const states = after.payments.map((row) => row.state).sort();
    expect(states).toEqual(['performed', ...Array.from({ length: 19 }, () => 'cancelled')].sort());
    expect(after.events.filter((id) => id.endsWith(':paid'))).toHaveLength(1);
  });
});

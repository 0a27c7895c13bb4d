// The run Payme certifies a merchant endpoint with, and the order checks around it: which order
// may be paid, one live transaction per order, repeats answering alike, the 12-hour timeout.
import { and, eq } from 'drizzle-orm';
import type { Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerPayments } from '../../db/schema';
import { call, signIn } from '../../testing/http-client';
import { pickupOrder } from '../../testing/order-bodies';
import { placeCardOrder } from '../../testing/payments';
import {
  merchantCall,
  orderRow,
  paymeId,
  paymeRow,
  refundsOf,
  tiyinOf,
  type RpcReply,
} from '../../testing/payme-merchant';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../testing/test-backend';
import { FIXTURES } from '../../seed/fixtures';
import { expireStalePaymeTransactions } from './merchant-queries';

const HOUR = 3_600_000;

describe.each(PROTOCOL_DATABASE_KINDS)('Payme Merchant API certification on %s', (kind) => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const nowMs = () => t.clock.now().getTime();
  const check = (order: Order, amount = tiyinOf(order)) =>
    merchantCall(t, 'CheckPerformTransaction', { amount, account: { order_id: order.number } });
  const create = (order: Order, id: string, amount = tiyinOf(order)) =>
    merchantCall(t, 'CreateTransaction', {
      id,
      time: nowMs() - 1000,
      amount,
      account: { order_id: order.number },
    });
  const perform = (id: string) => merchantCall(t, 'PerformTransaction', { id });
  const cancel = (id: string, reason: number) =>
    merchantCall(t, 'CancelTransaction', { id, reason });
  const checkTransaction = (id: string) => merchantCall(t, 'CheckTransaction', { id });

  /** Sends the same call twice; both answers must be the same but for the request id. */
  async function twice(send: () => Promise<RpcReply>): Promise<RpcReply> {
    const first = await send();
    const second = await send();
    expect(second.result ?? second.error).toEqual(first.result ?? first.error);
    return first;
  }

  function expectOrderError(reply: RpcReply, code: number): void {
    expect(reply.status).toBe(200);
    expect(reply.error).toEqual({
      code,
      message: { uz: expect.any(String), ru: expect.any(String), en: expect.any(String) },
      data: 'order_id',
    });
  }

  it('refuses a wrong amount and an unknown order on Check and Create', async () => {
    const order = await placeCardOrder(t, token);
    expect((await check(order, tiyinOf(order) + 100)).error?.code).toBe(-31001);
    expect((await check(order, tiyinOf(order) / 100)).error?.code).toBe(-31001);
    const wrongAmount = paymeId();
    expect((await create(order, wrongAmount, tiyinOf(order) - 1)).error?.code).toBe(-31001);
    expect(await paymeRow(t, wrongAmount)).toBeUndefined();

    const unknown = { ...order, number: 'UY-999999' };
    expectOrderError(await check(unknown), -31050);
    const nowhere = paymeId();
    expectOrderError(await create(unknown, nowhere), -31050);
    expect(await paymeRow(t, nowhere)).toBeUndefined();
  });

  it('runs the certification sequence, every Create, Perform and Cancel twice alike', async () => {
    const order = await placeCardOrder(t, token);
    expect((await check(order)).result).toEqual({ allow: true });

    const first = paymeId();
    const created = await twice(() => create(order, first));
    expect(created.result).toEqual({
      create_time: nowMs(),
      transaction: expect.stringMatching(/^\d+$/),
      state: 1,
    });
    // The order waits for that transaction: another one is refused.
    const other = paymeId();
    expect((await twice(() => create(order, other))).error?.code).toBe(-31008);
    expect(await paymeRow(t, other)).toBeUndefined();

    t.clock.advance(1000);
    const cancelled = await twice(() => cancel(first, 3));
    expect(cancelled.result).toEqual({
      transaction: created.result?.transaction,
      cancel_time: nowMs(),
      state: -1,
    });
    expect((await checkTransaction(first)).result).toMatchObject({ state: -1, reason: 3 });
    expect((await perform(first)).error?.code).toBe(-31008);
    expect((await create(order, first)).error?.code).toBe(-31008);

    // The order stays payable: a new transaction is created, performed, then refunded.
    const second = paymeId();
    expect((await twice(() => create(order, second))).result?.state).toBe(1);
    t.clock.advance(1000);
    const performed = await twice(() => perform(second));
    expect(performed.result).toEqual({
      transaction: expect.stringMatching(/^\d+$/),
      perform_time: nowMs(),
      state: 2,
    });
    expect((await orderRow(t, order.number)).paymentStatus).toBe('paid');
    expectOrderError(await check(order), -31052);

    t.clock.advance(1000);
    const refunded = await twice(() => cancel(second, 5));
    expect(refunded.result).toEqual({
      transaction: performed.result?.transaction,
      cancel_time: nowMs(),
      state: -2,
    });
    expect((await orderRow(t, order.number)).status).toBe('cancelled');
    expect((await refundsOf(t, order.number)).map((refund) => refund.state)).toEqual(['made']);
  });

  it('refuses orders that cannot be paid, each with its own code', async () => {
    const cancelledOrder = await placeCardOrder(t, token);
    await t.statuses.changeStatus(cancelledOrder.number, 'cancelled');
    expectOrderError(await check(cancelledOrder), -31051);
    expectOrderError(await create(cancelledOrder, paymeId()), -31051);

    const variant = FIXTURES.colourVariantProduct.variants[0]?.id ?? 0;
    const placed = await call(t, 'POST', '/api/orders', {
      token,
      body: pickupOrder([{ product_id: variant, quantity: 1 }]),
    });
    const onReceipt = (placed.body as { data: Order }).data;
    expectOrderError(await check(onReceipt), -31053);

    const lapsed = await placeCardOrder(t, token);
    t.clock.advance(31 * 60_000);
    expectOrderError(await check(lapsed), -31054);
    expectOrderError(await create(lapsed, paymeId()), -31054);
  });

  it('keeps the order held 15 minutes past a Create', async () => {
    const order = await placeCardOrder(t, token);
    t.clock.advance(25 * 60_000);
    expect((await create(order, paymeId())).result?.state).toBe(1);
    expect((await orderRow(t, order.number)).payUntil).toEqual(new Date(nowMs() + 15 * 60_000));
  });

  it('answers CheckTransaction and GetStatement with every field', async () => {
    t.clock.advance(10_000); // past the transactions of the tests before
    const from = nowMs();
    const order = await placeCardOrder(t, token);
    const id = paymeId();
    const created = await create(order, id);
    const createTime = nowMs();
    expect((await checkTransaction(id)).result).toEqual({
      create_time: createTime,
      perform_time: 0,
      cancel_time: 0,
      transaction: created.result?.transaction,
      state: 1,
      reason: null,
    });
    t.clock.advance(2000);
    await perform(id);
    const performTime = nowMs();
    const checked = (await checkTransaction(id)).result;
    expect(checked).toEqual({
      create_time: createTime,
      perform_time: performTime,
      cancel_time: 0,
      transaction: created.result?.transaction,
      state: 2,
      reason: null,
    });

    const statement = await merchantCall(t, 'GetStatement', { from: from - 1000, to: nowMs() });
    expect(statement.result?.transactions).toEqual([
      {
        id,
        time: createTime - 1000,
        amount: tiyinOf(order),
        account: { order_id: order.number },
        ...checked,
        receivers: null,
      },
    ]);
    const before = await merchantCall(t, 'GetStatement', { from: 0, to: from - 1001 });
    expect(before.result?.transactions).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('cancels a transaction left created 12 hours (reason 4) on a repeat or by the sweep', async () => {
    const order = await placeCardOrder(t, token);
    const repeated = paymeId();
    await create(order, repeated);
    t.clock.advance(12 * HOUR);
    expect((await create(order, repeated)).error?.code).toBe(-31008);
    expect((await checkTransaction(repeated)).result).toMatchObject({ state: -1, reason: 4 });

    // Transactions the tests before left created are over 12 hours old by now.
    await expireStalePaymeTransactions(t.db, t.clock.now());
    const other = await placeCardOrder(t, token);
    const swept = paymeId();
    await create(other, swept);
    t.clock.advance(HOUR);
    expect(await expireStalePaymeTransactions(t.db, t.clock.now())).toBe(0);
    t.clock.advance(11 * HOUR);
    expect(await expireStalePaymeTransactions(t.db, t.clock.now())).toBe(1);
    expect((await checkTransaction(swept)).result).toMatchObject({
      state: -1,
      reason: 4,
      cancel_time: nowMs(),
    });
    const live = await t.db
      .select()
      .from(providerPayments)
      .where(and(eq(providerPayments.provider, 'payme'), eq(providerPayments.state, 'created')));
    expect(live).toEqual([]);
  });
});

// Recording a refund staff made by hand (Telegram's sheet, Payme's app): the operator call and
// `pnpm order:refunded` against the real backend. It is recorded once, the shopper is told once
// (one refund_made event), the order shows it made; an unknown order, an order with nothing owed
// back and a refund the shop asks the provider for itself are refused and change nothing.
import {
  OPERATOR_SECRET_HEADER,
  refundMadePath,
  toTiyin,
  type Order,
  type RefundMadeAnswer,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../testing/http-client';
import {
  CLICK_TEST_SERVICE,
  cancelOrder,
  listenForCommands,
  payWithClickApp,
  payWithPaymeApp,
  payWithTelegram,
  runCommand,
} from '../testing/operator-commands';
import { eventsOf, refundsOf } from '../testing/payme-merchant';
import { placeCardOrder } from '../testing/payments';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../testing/test-backend';
import { formatSum } from './payments-report-format';
import { runRefundMadeCommand } from './refund-made-command';

describe.each(PROTOCOL_DATABASE_KINDS)('refunds made by hand on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    // Payme takes the cards: Click's app payments have no refunder here, so theirs stay due.
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS, clickShop: CLICK_TEST_SERVICE });
    ({ token } = await signIn(t));
    env = await listenForCommands(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const recordMade = (number: string, options: { body?: unknown; secret?: string | null } = {}) =>
    call(t, 'POST', refundMadePath(number), {
      body: options.body,
      headers:
        options.secret === null
          ? {}
          : { [OPERATOR_SECRET_HEADER]: options.secret ?? t.operatorSecret },
    });

  /** A paid order, cancelled: its money owed back. */
  async function owedBack(pay: (t: TestBackend, order: Order) => Promise<string>) {
    const order = await placeCardOrder(t, token);
    const id = await pay(t, order);
    await cancelOrder(t, order.number);
    return { order, id };
  }

  const refundEvents = async (number: string) =>
    (await eventsOf(t, number)).filter((event) => event.type === 'refund_made');

  it('records a Telegram refund once, tells the shopper once, and answers the same again', async () => {
    const { order, id } = await owedBack(payWithTelegram);
    const madeAt = t.clock.now().toISOString();
    const first = await recordMade(order.number, { body: { actor: ' Dilnoza ' } });
    expect(first.status, first.text).toBe(200);
    const answer = first.body as RefundMadeAnswer;
    expect(answer.recorded).toBe(true);
    expect(answer.refund).toEqual({
      provider: 'telegram',
      transaction_id: id,
      order_number: order.number,
      amount_tiyin: toTiyin(order.total),
      at: madeAt,
    });
    expect(answer.data.refund).toMatchObject({
      status: 'made',
      provider: 'telegram',
      transaction_id: id,
      automatic: false,
      made_at: madeAt,
    });
    expect(await refundEvents(order.number)).toHaveLength(1);
    expect(t.logs.some((line) => line.includes('Dilnoza'))).toBe(true);

    t.clock.advance(60_000);
    const again = await recordMade(order.number);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ recorded: false, refund: { at: madeAt } });
    expect(await refundEvents(order.number)).toHaveLength(1);
    const shown = await call(t, 'GET', `/api/orders/${order.number}`, { token });
    expect(shown.body).toMatchObject({ data: { refund: { status: 'made', made_at: madeAt } } });
  });

  it('answers 404 for an unknown order and 409 when nothing is owed back by hand', async () => {
    const unknown = await recordMade('UY-999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found' });

    const unpaid = await placeCardOrder(t, token);
    const nothing = await recordMade(unpaid.number);
    expect(nothing.status).toBe(409);
    expect(nothing.body).toEqual({
      code: 'conflict',
      message: `Order ${unpaid.number} has no refund due. Nothing was recorded.`,
    });

    const { order } = await owedBack(payWithClickApp);
    const automatic = await recordMade(order.number);
    expect(automatic.status).toBe(409);
    expect(automatic.body).toEqual({
      code: 'conflict',
      message: `Order ${order.number}'s refund is automatic: the shop asks the provider for it itself. Nothing was recorded.`,
    });
    expect(await refundsOf(t, order.number)).toEqual([
      expect.objectContaining({ state: 'due', automatic: true, madeAt: null }),
    ]);
    expect(await refundEvents(order.number)).toEqual([]);
  });

  it('refuses a missing secret (401) and a bad body (400), changing nothing', async () => {
    const { order } = await owedBack(payWithTelegram);
    expect((await recordMade(order.number, { secret: null })).status).toBe(401);
    expect((await recordMade(order.number, { secret: 'wrong-'.repeat(4) })).status).toBe(401);
    for (const body of [{ actor: '  ' }, { note: 'x' }, ['x']]) {
      const answer = await recordMade(order.number, { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error' });
    }
    expect(await refundsOf(t, order.number)).toEqual([expect.objectContaining({ state: 'due' })]);
    // No body at all is a plain record.
    expect((await recordMade(order.number)).status).toBe(200);
    expect(await refundsOf(t, order.number)).toEqual([expect.objectContaining({ state: 'made' })]);
  });

  it('pnpm order:refunded records a Payme app refund and says what it did', async () => {
    const { order } = await owedBack(payWithPaymeApp);
    const sum = formatSum(toTiyin(order.total));
    const run = (args: string[], commandEnv = env) =>
      runCommand(runRefundMadeCommand, args, commandEnv);

    expect(await run([order.number])).toEqual({
      code: 0,
      out: [`Order ${order.number}: refund of ${sum} sum recorded.`],
      err: [],
    });
    expect(await run([order.number])).toEqual({
      code: 0,
      out: [`Order ${order.number}: refund of ${sum} sum was already recorded.`],
      err: [],
    });
    expect(await refundEvents(order.number)).toHaveLength(1);
    expect(await refundsOf(t, order.number)).toEqual([
      expect.objectContaining({ provider: 'payme', state: 'made', automatic: false }),
    ]);

    expect(await run(['UY-999999'])).toEqual({
      code: 1,
      out: [],
      err: ['There is no order UY-999999.'],
    });
    const click = await owedBack(payWithClickApp);
    const refused = await run([click.order.number]);
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      `Not recorded: Order ${click.order.number}'s refund is automatic: the shop asks the provider for it itself. Nothing was recorded.`,
    ]);
    for (const args of [[], [order.number, 'extra']]) {
      const usage = await run(args);
      expect(usage.code).toBe(2);
      expect(usage.err[0]).toMatch(/^Usage: pnpm order:refunded <order number>\n/);
    }
    const wrong = await run([order.number], { ...env, OPERATOR_SECRET: 'wrong-'.repeat(4) });
    expect(wrong).toEqual({
      code: 1,
      out: [],
      err: [
        `The shop at ${env.BACKEND_URL} refused the operator secret. Check OPERATOR_SECRET or DATA_DIR.`,
      ],
    });
  });
});

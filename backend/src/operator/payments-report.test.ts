// `pnpm payments:report` against the real backend, listening: orders paid four ways (a Payme
// card, Click's app, Payme's app, Telegram's sheet), one refunded by the processor, one owed back
// by hand, and payments just outside the window on both sides. The report lists each with the
// provider's own id (the one the order's paid_with names), sums them per provider and in all,
// and lists the refund still due.
import { OPERATOR_PATHS, OPERATOR_SECRET_HEADER, toTiyin, type Order } from '@shop/shared';
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
import { merchantCall, orderRow } from '../testing/payme-merchant';
import { addCard, addClickCard, payOrder, placeCardOrder } from '../testing/payments';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../testing/test-backend';
import { formatSum } from './payments-report-format';
import { runPaymentsReportCommand } from './payments-report-command';

/** 09:00 on 11 March 2026 in Tashkent, and `minutes` after. */
const march11 = (minutes: number) => new Date(Date.UTC(2026, 2, 11, 4, minutes));

describe.each(PROTOCOL_DATABASE_KINDS)('pnpm payments:report on %s', (kind) => {
  let t: TestBackend;
  let env: Record<string, string>;
  let token: string;
  let cardId: number;

  beforeAll(async () => {
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS, clickShop: CLICK_TEST_SERVICE });
    ({ token } = await signIn(t));
    cardId = (await addCard(t, token)).id;
    env = await listenForCommands(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A card order paid with the saved Payme card now; answers it and its receipt id. */
  async function paidByCard(): Promise<{ order: Order; id: string }> {
    const order = await placeCardOrder(t, token);
    const paid = await payOrder(t, token, order.number, cardId);
    const id = (paid.body as { data: Order }).data.paid_with?.transaction_id;
    if (paid.status !== 200 || !id) throw new Error(`pay answered ${paid.status}: ${paid.text}`);
    return { order, id };
  }

  async function placedAt(at: Date): Promise<Order> {
    t.clock.set(at);
    return placeCardOrder(t, token);
  }

  const report = (args: string[], commandEnv = env) =>
    runCommand(runPaymentsReportCommand, args, commandEnv);

  it('lists each payment and refund of the window per provider, with totals and refunds due', async () => {
    // The day before the window, and its very end (exclusive): neither is reported.
    t.clock.set(new Date(Date.UTC(2026, 2, 10, 18, 59, 59)));
    await paidByCard();

    t.clock.set(march11(0));
    const card = await paidByCard();
    const clickOrder = await placedAt(march11(10));
    const clickId = await payWithClickApp(t, clickOrder);
    const paymeOrder = await placedAt(march11(20));
    const paymeAppId = await payWithPaymeApp(t, paymeOrder);
    const telegramOrder = await placedAt(march11(30));
    const telegramId = await payWithTelegram(t, telegramOrder);
    t.clock.set(march11(40));
    await cancelOrder(t, card.order.number);
    // The cancel started a refund round; this joins it: Payme gives the money back now.
    await t.payments.refundDue();
    t.clock.set(march11(50));
    await cancelOrder(t, telegramOrder.number);

    t.clock.set(new Date(Date.UTC(2026, 2, 11, 19, 0, 0)));
    await paidByCard();

    // The report names each payment as its order does.
    for (const [number, id] of [
      [card.order.number, card.id],
      [clickOrder.number, clickId],
      [paymeOrder.number, paymeAppId],
      [telegramOrder.number, telegramId],
    ] as const) {
      expect((await orderRow(t, number)).paidTransactionId).toBe(id);
    }

    const amount = toTiyin(card.order.total);
    for (const order of [clickOrder, paymeOrder, telegramOrder]) {
      expect(toTiyin(order.total)).toBe(amount);
    }
    const sum = formatSum(amount);
    const run = await report(['--from', '2026-03-11', '--to', '2026-03-11']);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toEqual([
      'Payments from 2026-03-11T00:00:00+05:00 to 2026-03-12T00:00:00+05:00 (Tashkent time, amounts in sum)',
      '',
      'payme_card',
      `  payment  ${card.id}  ${card.order.number}  ${sum}  2026-03-11T09:00:00+05:00`,
      `  refund   ${card.id}  ${card.order.number}  ${sum}  2026-03-11T09:40:00+05:00`,
      `  total: payments ${sum}, refunds ${sum}, net 0.00`,
      '',
      'click_card',
      '  (none)',
      '  total: payments 0.00, refunds 0.00, net 0.00',
      '',
      'click',
      `  payment  ${clickId}  ${clickOrder.number}  ${sum}  2026-03-11T09:10:00+05:00`,
      `  total: payments ${sum}, refunds 0.00, net ${sum}`,
      '',
      'payme',
      `  payment  ${paymeAppId}  ${paymeOrder.number}  ${sum}  2026-03-11T09:20:00+05:00`,
      `  total: payments ${sum}, refunds 0.00, net ${sum}`,
      '',
      'telegram',
      `  payment  ${telegramId}  ${telegramOrder.number}  ${sum}  2026-03-11T09:30:00+05:00`,
      `  total: payments ${sum}, refunds 0.00, net ${sum}`,
      '',
      'All providers',
      `  total: payments ${formatSum(4 * amount)}, refunds ${sum}, net ${formatSum(3 * amount)}`,
      '',
      'Refunds due (staff must give these back)',
      `  telegram  ${telegramId}  ${telegramOrder.number}  ${sum}  since 2026-03-11T09:50:00+05:00`,
    ]);

    // A window of times: only the Click and Payme app payments lie in 09:05–09:25.
    const narrow = await report(['--from', '2026-03-11T09:05', '--to=2026-03-11T04:25:00Z']);
    expect(narrow.code).toBe(0);
    const listed = narrow.out.filter(
      (line) => line.startsWith('  payment') || line.startsWith('  refund'),
    );
    expect(listed).toEqual([
      `  payment  ${clickId}  ${clickOrder.number}  ${sum}  2026-03-11T09:10:00+05:00`,
      `  payment  ${paymeAppId}  ${paymeOrder.number}  ${sum}  2026-03-11T09:20:00+05:00`,
    ]);
    expect(narrow.out).toContain(
      `  total: payments ${formatSum(2 * amount)}, refunds 0.00, net ${formatSum(2 * amount)}`,
    );

    // By default, the current Tashkent month so far: 1 April 2026 sees none of March.
    const april: string[] = [];
    const aprilCode = await runPaymentsReportCommand([], {
      env,
      now: () => new Date(Date.UTC(2026, 3, 1, 3, 0)),
      out: (line) => april.push(line),
      err: (line) => april.push(line),
    });
    expect(aprilCode).toBe(0);
    expect(april[0]).toBe(
      'Payments from 2026-04-01T00:00:00+05:00 to 2026-04-01T08:00:00+05:00 (Tashkent time, amounts in sum)',
    );
    expect(april).toContain('  total: payments 0.00, refunds 0.00, net 0.00');
    expect(april.filter((line) => line.startsWith('  payment'))).toEqual([]);
  });

  it('reports a Payme app payment Payme gave back as the payment and its refund', async () => {
    const order = await placedAt(new Date(Date.UTC(2026, 2, 12, 5, 0)));
    const id = await payWithPaymeApp(t, order);
    t.clock.set(new Date(Date.UTC(2026, 2, 12, 5, 5)));
    const cancelled = await merchantCall(t, 'CancelTransaction', { id, reason: 5 });
    expect(cancelled.result?.state).toBe(-2);
    const sum = formatSum(toTiyin(order.total));
    const run = await report(['--from', '2026-03-12', '--to', '2026-03-12']);
    expect(run.code).toBe(0);
    const payme = run.out.indexOf('payme');
    expect(run.out.slice(payme, payme + 4)).toEqual([
      'payme',
      `  payment  ${id}  ${order.number}  ${sum}  2026-03-12T10:00:00+05:00`,
      `  refund   ${id}  ${order.number}  ${sum}  2026-03-12T10:05:00+05:00`,
      `  total: payments ${sum}, refunds ${sum}, net 0.00`,
    ]);
  });

  it('refuses bad arguments with its usage and exit code 2, asking nothing', async () => {
    for (const args of [
      ['--from'],
      ['--from', '2026-02-30'],
      ['--to', 'yesterday'],
      ['--since', '2026-03-01'],
      ['--from', '2026-03-01', '--from', '2026-03-02'],
      ['--from', '2026-03-12', '--to', '2026-03-11'],
      ['--from', '2026-03-11T25:00'],
    ]) {
      const run = await report(args, { BACKEND_URL: 'http://127.0.0.1:9', OPERATOR_SECRET: 'x' });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.out).toEqual([]);
      expect(run.err.join('\n')).toContain(
        'Usage: pnpm payments:report [--from <date>] [--to <date>]',
      );
    }
  });

  it('says the secret was refused, exit code 1', async () => {
    const run = await report(['--from', '2026-03-11'], {
      ...env,
      OPERATOR_SECRET: 'wrong-'.repeat(4),
    });
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(run.err).toEqual([
      `The shop at ${env.BACKEND_URL} refused the operator secret. Check OPERATOR_SECRET or DATA_DIR.`,
    ]);
  });

  it('answers a bad window with 400 and a missing secret with 401', async () => {
    const headers = { [OPERATOR_SECRET_HEADER]: t.operatorSecret };
    for (const query of [
      '',
      '?from=2026-03-11T00:00:00Z',
      '?from=yesterday&to=2026-03-11T00:00:00Z',
      '?from=2026-03-12T00:00:00Z&to=2026-03-11T00:00:00Z',
    ]) {
      const answer = await call(t, 'GET', `${OPERATOR_PATHS.paymentsReport}${query}`, { headers });
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ code: 'validation_error' });
    }
    const window = '?from=2026-03-11T00:00:00Z&to=2026-03-12T00:00:00Z';
    expect((await call(t, 'GET', `${OPERATOR_PATHS.paymentsReport}${window}`)).status).toBe(401);
  });
});

describe.each(PROTOCOL_DATABASE_KINDS)('pnpm payments:report with Click cards on %s', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await createTestBackend({ kind, cardProcessor: 'click', orderLimits: MANY_ORDERS });
  });
  afterAll(async () => {
    await t.close();
  });

  it("names a Click card payment by Click's payment_id, as the order does", async () => {
    const env = await listenForCommands(t);
    const { token } = await signIn(t);
    const card = await addClickCard(t, token);
    t.clock.set(march11(0));
    const order = await placeCardOrder(t, token);
    const paid = await payOrder(t, token, order.number, card.id);
    const id = (paid.body as { data: Order }).data.paid_with?.transaction_id;
    expect(paid.status, paid.text).toBe(200);
    expect((await orderRow(t, order.number)).paidTransactionId).toBe(id);
    const sum = formatSum(toTiyin(order.total));
    const run = await runCommand(runPaymentsReportCommand, ['--from', '2026-03-11'], env);
    expect(run.code).toBe(0);
    const section = run.out.indexOf('click_card');
    expect(run.out.slice(section, section + 3)).toEqual([
      'click_card',
      `  payment  ${String(id)}  ${order.number}  ${sum}  2026-03-11T09:00:00+05:00`,
      `  total: payments ${sum}, refunds 0.00, net ${sum}`,
    ]);
  });
});

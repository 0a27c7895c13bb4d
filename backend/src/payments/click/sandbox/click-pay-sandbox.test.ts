// The Click pay stand-in end to end over HTTP: the shop's link opens its page, Pay makes it call
// the shop's real Prepare and Complete URLs as Click does, the order is paid and the shopper is
// sent back; Cancel and refusals change nothing, and its payments outlive a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clickPayLink, toTiyin, type Order } from '@shop/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variants } from '../../../db/schema';
import { FIXTURES } from '../../../seed/fixtures';
import { CLICK_TEST_SERVICE, formOfPage, orderFootprint } from '../../../testing/click';
import { call, signIn } from '../../../testing/http-client';
import { placeCardOrder } from '../../../testing/payments';
import {
  createTestBackend,
  PROTOCOL_DATABASE_KINDS,
  MANY_ORDERS,
  type TestBackend,
} from '../../../testing/test-backend';
import { CLICK_SHOP_PATHS } from '../shop-api/click-shop-routes';
import { startClickPaySandbox, type ClickPaySandbox } from './click-pay-sandbox';

const MERCHANT_ID = '20510';

describe.each(PROTOCOL_DATABASE_KINDS)('the Click pay stand-in on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  let shopUrl: string;
  let sandbox: ClickPaySandbox;
  let stateDir: string;

  beforeAll(async () => {
    t = await createTestBackend({ kind, orderLimits: MANY_ORDERS, clickShop: CLICK_TEST_SERVICE });
    ({ token } = await signIn(t));
    const mug = FIXTURES.colourVariantProduct.variants[0];
    if (!mug) throw new Error('fixture missing');
    await t.db.update(variants).set({ quantity: 1000 }).where(eq(variants.id, mug.id));
    shopUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    stateDir = await mkdtemp(join(tmpdir(), 'click-pay-'));
    sandbox = await startClickPaySandbox({
      ...CLICK_TEST_SERVICE,
      merchantId: MERCHANT_ID,
      prepareUrl: `${shopUrl}${CLICK_SHOP_PATHS.prepare}`,
      completeUrl: () => `${shopUrl}${CLICK_SHOP_PATHS.complete}`,
      stateFile: join(stateDir, 'state.json'),
      now: t.clock.now,
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await t.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  const linkTo = (
    order: Pick<Order, 'number' | 'total'>,
    returnUrl = `https://shop.example/orders/${order.number}?via=click&x=1`,
  ) =>
    clickPayLink({
      payUrl: sandbox.url,
      serviceId: sandbox.serviceId,
      merchantId: sandbox.merchantId,
      amount: order.total,
      orderNumber: order.number,
      returnUrl,
    });

  async function openPage(link: string): Promise<{ status: number; html: string }> {
    const response = await fetch(link);
    return { status: response.status, html: await response.text() };
  }

  function press(html: string, choice: 'pay' | 'cancel') {
    return fetch(`${sandbox.url}/services/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formOfPage(html, choice).toString(),
      redirect: 'manual',
    });
  }

  it('pays an order: page, Pay, Prepare and Complete at the shop, back to the order', async () => {
    const order = await placeCardOrder(t, token);
    const page = await openPage(linkTo(order));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Click (test)');
    expect(page.html).toContain(`<strong id="order">${order.number}</strong>`);
    expect(page.html).toContain(`${order.total.toFixed(2)} so&#39;m`);

    const paid = await press(page.html, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `https://shop.example/orders/${order.number}?via=click&x=1`,
    );

    const [payment] = sandbox.payments().filter((p) => p.orderNumber === order.number);
    expect(payment).toMatchObject({ state: 'paid', amount: toTiyin(order.total), shopError: 0 });
    const after = await orderFootprint(t, order.number);
    expect(after).toMatchObject({
      paymentStatus: 'paid',
      paidProvider: 'click',
      paidTransactionId: payment?.paydocId,
    });
    expect(after.payments).toMatchObject([
      { providerId: payment?.clickTransId, providerRef: payment?.paydocId, state: 'performed' },
    ]);
    const seen = await call(t, 'GET', `/api/orders/${order.number}`, { token });
    expect(seen.body).toMatchObject({ data: { payment_status: 'paid' } });
  });

  it('goes back on Cancel and pays nothing', async () => {
    const order = await placeCardOrder(t, token);
    const before = await orderFootprint(t, order.number);
    const page = await openPage(linkTo(order));
    const cancelled = await press(page.html, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toContain(order.number);
    expect(await orderFootprint(t, order.number)).toEqual(before);
    expect(sandbox.payments().filter((p) => p.orderNumber === order.number)).toEqual([]);
  });

  it("shows the shop's refusal of Prepare and takes nothing", async () => {
    const order = await placeCardOrder(t, token);
    const before = await orderFootprint(t, order.number);
    // A link for another amount than the order's: the shop answers −2.
    const page = await openPage(linkTo({ number: order.number, total: order.total + 1 }));
    const refused = await press(page.html, 'pay');
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toContain('Payment failed');
    expect(html).toContain('error -2 (Incorrect parameter amount)');
    expect(await orderFootprint(t, order.number)).toEqual(before);
    expect(sandbox.payments().filter((p) => p.orderNumber === order.number)).toEqual([]);
  });

  it('plays a payment cancelled in the app: the order stays payable, then a new one pays it', async () => {
    const order = await placeCardOrder(t, token);
    const outcome = await sandbox.cancelInApp({
      orderNumber: order.number,
      amount: order.total.toFixed(2),
    });
    expect(outcome).toMatchObject({
      ok: false,
      step: 'complete',
      payment: { state: 'cancelled', shopError: -9 },
    });
    const after = await orderFootprint(t, order.number);
    expect(after).toMatchObject({ paymentStatus: 'unpaid', status: 'new' });
    expect(after.payments).toMatchObject([{ state: 'cancelled' }]);

    const paid = await press((await openPage(linkTo(order))).html, 'pay');
    expect(paid.status).toBe(303);
    expect((await orderFootprint(t, order.number)).paymentStatus).toBe('paid');
  });

  it('escapes what the link carries and refuses ill-formed links with a 400 page', async () => {
    const order = await placeCardOrder(t, token);
    const hostile = await openPage(
      clickPayLink({
        payUrl: sandbox.url,
        serviceId: sandbox.serviceId,
        merchantId: sandbox.merchantId,
        amount: 1000,
        orderNumber: '<script>alert(1)</script>',
        returnUrl: 'https://shop.example/"><script>x()</script>',
      }),
    );
    expect(hostile.status).toBe(200);
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const good = new URL(linkTo(order));
    const broken: [string, string | null][] = [
      ['service_id', '1'],
      ['merchant_id', '1'],
      ['amount', 'abc'],
      ['amount', '0.00'],
      ['amount', null],
      ['transaction_param', ''],
      ['return_url', 'javascript:alert(1)'],
    ];
    for (const [name, value] of broken) {
      const link = new URL(good);
      if (value === null) link.searchParams.delete(name);
      else link.searchParams.set(name, value);
      const page = await openPage(link.toString());
      expect(page.status, `${name}=${String(value)}`).toBe(400);
      expect(page.html).toContain('Bad request');
    }
    const repeated = new URL(good);
    repeated.searchParams.append('amount', '1.00');
    expect((await openPage(repeated.toString())).status).toBe(400);
    const noChoice = formOfPage((await openPage(good.toString())).html, 'pay');
    noChoice.set('choice', 'steal');
    const posted = await fetch(`${sandbox.url}/services/pay`, { method: 'POST', body: noChoice });
    expect(posted.status).toBe(400);
    expect((await orderFootprint(t, order.number)).payments).toEqual([]);
  });

  it('keeps its payments in its file, to be found and reversed once after a restart', async () => {
    const order = await placeCardOrder(t, token);
    await press((await openPage(linkTo(order))).html, 'pay');
    const [payment] = sandbox.payments().filter((p) => p.orderNumber === order.number);
    if (!payment) throw new Error('no payment');
    await sandbox.close();
    sandbox = await startClickPaySandbox({
      ...CLICK_TEST_SERVICE,
      merchantId: MERCHANT_ID,
      prepareUrl: `${shopUrl}${CLICK_SHOP_PATHS.prepare}`,
      completeUrl: `${shopUrl}${CLICK_SHOP_PATHS.complete}`,
      stateFile: join(stateDir, 'state.json'),
      now: t.clock.now,
    });
    expect(sandbox.findPayment(payment.paydocId)).toEqual(payment);
    expect(await sandbox.markReversed(payment.paydocId)).toMatchObject({
      ok: true,
      payment: { reversedAt: t.clock.now().toISOString() },
    });
    expect(await sandbox.markReversed(payment.paydocId)).toEqual({
      ok: false,
      reason: 'already_reversed',
    });
    expect(await sandbox.markReversed('1')).toEqual({ ok: false, reason: 'unknown' });
    // New ids never repeat the ones the shop has seen.
    const next = await placeCardOrder(t, token);
    expect((await press((await openPage(linkTo(next))).html, 'pay')).status).toBe(303);
    const ids = sandbox.payments().map((p) => p.clickTransId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

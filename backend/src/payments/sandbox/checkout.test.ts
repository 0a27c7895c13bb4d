// The local Payme checkout end to end over HTTP: the shop's link opens the sandbox's page, Pay
// makes the sandbox call the shop's Merchant API as Payme does, and the shopper lands back on the
// return URL with the order paid; Payme's office can refund it afterwards.
import { paymeCheckoutLink, type Language, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/http-client';
import { placeCardOrder } from '../../testing/payments';
import { orderRow, refundsOf, tiyinOf } from '../../testing/payme-merchant';
import { createTestBackend, MANY_ORDERS, type TestBackend } from '../../testing/test-backend';

const RETURN_URL = 'https://shop.example/orders/back?from=payme&lang=ru';

describe('the Payme checkout stand-in', () => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    t = await createTestBackend({ kind: 'pglite', orderLimits: MANY_ORDERS });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    ({ token } = await signIn(t));
  });
  afterAll(async () => {
    await t.close();
  });

  function linkFor(
    order: Pick<Order, 'number'>,
    amountTiyin: number,
    lang: Language = 'en',
  ): string {
    return paymeCheckoutLink({
      checkoutUrl: t.sandbox.checkoutUrl,
      merchantId: t.sandbox.merchantId,
      orderNumber: order.number,
      amountTiyin,
      lang,
      returnUrl: RETURN_URL,
    });
  }

  const press = (link: string, action: string) =>
    fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action }).toString(),
      redirect: 'manual',
    });

  it('shows the order and its amount, and pays it through the Merchant API', async () => {
    const order = await placeCardOrder(t, token);
    const link = linkFor(order, tiyinOf(order));
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Payme (test checkout)');
    expect(html).toContain(order.number);
    expect(html).toContain(`${String(order.total).replace(/\B(?=(\d{3})+$)/g, ' ')} sum`);
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*value="cancel"[^>]*>Cancel<\/button>/);

    const paid = await press(link, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(RETURN_URL);
    const row = await orderRow(t, order.number);
    expect(row).toMatchObject({ paymentStatus: 'paid', paidProvider: 'payme' });
    const made = t.sandbox.merchantTransactions().filter((tx) => tx.orderNumber === order.number);
    expect(made).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        time: t.clock.now().getTime(),
        amount: tiyinOf(order),
        orderNumber: order.number,
        transaction: expect.stringMatching(/^\d+$/),
        state: 2,
      },
    ]);
    expect(row.paidTransactionId).toBe(made[0]?.id);

    const refund = await t.sandbox.refundMerchantTransaction(made[0]?.id ?? '');
    expect(refund).toMatchObject({ ok: true, result: { state: -2 } });
    expect((await orderRow(t, order.number)).status).toBe('cancelled');
    expect((await refundsOf(t, order.number)).map((r) => r.state)).toEqual(['made']);
    expect(t.sandbox.merchantTransactions().find((tx) => tx.id === made[0]?.id)?.state).toBe(-2);
  });

  it('goes back without paying on Cancel', async () => {
    const order = await placeCardOrder(t, token);
    const before = t.sandbox.merchantTransactions().length;
    const back = await press(linkFor(order, tiyinOf(order)), 'cancel');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(RETURN_URL);
    expect(t.sandbox.merchantTransactions()).toHaveLength(before);
    expect((await orderRow(t, order.number)).paymentStatus).toBe('unpaid');
  });

  it("shows the shop's refusal in the link's language, with a way back", async () => {
    const order = await placeCardOrder(t, token);
    const refused = await press(linkFor(order, tiyinOf(order) + 100, 'ru'), 'pay');
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toContain('Неверная сумма');
    expect(html).toContain(`<a href="${RETURN_URL.replace('&', '&amp;')}">`);
    expect((await orderRow(t, order.number)).paymentStatus).toBe('unpaid');

    const unknown = await press(linkFor({ number: 'UY-999999' }, 100, 'uz'), 'pay');
    expect(await unknown.text()).toContain('Buyurtma topilmadi');
  });

  it('escapes what the link carries', async () => {
    const link = linkFor({ number: `<script>alert("x" & 'y')</script>` }, 100);
    const html = await (await fetch(link)).text();
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;');
    expect(html).not.toContain('<script');
  });

  it('refuses malformed links and other merchants with a 400 page', async () => {
    const root = t.sandbox.checkoutUrl;
    const encode = (text: string) => `${root}${Buffer.from(text).toString('base64')}`;
    const bad = [
      `${root}not*base64`,
      `${root}%E0%A4%A`,
      encode('m=x;a=100'),
      encode(`m=${t.sandbox.merchantId};ac.order_id=UY-1;a=-5;c=https://a.uz`),
      encode(`m=${t.sandbox.merchantId};ac.order_id=UY-1;a=100;l=de;c=https://a.uz`),
      encode(`m=${t.sandbox.merchantId};ac.order_id=UY-1;a=100;c=javascript:alert(1)`),
      encode('m=someone-else;ac.order_id=UY-1;a=100;c=https://a.uz'),
    ];
    for (const link of bad) {
      const answer = await fetch(link);
      expect(answer.status, link).toBe(400);
      expect(await answer.text()).toContain('Payme (test checkout)');
    }
    const odd = await press(linkFor({ number: 'UY-1' }, 100), 'refund');
    expect(odd.status).toBe(400);
  });

  it('keeps its JSON-RPC endpoint at /api', async () => {
    const answer = await fetch(t.sandbox.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth': t.sandbox.merchantId },
      body: JSON.stringify({ id: 1, method: 'cards.check', params: { token: 'x' } }),
    });
    expect(((await answer.json()) as { error?: { code: number } }).error?.code).toBe(-32504);
  });
});

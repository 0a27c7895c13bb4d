// POST /tg/payments/invoice against the real backend (embedded) and the Bot API stand-in, and the
// invoice an order makes.
import { SHOP_NAME, toTiyin } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleOrder, waitFor } from '../testing/order-events';
import {
  startPaymentStand,
  TEST_PROVIDER_TOKEN,
  type PaymentStand,
} from '../testing/payment-stand';
import { TEST_PUBLIC_URL } from '../testing/fake-bot-api';
import { invoiceOf, InvoiceSumError } from './invoice';

let p: PaymentStand;

beforeAll(async () => {
  p = await startPaymentStand();
}, 60_000);

afterAll(async () => {
  await p.close();
});

const invoiceCalls = () => p.api.callsOf('createInvoiceLink');

describe('POST /tg/payments/invoice', () => {
  it('makes an invoice link whose prices add up to the order, the provider token on it', async () => {
    const order = await p.placePrepaidOrder();
    const answer = await p.invoice(order.number);
    expect(answer.statusCode).toBe(200);
    const { url } = answer.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/t\.me\/\$/);
    const call = invoiceCalls().at(-1);
    expect(call?.result).toBe(url);
    expect(call?.payload).toMatchObject({
      title: `${SHOP_NAME} №${order.number}`,
      payload: order.number,
      provider_token: TEST_PROVIDER_TOKEN,
      currency: 'UZS',
    });
    const prices = call?.payload.prices as { label: string; amount: number }[];
    expect(prices.reduce((sum, price) => sum + price.amount, 0)).toBe(toTiyin(order.total));
    expect(prices[0]?.label).toContain(`× ${order.items[0]?.quantity}`);
  });

  it('answers 404 for someone else’s order, and asks Telegram nothing', async () => {
    const order = await p.placePrepaidOrder();
    const stranger = await p.stand.stand.signIn('+998901119900');
    const before = invoiceCalls().length;
    const answer = await p.invoice(order.number, stranger.token);
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ code: string }>().code).toBe('not_found');
    expect(invoiceCalls().length).toBe(before);
  });

  it('refuses a paid order', async () => {
    const order = await p.placePrepaidOrder();
    await p.paid(770_100, {
      payload: order.number,
      totalAmount: toTiyin(order.total),
      chargeId: `invoice-test-${Date.now()}`,
    });
    await waitFor(
      'the order paid',
      async () => (await p.order(order.number)).payment_status === 'paid',
    );
    const before = invoiceCalls().length;
    const answer = await p.invoice(order.number);
    expect(answer.statusCode).toBe(409);
    expect(answer.json<{ code: string }>().code).toBe('order_not_payable');
    expect(invoiceCalls().length).toBe(before);
  });

  it('refuses an order paid on receipt, a missing token and a malformed number', async () => {
    const onReceipt = await p.stand.stand.placePickupOrder(p.shopper, {
      slug: 'granite-frying-pan',
    });
    const number = onReceipt.json<{ data: { number: string } }>().data.number;
    expect((await p.invoice(number)).statusCode).toBe(409);
    const anonymous = await p.stand.stand.app.inject({
      method: 'POST',
      url: '/tg/payments/invoice',
      payload: { number },
    });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await p.invoice('../orders');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ code: string }>().code).toBe('validation_error');
  });

  it('tells the webapp to offer Telegram payments', async () => {
    const page = await p.stand.stand.app.inject({ url: '/uz' });
    expect(page.body).toContain('"telegramPayments":true');
  });
});

describe('invoiceOf', () => {
  it('adds the delivery as its own price and keeps the texts within Telegram’s limits', () => {
    const [line] = sampleOrder('UY-1').items;
    if (!line) throw new Error('the sample order has a line');
    const order = sampleOrder('UY-000042', {
      items: Array.from({ length: 12 }, (_, index) => ({
        ...line,
        product_id: index + 1,
        name: `A long product name number ${index + 1} with many words in it`,
      })),
      subtotal: 12 * 90_000,
      total: 12 * 90_000 + 25_000,
    });
    const invoice = invoiceOf(order, 'ru', TEST_PUBLIC_URL);
    expect(invoice.prices.at(-1)).toEqual({ label: 'Доставка', amount: 2_500_000 });
    expect(invoice.prices.reduce((sum, price) => sum + price.amount, 0)).toBe(toTiyin(order.total));
    expect(invoice.title.length).toBeLessThanOrEqual(32);
    expect(invoice.description.length).toBeLessThanOrEqual(255);
    expect(invoice.description.endsWith('…')).toBe(true);
  });

  it('will not ask for another sum than the order’s total', () => {
    const order = sampleOrder('UY-000043', { total: 999_999 });
    expect(() => invoiceOf(order, 'en', TEST_PUBLIC_URL)).toThrow(InvoiceSumError);
  });
});

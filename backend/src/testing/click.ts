// Test support for Click: playing Click against the shop's Prepare and Complete URLs through the
// real routes (signed forms, as Click posts them), and reading what a payment left behind.
import { clickPayLink, toTiyin, type Order } from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import { orderEvents, orders, providerPayments, refunds } from '../db/schema';
import { FIXTURES } from '../seed/fixtures';
import { clickCallAmount, clickSignTime, type ClickStep } from '../payments/click/click-protocol';
import { CLICK_SHOP_PATHS } from '../payments/click/shop-api/click-shop-routes';
import { clickForm, type ClickCallFields } from '../payments/click/sandbox/click-calls';
import type { ClickPaySandbox } from '../payments/click/sandbox/click-pay-sandbox';
import { stockOf, type TestBackend } from './test-backend';

export const CLICK_TEST_SERVICE = {
  serviceId: '41237',
  secretKey: 'sK4eT8yNw2QpLm7Z',
} as const;

export interface ClickJsonAnswer {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
}

let transCounter = 0;

/** A Click transaction of its own (fresh click_trans_id and click_paydoc_id) paying `order`. */
export function clickTransaction(t: TestBackend, order: Pick<Order, 'number' | 'total'>) {
  transCounter += 1;
  return {
    clickTransId: String(2_100_000_000 + process.pid * 1000 + transCounter),
    serviceId: CLICK_TEST_SERVICE.serviceId,
    clickPaydocId: String(3_900_000_000 + process.pid * 1000 + transCounter),
    merchantTransId: order.number,
    amount: clickCallAmount(toTiyin(order.total)),
    error: 0,
    errorNote: 'Success',
    signTime: clickSignTime(t.clock.now()),
  } satisfies ClickCallFields;
}

export interface RawClickCall {
  /** The form as posted; a test may change it after signing. */
  form: URLSearchParams;
  contentType?: string;
}

export async function postClick(
  t: TestBackend,
  step: ClickStep,
  call: RawClickCall,
): Promise<{ status: number; body: ClickJsonAnswer }> {
  const response = await t.app.inject({
    method: 'POST',
    url: CLICK_SHOP_PATHS[step],
    headers: { 'content-type': call.contentType ?? 'application/x-www-form-urlencoded' },
    payload: call.form.toString(),
  });
  return { status: response.statusCode, body: response.json<ClickJsonAnswer>() };
}

/** Posts `fields` to the shop as Click would for `step`, signed with our key (or `secretKey`). */
export function click(
  t: TestBackend,
  step: ClickStep,
  fields: ClickCallFields,
  options: { secretKey?: string; action?: string } = {},
): Promise<{ status: number; body: ClickJsonAnswer }> {
  const secretKey = options.secretKey ?? CLICK_TEST_SERVICE.secretKey;
  return postClick(t, step, { form: clickForm(step, fields, secretKey, options.action) });
}

/** Prepare, then Complete with Click's outcome `error`: answers both. */
export async function payWithClick(
  t: TestBackend,
  fields: ClickCallFields,
  completeError = 0,
): Promise<{ prepared: ClickJsonAnswer; completed: ClickJsonAnswer }> {
  const prepared = (await click(t, 'prepare', fields)).body;
  const completed = (
    await click(t, 'complete', {
      ...fields,
      merchantPrepareId: String(prepared.merchant_prepare_id),
      error: completeError,
    })
  ).body;
  return { prepared, completed };
}

/** What a Click call may change of an order, to show a refused call changed none of it. */
export async function orderFootprint(t: TestBackend, number: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.number, number));
  if (!order) throw new Error(`no order ${number}`);
  const payments = await t.db
    .select()
    .from(providerPayments)
    .where(eq(providerPayments.orderId, order.id))
    .orderBy(asc(providerPayments.id));
  const events = await t.db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.seq));
  const owed = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
  const mug = FIXTURES.colourVariantProduct.variants[0];
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    payUntil: order.payUntil?.toISOString() ?? null,
    paidProvider: order.paidProvider,
    paidTransactionId: order.paidTransactionId,
    payments,
    events: events.map((event) => event.id),
    refunds: owed,
    /** The item every test order here holds (placeCardOrder's mug). */
    mugStock: mug ? await stockOf(t.db, mug.id) : null,
  };
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The fields a browser would post from the pay page's form: its hidden inputs and the button's. */
export function formOfPage(html: string, choice: 'pay' | 'cancel'): URLSearchParams {
  const form = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    const unescape = (text: string) =>
      text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);
    form.append(unescape(match[1] ?? ''), unescape(match[2] ?? ''));
  }
  form.append('choice', choice);
  return form;
}

/**
 * Pays `order` as a shopper does on Click's pay page: opens the shop's link, presses Pay (the
 * page calls the shop's Prepare and Complete); answers the page's payment.
 */
export async function payOnClickPage(
  payPage: ClickPaySandbox,
  order: Pick<Order, 'number' | 'total'>,
) {
  const link = clickPayLink({
    payUrl: payPage.url,
    serviceId: payPage.serviceId,
    merchantId: payPage.merchantId,
    amount: order.total,
    orderNumber: order.number,
    returnUrl: `https://shop.example/orders/${order.number}`,
  });
  const page = await fetch(link);
  if (page.status !== 200) throw new Error(`the pay page answered ${page.status}`);
  const paid = await fetch(`${payPage.url}/services/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formOfPage(await page.text(), 'pay').toString(),
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`Pay answered ${paid.status}: ${await paid.text()}`);
  const payment = payPage
    .payments()
    .find((p) => p.orderNumber === order.number && p.state === 'paid');
  if (!payment) throw new Error(`the pay page made no payment for ${order.number}`);
  return payment;
}

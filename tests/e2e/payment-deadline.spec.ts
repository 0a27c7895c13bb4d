import { expect, test, type Page } from '@playwright/test';
import { CALLS, type Order } from '@shop/shared';
import { bearer, lineOf, signInFresh } from '../support/checkout';

// A card order's deadline is one moment: the payment page and the order page both tell it in the
// shop's time zone (Tashkent) and in the same form, whatever zone the phone is set to.

const main = (page: Page) => page.getByRole('main');

/** '27 November 2026, 06:05': the moment in Tashkent, worked out apart from the app's code. */
function tashkentDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Tashkent',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

test.describe('a card order waiting for payment, seen from another time zone', () => {
  // A phone set to New York: the deadline is still told in the shop's time, Tashkent.
  test.use({ timezoneId: 'America/New_York' });

  test('the payment page and the order page give the same deadline, in Tashkent time (en)', async ({
    page,
    request,
  }) => {
    await signInFresh(page, 'en', '/en/account');
    const mug = await lineOf(request, 'porcelain-mug', 'en');
    const answer = await request.post(CALLS.createOrder.path, {
      headers: { ...(await bearer(page)), 'x-lang': 'en' },
      data: {
        items: [{ product_id: mug.product_id, quantity: 1 }],
        name: 'Aziz',
        surname: 'Karimov',
        phone: '+998901234567',
        delivery_type: 'pickup',
        store_id: 1,
        payment_type: 'card',
      },
    });
    expect(answer.status()).toBe(201);
    const order = ((await answer.json()) as { data: Order }).data;
    expect(order.pay_until).not.toBeNull();
    const deadline = `Pay by ${tashkentDateTime(order.pay_until ?? '')}`;

    await page.goto(`/en/checkout/payment?order=${order.number}`);
    await expect(main(page).getByText(`Order ${order.number}`)).toBeVisible();
    await expect(main(page).getByText(deadline)).toBeVisible();

    await page.goto(`/en/account/orders/${order.number}`);
    await expect(main(page).getByText(deadline)).toBeVisible();
  });
});

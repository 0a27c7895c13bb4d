// Offline, an order page tells the shopper what it needs instead of a skeleton that never ends:
// "No connection" with Retry for an order it has not read, the order itself when it has.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { CALLS, type CartItem, type Order } from '@shop/shared';
import { bearer, lineOf, signInFresh } from '../support/checkout';
import { openInTelegram } from '../support/telegram';

const main = (page: Page) => page.getByRole('main');
const orderLink = (page: Page, number: string) =>
  main(page).getByRole('link', { name: new RegExp(`Order ${number}`) });
const orderHeading = (page: Page, number: string) =>
  main(page).getByRole('heading', { name: `Order ${number}` });

/** The steps of the order's status history, once it is read. */
const statusSteps = (page: Page) =>
  main(page).getByRole('region', { name: 'Order status' }).getByRole('listitem');

/** With E2E_SCREENSHOTS=1, pictures of the pages to look at (CI does not need them). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** A pickup order paid on receipt, placed through the API for the page's shopper. */
async function placeByApi(request: APIRequestContext, page: Page, line: CartItem) {
  const answer = await request.post(CALLS.createOrder.path, {
    headers: { ...(await bearer(page)), 'x-lang': 'en' },
    data: {
      items: [{ product_id: line.product_id, quantity: line.quantity }],
      name: 'Aziz',
      surname: 'Karimov',
      phone: '+998901234567',
      delivery_type: 'pickup',
      store_id: 1,
      payment_type: 'on_receipt',
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: Order }).data;
}

test.use({ viewport: { width: 360, height: 780 } });

test('offline, an order not read yet says "No connection" with Retry; one read before still shows (en)', async ({
  page,
  context,
  request,
}, testInfo) => {
  await signInFresh(page, 'en', '/en/account/orders');
  const mug = await lineOf(request, 'porcelain-mug', 'en');
  const seen = await placeByApi(request, page, mug);
  const unseen = await placeByApi(request, page, mug);

  // Online: the list, and one order opened (its page's code and its answer are now at hand).
  await page.goto('/en/account/orders');
  await orderLink(page, seen.number).click();
  await expect(orderHeading(page, seen.number)).toBeVisible();
  await expect(statusSteps(page).first()).toBeVisible();
  await page.goBack();
  await expect(orderLink(page, unseen.number)).toBeVisible();

  await context.setOffline(true);
  await orderLink(page, unseen.number).click();
  await expect(page).toHaveURL(new RegExp(`/en/account/orders/${unseen.number}$`));
  // Within the time a shopper waits, not behind a skeleton that never ends.
  await expect(main(page).getByRole('alert')).toContainText('No connection', { timeout: 5000 });
  const retry = main(page).getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 780 });
    await screenshot(page, testInfo, `offline-order-${width}-light`);
  }
  await page.setViewportSize({ width: 360, height: 780 });

  // The order read before shows as it was, its status history too.
  await page.goBack();
  await orderLink(page, seen.number).click();
  await expect(orderHeading(page, seen.number)).toBeVisible();
  await expect(statusSteps(page).first()).toBeVisible();
  await expect(main(page).getByRole('alert')).toHaveCount(0);

  // Retry while still offline says so again; back online the order comes by itself.
  await page.goBack();
  await orderLink(page, unseen.number).click();
  await retry.click();
  await expect(main(page).getByRole('alert')).toContainText('No connection', { timeout: 5000 });
  await expect(retry).toBeEnabled();
  await context.setOffline(false);
  await expect(orderHeading(page, unseen.number)).toBeVisible();

  // Inside Telegram, dark: the same message.
  const telegram = await context.newPage();
  await openInTelegram(telegram, '/en/account/orders', { colorScheme: 'dark' });
  await orderLink(telegram, seen.number).click();
  await expect(orderHeading(telegram, seen.number)).toBeVisible();
  await expect(statusSteps(telegram).first()).toBeVisible();
  await telegram.goBack();
  await expect(orderLink(telegram, unseen.number)).toBeVisible();
  await context.setOffline(true);
  await orderLink(telegram, unseen.number).click();
  await expect(main(telegram).getByRole('alert')).toContainText('No connection', {
    timeout: 5000,
  });
  for (const width of [320, 360]) {
    await telegram.setViewportSize({ width, height: 780 });
    await screenshot(telegram, testInfo, `offline-order-${width}-telegram-dark`);
  }
  await context.setOffline(false);
});

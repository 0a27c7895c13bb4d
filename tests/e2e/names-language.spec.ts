// Names in the shopper's language wherever they are read: a cart line added in Uzbek is named in
// Russian once the shopper switches (the cart and the checkout), and an order placed in English
// is named in Uzbek on its /uz page. Expected names come from the catalogue's own answers.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { CALLS, type Attribute, type Order } from '@shop/shared';
import { cartLineOf, seedCart } from '../support/cart-lines';
import { bearer, lineOf, signInFresh } from '../support/checkout';
import { apiProduct } from '../support/shop-api';
import { openInTelegram } from '../support/telegram';

const main = (page: Page) => page.getByRole('main');
const labels = (attributes: readonly Attribute[]) =>
  attributes.map((a) => `${a.name}: ${a.value}`).join(', ');

/** With E2E_SCREENSHOTS=1, pictures of the pages at 360 px to look at (CI does not need them). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

test.use({ viewport: { width: 360, height: 780 } });

test('oven mitts added on /uz are named in Russian after switching, in the cart and at checkout', async ({
  page,
  request,
}, testInfo) => {
  const uz = await apiProduct(request, 'oven-mitts', 'uz');
  const ru = await apiProduct(request, 'oven-mitts', 'ru');
  const variantUz = uz.variants[0];
  const variantRu = ru.variants.find((v) => v.product_id === variantUz?.product_id);
  if (!variantUz || !variantRu) throw new Error('oven-mitts has no variant');

  await page.goto('/uz/products/oven-mitts');
  for (const attribute of variantUz.attributes) {
    await page.getByRole('radio', { name: attribute.value, exact: true }).check();
  }
  await main(page).getByRole('button', { name: 'Savatga qoʻshish' }).click();
  await page.goto('/uz/cart');
  await expect(main(page).getByRole('link', { name: uz.name, exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Til' }).click();
  await page.getByRole('menuitemradio', { name: 'Русский' }).click();
  await expect(page).toHaveURL(/\/ru\/cart$/);
  const line = main(page).getByRole('listitem').filter({ hasText: ru.name });
  await expect(line.getByRole('link', { name: ru.name, exact: true })).toBeVisible();
  await expect(line).toContainText(labels(variantRu.attributes));
  await expect(main(page)).not.toContainText(uz.name);
  await expect(main(page)).not.toContainText(labels(variantUz.attributes));
  // What is kept is the line as it was added; only what is shown follows the language.
  await screenshot(page, testInfo, 'cart-uz-line-in-ru-light');

  await signInFresh(page, 'ru', '/ru/checkout');
  const items = main(page).getByRole('region', { name: 'Ваш заказ' });
  await expect(items).toContainText(ru.name);
  await expect(items).toContainText(variantRu.attributes.map((a) => a.value).join(', '));
  await expect(items).not.toContainText(uz.name);
});

test('inside Telegram (ru, dark): a cart kept from /uz is named in Russian', async ({
  page,
  request,
}, testInfo) => {
  const uz = await apiProduct(request, 'oven-mitts', 'uz');
  const ru = await apiProduct(request, 'oven-mitts', 'ru');
  const variantUz = uz.variants[0];
  const variantRu = ru.variants.find((v) => v.product_id === variantUz?.product_id);
  if (!variantUz || !variantRu) throw new Error('oven-mitts has no variant');
  await seedCart(page, [cartLineOf(uz, variantUz, 1)]);
  await openInTelegram(page, '/ru/cart', { languageCode: 'ru', colorScheme: 'dark' });
  const line = main(page).getByRole('listitem').filter({ hasText: ru.name });
  await expect(line).toContainText(labels(variantRu.attributes));
  await expect(main(page)).not.toContainText(uz.name);
  await screenshot(page, testInfo, 'cart-uz-line-in-ru-telegram-dark');
});

test('an order placed in English is named in Uzbek on its /uz page', async ({
  page,
  context,
  request,
}, testInfo) => {
  await signInFresh(page, 'en', '/en/account/orders');
  const board = await lineOf(request, 'bamboo-cutting-board', 'en', 1);
  const placed = await request.post(CALLS.createOrder.path, {
    headers: { ...(await bearer(page)), 'x-lang': 'en' },
    data: {
      items: [{ product_id: board.product_id, quantity: 1 }],
      delivery_type: 'pickup',
      store_id: 1,
      payment_type: 'on_receipt',
      name: 'Aziz',
      surname: 'Karimov',
      phone: '+998901234567',
    },
  });
  expect(placed.status()).toBe(201);
  const order = ((await placed.json()) as { data: Order }).data;
  expect(order.items[0]?.name).toBe(board.name);

  const uz = await apiProduct(request, 'bamboo-cutting-board', 'uz');
  const variantUz = uz.variants.find((v) => v.product_id === board.product_id);
  if (!variantUz) throw new Error('bamboo-cutting-board lost its variant');

  await page.goto(`/uz/account/orders/${order.number}`);
  const lines = main(page).getByRole('region', { name: 'Mahsulotlar' });
  await expect(lines.getByRole('link', { name: uz.name, exact: true })).toBeVisible();
  await expect(lines).toContainText(labels(variantUz.attributes));
  await expect(lines).not.toContainText(board.name);
  await screenshot(page, testInfo, 'order-en-in-uz-light');

  // In Uzbek inside Telegram (dark) too, by the same signed-in shopper.
  const again = await context.newPage();
  await openInTelegram(again, `/uz/account/orders/${order.number}`, {
    languageCode: 'uz',
    colorScheme: 'dark',
  });
  const linesUz = main(again).getByRole('region', { name: 'Mahsulotlar' });
  await expect(linesUz.getByRole('link', { name: uz.name, exact: true })).toBeVisible();
  await expect(linesUz).toContainText(labels(variantUz.attributes));
  await screenshot(again, testInfo, 'order-en-in-uz-telegram-dark');

  // The same order in Russian, by its /ru address.
  const ru = await apiProduct(request, 'bamboo-cutting-board', 'ru');
  await page.goto(`/ru/account/orders/${order.number}`);
  const linesRu = main(page).getByRole('region', { name: 'Товары' });
  await expect(linesRu.getByRole('link', { name: ru.name, exact: true })).toBeVisible();
  await expect(linesRu).not.toContainText(board.name);
});

// The most of one item an order line may carry is the server's setting (ORDER_LINE_QUANTITY_LIMIT),
// which the server writes into the page, and the webapp's quantity steppers stop where it does:
// the suite's first shop keeps the default (20), its second allows 3. A cart built in the app is
// then never refused for it. The cart's "+" at the limit is a component test
// (webapp/src/features/cart/cart-line.test.tsx); here the server's setting reaches the page.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ProductDetail } from '@shop/shared';
import { storedCart } from '../support/browser-state';
import { E2E_MAPS_PORT, E2E_PORT, E2E_SECOND_SHOP_LINE_LIMIT } from '../support/paths';
import { apiProduct, apiProducts } from '../support/shop-api';

/** A product whose one variant has well over 20 in stock, so only the line limit stops "+". */
async function wellStockedProduct(request: APIRequestContext): Promise<ProductDetail> {
  const { data } = await apiProducts(request, { per_page: 100, in_stock: true });
  const listed = data.find(
    (product) => product.variants.length === 1 && (product.variants[0]?.quantity ?? 0) >= 30,
  );
  if (!listed) throw new Error('The demo seed has no single-variant product with 30 in stock');
  return apiProduct(request, listed.slug, 'en');
}

/** Presses "+" until it gives up; answers the quantity it stopped at. */
async function pressIncreaseUntilDisabled(page: Page, name: string): Promise<number> {
  const increase = page.getByRole('button', { name, exact: true });
  for (let presses = 0; presses < 40 && (await increase.isEnabled()); presses += 1) {
    await increase.click();
  }
  await expect(increase).toBeDisabled();
  return Number(
    await page
      .getByRole('group', { name: /^Quantity/ })
      .locator('output')
      .innerText(),
  );
}

for (const [port, limit] of [
  [E2E_PORT, 20],
  [E2E_MAPS_PORT, E2E_SECOND_SHOP_LINE_LIMIT],
] as const) {
  test.describe(`a shop whose order lines carry at most ${limit} of one item`, () => {
    test.use({ baseURL: `http://127.0.0.1:${port}` });

    test(`stops the product page's "+" at ${limit}, and that many go into the cart`, async ({
      page,
      request,
    }) => {
      const product = await wellStockedProduct(request);
      await page.goto(`/en/products/${product.slug}`);
      expect(await pressIncreaseUntilDisabled(page, 'Increase quantity')).toBe(limit);
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await expect.poll(async () => (await storedCart(page))[0]?.quantity).toBe(limit);
    });
  });
}

import { expect, test, type Page } from '@playwright/test';
import { CALLS } from '@shop/shared';
import { storedCart } from '../support/browser-state';
import {
  checkoutWith,
  fewLeft,
  pickUpAtFirstShop,
  signInByApi,
  signInFresh,
} from '../support/checkout';
import { findVariantWithFewLeft } from '../support/cart-lines';

/** The cart line (list item) that links to this product. */
const cartLine = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('the cart knows the stock of each line', () => {
  // What a cart line says of its stock ("Only N left", "Change to N", sold out, "+" stopping,
  // checkout held) is a component test (webapp/src/features/cart/cart-line.test.tsx); here the
  // product page and an order refused for stock set the cart right.
  test('"Add to cart" on the product page never puts more in the cart than is in stock', async ({
    page,
    request,
  }) => {
    const few = await findVariantWithFewLeft(request, 5);
    const left = few.variant.quantity;
    await page.goto(`/en/products/${few.product.slug}`);
    for (const attribute of few.variant.attributes) {
      await page.getByRole('radio', { name: attribute.value, exact: true }).check();
    }
    const increase = page.getByRole('button', { name: 'Increase quantity' });
    for (let i = 1; i < left; i += 1) await increase.click();
    const add = page.getByRole('button', { name: 'Add to cart' });
    await add.click();
    await expect.poll(async () => (await storedCart(page))[0]?.quantity).toBe(left);

    // Everything left is in the cart now: a second tap cannot add more, and the page says why.
    await expect(add).toBeDisabled();
    await expect(page.getByText(`All ${left} in stock are in your cart`)).toBeVisible();
    expect((await storedCart(page)).map((line) => line.quantity)).toEqual([left]);
  });

  test('an order refused for stock sets the cart right at once: "Only N left", checkout held (en)', async ({
    page,
    request,
  }) => {
    await signInFresh(page, 'en', '/en/account');
    // Every one left of a low-stock variant, in the cart and at checkout.
    const few = await fewLeft(request, 'en');
    await checkoutWith(page, request, 'en', [few.line]);
    await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();

    // Meanwhile someone else buys one of them.
    const stores = await request.get(CALLS.stores.path);
    const storeId = ((await stores.json()) as { data: { id: number }[] }).data[0]?.id;
    const bought = await request.post(CALLS.createOrder.path, {
      headers: await signInByApi(request),
      data: {
        items: [{ product_id: few.line.product_id, quantity: 1 }],
        delivery_type: 'pickup',
        store_id: storeId,
        name: 'Aziz',
        surname: 'Karimov',
        phone: '+998901234567',
        payment_type: 'on_receipt',
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const left = few.quantity - 1;

    await pickUpAtFirstShop(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Not enough in stock' })).toContainText(
      `${few.line.name}: ${left} left`,
    );

    // The cart says the same, without waiting for any cache, and holds checkout until it is cut.
    await page
      .getByRole('link', { name: /^Cart \(/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/cart$/);
    const line = cartLine(page, few.line.name);
    await expect(line.getByText(`Only ${left} left`)).toBeVisible();
    await expect(line.getByText(`Only ${few.quantity} in stock`)).toHaveCount(0);
    const checkout = page.getByRole('button', { name: 'Checkout' });
    await expect(checkout).toBeDisabled();
    // A fresh load of the page gets the same answer (no stored copy of the old stock).
    await page.reload();
    await expect(line.getByText(`Only ${left} left`)).toBeVisible();
    await line.getByRole('button', { name: `Change to ${left}` }).click();
    await expect(checkout).toBeEnabled();
    await expect(line.getByText(`Only ${left} in stock`)).toBeVisible();
  });
});

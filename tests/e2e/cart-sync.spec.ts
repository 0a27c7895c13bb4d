import { expect, test } from '@playwright/test';
import { storedCart, storedJson } from '../support/browser-state';
import { uniquePhone } from '../support/sms-outbox';
import { completeSignIn } from '../support/sign-in';

const CART_CALL = '**/api/profile/cart';

test("a signed-in shopper's cart change made while the sync fails survives a reload and reaches the server when the network is back", async ({
  page,
  request,
}) => {
  await page.goto('/en/sign-in');
  await completeSignIn(page, uniquePhone());
  await expect(page).not.toHaveURL(/sign-in/);
  const token = (await storedJson<{ token: string }>(page, 'auth'))?.token ?? '';
  const serverCart = async () => {
    const response = await request.get('/api/profile/cart', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const lines = (await response.json()) as { slug: string; quantity: number }[];
    return lines.map((line) => `${line.slug}×${line.quantity}`).join(', ');
  };

  await page.goto('/en/products/porcelain-mug');
  await page.getByRole('radio', { name: 'White' }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(serverCart).toBe('porcelain-mug×1');

  // The network drops every cart save from here on; reading still works.
  let failedSaves = 0;
  await page.route(CART_CALL, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    failedSaves += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/en/cart');
  const increase = page.getByRole('button', { name: 'Increase quantity of Porcelain mug' });
  const quantity = page.getByRole('group', { name: 'Quantity of Porcelain mug' });
  await increase.click();
  await increase.click();
  await expect(quantity).toContainText('3');
  await expect.poll(() => failedSaves).toBeGreaterThan(0);
  expect(await serverCart()).toBe('porcelain-mug×1');

  // A reload reads the server's older copy; the newer local change must not give way to it.
  const loaded = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/profile/cart') && response.request().method() === 'GET',
  );
  const savesBefore = failedSaves;
  await page.reload();
  await loaded;
  // The merged cart is pushed again (and fails again) once the server copy has been read.
  await expect.poll(() => failedSaves).toBeGreaterThan(savesBefore);
  await expect(quantity).toContainText('3');
  expect((await storedCart(page)).map((line) => line.quantity)).toEqual([3]);

  // The network comes back: the retry delivers the change without the shopper doing anything.
  await page.unroute(CART_CALL);
  await expect.poll(serverCart, { timeout: 30_000 }).toBe('porcelain-mug×3');
  await expect(quantity).toContainText('3');
});

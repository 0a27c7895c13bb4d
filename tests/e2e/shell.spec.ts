import { expect, test } from '@playwright/test';

test.describe('app shell', () => {
  test('an unknown path answers 404 and shows the error page with the path', async ({ page }) => {
    const response = await page.goto('/en/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /en/no-such-page')).toBeVisible();
  });

  test('a two-segment product path is not a product: 404', async ({ page }) => {
    const response = await page.goto('/en/products/a/b');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(/Page Not Found/)).toBeVisible();
  });

  test('a path without a language prefix redirects to the browser language', async ({ page }) => {
    await page.goto('/cart');
    await expect(page).toHaveURL(/\/en\/cart$/);
  });

  test('switching the language keeps the page and remembers the choice for 365 days', async ({
    page,
    context,
  }) => {
    await page.goto('/en/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page).toHaveURL(/\/ru\/cart$/);
    await expect(page.getByText('Ваша корзина пуста')).toBeVisible();

    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('ru');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);

    // A prefix-less address now follows the cookie, not the browser's English.
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
  });

  test('a visit to a /ru link records Russian, so the shopper comes back to /ru', async ({
    page,
    context,
  }) => {
    // The browser speaks English; the shopper followed a link to a Russian product listing.
    await page.goto('/ru/products');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'lang')?.value)
      .toBe('ru');
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
  });

  test('the chosen theme is kept across reloads', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Theme' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});

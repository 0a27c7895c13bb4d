import { expect, test, type Page } from '@playwright/test';
import { openInTelegram } from '../support/telegram';

/** Records every CSP violation the page reports, from before its first script. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

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

  test('the sign-in texts load with their page, and a language switch there brings them too', async ({
    page,
  }) => {
    // Home's first load carries only the shop texts; sign-in's come with its page
    // (lib/i18n/i18n.ts). Opened from home, then switched: words every time, never keys.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/en');
    await page.getByRole('link', { name: 'Sign in', exact: true }).locator('visible=true').click();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page).toHaveURL(/\/ru\/sign-in/);
    await expect(page.getByLabel('Номер телефона')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('auth.');
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

  // The policy forbids eval and inline scripts but our hashed ones; nothing of ours may try them
  // (zod probes for eval unless told not to: webapp/src/lib/zod-jitless.ts).
  test('no page breaks the content security policy, standalone or inside Telegram', async ({
    page,
  }) => {
    const violations = await recordCspViolations(page);
    const paths = [
      '/ru',
      '/ru/products?category=cookware',
      '/ru/products/porcelain-mug',
      '/ru/cart',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
      expect(await violations(), path).toEqual([]);
    }
    await openInTelegram(page, '/uz', { languageCode: 'uz', colorScheme: 'dark' });
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    expect(await violations(), 'inside Telegram').toEqual([]);
  });
});

import { expect, test } from '@playwright/test';
import { holdRequests } from '../support/network';
import { apiSearch } from '../support/shop-api';

test.describe('search (standalone web)', () => {
  test('the search box is in the header of every page', async ({ page }) => {
    for (const path of [
      '/en',
      '/en/products/porcelain-mug',
      '/en/cart',
      '/en/blogs',
      '/en/markets',
      '/en/about',
    ]) {
      await page.goto(path);
      await expect(
        page.getByRole('banner').getByRole('searchbox', { name: 'Search' }),
        path,
      ).toBeVisible();
    }
  });

  // The box's details (suggestions, keys, results, "Nothing found", languages) are component
  // tests (webapp/src/features/catalog/search/search-box.test.tsx); here the real pages behind it.
  test('a suggestion picked with the keyboard opens its product page; Enter, the results page', async ({
    page,
  }) => {
    await page.goto('/en/cart');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('kazan');
    const kazan = page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: /Cast-iron kazan/ });
    await expect(kazan).toBeVisible();
    while ((await kazan.getAttribute('aria-selected')) !== 'true') await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/products\/cast-iron-kazan$/);
    await expect(page.getByRole('heading', { level: 1, name: /Cast-iron kazan/ })).toBeVisible();

    await box.fill('kazan');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/products\?q=kazan$/);
    await expect(
      page
        .getByRole('list', { name: 'Search results' })
        .getByRole('link', { name: /Cast-iron kazan/ }),
    ).toBeVisible();
  });

  test('suggestions asked for a word typed further are cancelled; only the newest answer shows', async ({
    page,
    request,
  }) => {
    await page.goto('/en/blogs');
    // The answer for "ka" is slow: it is still on its way when the shopper types on.
    const slow = await holdRequests(page, /\/resources\/products\/search\?q=ka&/);
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('ka');
    await expect.poll(() => slow.count()).toBe(1);
    const cancelled = page.waitForEvent('requestfailed', (r) => r.url().includes('q=ka&'));
    await box.pressSequentially('zan', { delay: 40 });
    expect((await cancelled).failure()?.errorText).toMatch(/ABORTED/);

    const kazan = await apiSearch(request, 'kazan', 'en');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    const expected = [...kazan.slice(0, 6).map((p) => p.name), 'All results for “kazan”'];
    await expect(options).toHaveCount(expected.length);
    for (const [index, name] of expected.entries()) {
      await expect(options.nth(index)).toContainText(name);
    }
    // Only the cancelled call was held; nothing for "ka" was ever answered.
    expect(slow.count()).toBe(1);
    slow.release();
  });
});

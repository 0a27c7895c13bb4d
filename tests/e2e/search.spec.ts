import { expect, test } from '@playwright/test';
import { holdRequests } from '../support/network';
import { apiSearch } from '../support/shop-api';

const SEARCH_PATH = '/resources/products/search';

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

  test('suggestions while typing: one debounced call with limit 6, arrows and Enter open a product', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/en/cart');
    const calls: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes(SEARCH_PATH)) calls.push(new URL(request.url()));
    });
    const box = page.getByRole('searchbox', { name: 'Search' });
    // The page's clock stands still while the word is typed, so the keys always come faster
    // than the debounce, however slowly a loaded machine delivers them; then it runs on.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
    await box.pressSequentially('kazan', { delay: 40 });
    await page.clock.runFor(1_000);
    await page.clock.resume();
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    const kazan = list.getByRole('option', { name: /Cast-iron kazan/ });
    await expect(kazan).toBeVisible();
    // Typing faster than the debounce asks once, for the whole word, and only for a few.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.searchParams.get('q')).toBe('kazan');
    expect(calls[0]?.searchParams.get('limit')).toBe('6');

    const options = list.getByRole('option');
    const index = (await options.allTextContents()).findIndex((text) =>
      text.includes('Cast-iron kazan'),
    );
    for (let step = 0; step <= index; step += 1) await box.press('ArrowDown');
    await expect(kazan).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await kazan.getAttribute('id')) ?? '',
    );
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/products\/cast-iron-kazan$/);
    await expect(page.getByRole('heading', { level: 1, name: /Cast-iron kazan/ })).toBeVisible();
    await expect(page.getByRole('listbox')).toHaveCount(0);
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

  test('a click on a suggestion opens the product; Escape closes the list', async ({ page }) => {
    await page.goto('/en/blogs');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('mug');
    const mug = page.getByRole('option', { name: /Porcelain mug/ });
    await expect(mug).toBeVisible();
    await box.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(box).toHaveValue('mug');
    await box.press('ArrowDown');
    await mug.click();
    await expect(page).toHaveURL(/\/en\/products\/porcelain-mug$/);
  });

  test('Enter opens the results view; an unknown word says "Nothing found"', async ({ page }) => {
    await page.goto('/en');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('kazan');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/products\?q=kazan$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results for “kazan”' }),
    ).toBeVisible();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: /Cast-iron kazan/ })).toBeVisible();
    expect(await results.getByRole('link').count()).toBeLessThanOrEqual(24);
    // The box shows what is being searched for.
    await expect(box).toHaveValue('kazan');

    await box.fill('qwxzv');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/products\?q=qwxzv$/);
    await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();

    // Back returns to the earlier results, which the box follows.
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/products\?q=kazan$/);
    await expect(box).toHaveValue('kazan');
  });

  test('a plain query in Russian finds its product', async ({ page }) => {
    await page.goto('/ru/products?q=%D0%BA%D0%B0%D0%B7%D0%B0%D0%BD');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Результаты по запросу «казан»' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Чугунный казан/ })).toBeVisible();
  });
});

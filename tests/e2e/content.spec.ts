// Content pages on the open web. The blog list with its pages and a post, /pages, the shops'
// list and their map with a key are walked inside Telegram (browse-coverage-telegram.spec.ts),
// the same screens with Telegram's own buttons; here what only the open web shows.
import { expect, test } from '@playwright/test';
import type { InfoPageSlug, Language } from '@shop/shared';
import { E2E_MAPS_PORT } from '../support/paths';
import { apiInfoPage, firstParagraph } from '../support/shop-api';

const INFO_ROUTES: Record<InfoPageSlug, string> = {
  about: 'about',
  contacts: 'contacts',
  delivery: 'delivery',
  'how-to-buy': 'how-to-buy',
  'public-offer': 'public-offer',
  return: 'return',
};

test.describe('content: blog, info pages, shops', () => {
  test('an unknown blog post answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/en/blogs/no-such-post');
    await expect(page.getByText('Page Not Found: /en/blogs/no-such-post')).toBeVisible();
    expect(response?.status()).toBe(404);
  });

  test("info pages show the backend's text in ru and uz", async ({ page, request }) => {
    for (const lang of ['ru', 'uz'] as const satisfies readonly Language[]) {
      for (const slug of Object.keys(INFO_ROUTES) as InfoPageSlug[]) {
        const content = await apiInfoPage(request, slug, lang);
        await page.goto(`/${lang}/${INFO_ROUTES[slug]}`);
        await expect(page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
        await expect(page.getByText(firstParagraph(content.body), { exact: false })).toBeVisible();
      }
    }
  });
});

test.describe('markets on a server with YANDEX_MAPS_API_KEY (standalone web)', () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E_MAPS_PORT}` });

  test('markets with a key but the map script unreachable: the list stays, no blank map', async ({
    page,
  }) => {
    // Offline: the script cannot be fetched (a strict CSP refusing it ends the same way).
    const asked: string[] = [];
    await page.route('https://api-maps.yandex.ru/**', (route) => {
      asked.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    // The script is only for /markets: other pages never load it.
    await page.goto('/en');
    await expect(page.getByRole('region', { name: 'Offers' })).toBeVisible();
    expect(asked).toEqual([]);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Our shops' }).click();
    await expect(page).toHaveURL(/\/en\/markets$/);
    await expect(page.getByText('The map could not be loaded.', { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of our shops' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Open in map/ })).toHaveCount(3);
  });
});

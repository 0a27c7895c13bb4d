import { expect, test } from '@playwright/test';
import type { InfoPageSlug, Language } from '@shop/shared';
import { E2E_MAPS_PORT, TEST_YANDEX_MAPS_KEY } from '../support/paths';
import { apiBlogs, apiInfoPage, apiStores, firstParagraph } from '../support/shop-api';
import { standInMapState, standInYandexMaps } from '../support/yandex-maps';

const INFO_ROUTES: Record<InfoPageSlug, string> = {
  about: 'about',
  contacts: 'contacts',
  delivery: 'delivery',
  'how-to-buy': 'how-to-buy',
  'public-offer': 'public-offer',
  return: 'return',
};

test.describe('content: blog, info pages, shops', () => {
  test('the blog list shows image, title, excerpt and date, pages through, and opens a post', async ({
    page,
    request,
  }) => {
    const first = await apiBlogs(request, 1);
    const post = first.data[0];
    if (!post) throw new Error('The demo seed has no blog posts');
    await page.goto('/en/blogs');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    const card = page.getByRole('link', { name: new RegExp(post.title) });
    await expect(card).toHaveAttribute('href', `/en/blogs/${post.slug}`);
    await expect(card.locator('time')).toHaveAttribute('datetime', /\d{4}-\d{2}-\d{2}/);

    if (first.meta.last_page > 1) {
      const second = await apiBlogs(request, 2);
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('link', { name: 'Next' })
        .click();
      await expect(page).toHaveURL(/\/en\/blogs\?page=2$/);
      await expect(page.getByText(`Page 2 of ${first.meta.last_page}`)).toBeVisible();
      await expect(
        page.getByRole('link', { name: new RegExp(second.data[0]?.title ?? '-') }),
      ).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/en\/blogs$/);
    }

    // Past the last page: an empty page with a way back, not an error.
    await page.goto(`/en/blogs?page=${first.meta.last_page + 1}`);
    await expect(page.getByRole('heading', { name: 'No posts yet' })).toBeVisible();
    await page.getByRole('link', { name: 'To the first page' }).click();
    await expect(page).toHaveURL(/\/en\/blogs$/);

    await card.click();
    await expect(page).toHaveURL(new RegExp(`/en/blogs/${post.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expect(page.locator('article time')).toBeVisible();
    await expect(page.locator('.prose p').first()).not.toBeEmpty();
    await page.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await expect(page).toHaveURL(/\/en\/blogs$/);
  });

  test('an unknown blog post answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/en/blogs/no-such-post');
    await expect(page.getByText('Page Not Found: /en/blogs/no-such-post')).toBeVisible();
    expect(response?.status()).toBe(404);
  });

  test('/pages lists the info pages from the backend', async ({ page, request }) => {
    await page.goto('/en/pages');
    for (const slug of Object.keys(INFO_ROUTES) as InfoPageSlug[]) {
      const { title } = await apiInfoPage(request, slug, 'en');
      await expect(
        page.getByRole('main').getByRole('link', { name: title, exact: true }),
      ).toHaveAttribute('href', `/en/${INFO_ROUTES[slug]}`);
    }
  });

  for (const lang of ['ru', 'uz'] as const satisfies readonly Language[]) {
    test(`info pages show the backend's text in ${lang}`, async ({ page, request }) => {
      for (const slug of Object.keys(INFO_ROUTES) as InfoPageSlug[]) {
        const content = await apiInfoPage(request, slug, lang);
        await page.goto(`/${lang}/${INFO_ROUTES[slug]}`);
        await expect(page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
        await expect(page.getByText(firstParagraph(content.body), { exact: false })).toBeVisible();
      }
    });
  }

  test('markets without a map key: three shops with phone links and "Open in map", no map', async ({
    page,
  }) => {
    const yandex: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('yandex')) yandex.push(request.url());
    });
    await page.goto('/en/markets');
    const shops = page.getByRole('list', { name: 'Shop addresses' }).getByRole('listitem');
    await expect(shops).toHaveCount(3);
    const mapLinks = page.getByRole('link', { name: /^Open in map/ });
    await expect(mapLinks).toHaveCount(3);
    for (const link of await mapLinks.all()) {
      await expect(link).toHaveAttribute(
        'href',
        /^https:\/\/yandex\.uz\/maps\/\?pt=\d+\.\d+,\d+\.\d+&z=16&l=map$/,
      );
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await expect(page.locator('a[href^="tel:+998"]')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'Map of our shops' })).toHaveCount(0);
    expect(yandex).toEqual([]);
  });
});

test.describe('markets on a server with YANDEX_MAPS_API_KEY (standalone web)', () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E_MAPS_PORT}` });

  test('the Russian-language map (lang=ru_RU) with the server’s key shows the three shops above the list', async ({
    page,
    request,
  }) => {
    const stores = await apiStores(request, 'en');
    const yandex = await standInYandexMaps(page);
    await page.goto('/en/markets');
    const map = page.getByRole('region', { name: 'Map of our shops' });
    await expect(map).toHaveAttribute('aria-busy', 'false');
    await expect(map.locator('.stand-in-placemark')).toHaveText(stores.map((s) => s.name));
    expect(yandex.requested.map((url) => url.searchParams.get('lang'))).toEqual(['ru_RU']);
    expect(yandex.requested[0]?.searchParams.get('apikey')).toBe(TEST_YANDEX_MAPS_KEY);
    expect((await standInMapState(page))?.placemarks).toHaveLength(3);
    await expect(page.getByRole('link', { name: /^Open in map: / })).toHaveCount(3);
  });

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

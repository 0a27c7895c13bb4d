// Every picture, carousel and badge has its space before it arrives, so late images
// and data move nothing. Measured as Chromium measures it for Lighthouse (cumulative layout
// shift, from the page's own layout-shift entries), with every picture and every API answer held
// back: a layout value, the same on a fast machine and a slow one.
import { expect, test, type Page } from '@playwright/test';
import { buildPath, type Language } from '@shop/shared';
import { apiBlogs, apiProducts } from '../support/shop-api';
import { openInTelegram } from '../support/telegram';

/**
 * The target is CLS ≤ 0.02 per page (as Lighthouse measures it). These pages measure 0 here;
 * the bound leaves a little room but catches a page that starts to shift long before the target:
 * the home page's banner skeleton being 25 px short of the banners was 0.018 on its own.
 */
const MAX_CLS = 0.005;
const IMAGE_DELAY_MS = 1200;
const API_DELAY_MS = 600;

interface Shift {
  value: number;
  sources: string[];
}

/** Pictures and API answers arrive late; layout shifts are recorded from the first paint. */
async function slowNetworkAndRecordShifts(page: Page): Promise<void> {
  await page.route(/\.(webp|avif|jpe?g|png|svg)(\?|$)|\/media\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, IMAGE_DELAY_MS));
    await route.continue();
  });
  await page.route(/\/(api|backend)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        // What the shopper moved themselves (a tap, within 500 ms) is no shift, as in CLS.
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(({ node }) =>
            node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : '#text',
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Everything has arrived and been drawn: the shifts of the whole load, summed. */
async function cumulativeShift(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete || image.loading === 'lazy'),
  );
  // Two frames for the last layout to be reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

async function expectStable(page: Page, what: string): Promise<void> {
  const { total, shifts } = await cumulativeShift(page);
  expect(total, `${what}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_CLS);
}

const LANG: Language = 'en';

test.describe('no layout shift while pictures and data load', () => {
  test('home: banners, category chips and product rows keep their places', async ({ page }) => {
    await slowNetworkAndRecordShifts(page);
    await page.goto(buildPath(LANG, 'home'));
    await expect(page.locator('.carousel__slide').first()).toBeVisible();
    await expect(page.locator('.home-section .product-card').first()).toBeVisible();
    await expectStable(page, 'home');
  });

  test('a listing: its count, category chips and cards keep their places', async ({ page }) => {
    await slowNetworkAndRecordShifts(page);
    await page.goto(buildPath(LANG, 'products'));
    await expect(page.locator('.product-grid .product-card').first()).toBeVisible();
    await expect(page.locator('.page-title__subtitle')).toHaveText(/\d/);
    await expectStable(page, 'listing');
  });

  test('a product page, loaded and reached from the listing', async ({ page, request }) => {
    const { data } = await apiProducts(request, {});
    const product = data.find((item) => item.old_price !== null) ?? data[0];
    if (!product) throw new Error('The demo seed has no products');
    await slowNetworkAndRecordShifts(page);
    await page.goto(buildPath(LANG, 'product', { slug: product.slug }));
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expectStable(page, 'product page');

    // Reached in the app: the page waits for the product's answer in its outline.
    await page.goto(buildPath(LANG, 'products'));
    await page.getByRole('link', { name: product.name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expectStable(page, 'listing, then the product page');
  });

  test('a blog post', async ({ page, request }) => {
    const [post] = (await apiBlogs(request, 1)).data;
    if (!post) throw new Error('The demo seed has no blog posts');
    await slowNetworkAndRecordShifts(page);
    await page.goto(buildPath(LANG, 'blog', { slug: post.slug }));
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expectStable(page, 'blog post');
  });

  test('inside Telegram (dark): home and a product page', async ({ page, request }) => {
    const [product] = (await apiProducts(request, {}, 'ru')).data;
    if (!product) throw new Error('The demo seed has no products');
    await slowNetworkAndRecordShifts(page);
    await openInTelegram(page, buildPath('ru', 'home'), {
      languageCode: 'ru',
      colorScheme: 'dark',
    });
    await expect(page.locator('.home-section .product-card').first()).toBeVisible();
    await expectStable(page, 'home in Telegram');
    await page.getByRole('link', { name: product.name }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expectStable(page, 'home, then a product page in Telegram');
  });
});

// Offline after one visit online: the Workbox worker
// gives the shell and the build's scripts, the persisted query cache (IndexedDB, per language)
// gives the answers each page showed. A page never opened says it needs the network and opens
// by itself when the network is back.
import { formatMoney } from '@shop/shared';
import { expect, test, type Page } from '@playwright/test';
import { storedCart, waitForController } from '../support/browser-state';
import { apiHome, apiProduct } from '../support/shop-api';

test.use({ serviceWorkers: 'allow' });

const VISITED = 'porcelain-mug';
const NEVER_VISITED = 'whistling-kettle';
const LISTING = '/en/products?category=tableware';
const OFFLINE_BAR = 'Offline — showing saved data';

/** The query keys saved for offline use in `language` (the app's IndexedDB store). */
function savedQueryKeys(page: Page, language: string): Promise<string> {
  return page.evaluate(
    (key) =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('shop-answers');
        open.onerror = () => {
          resolve('');
        };
        open.onsuccess = () => {
          try {
            const read = open.result.transaction('queries').objectStore('queries').get(key);
            read.onsuccess = () => {
              const saved = read.result as { clientState?: { queries?: { queryKey: unknown }[] } };
              resolve(JSON.stringify(saved.clientState?.queries?.map((q) => q.queryKey) ?? []));
            };
            read.onerror = () => {
              resolve('');
            };
          } catch {
            resolve('');
          }
        };
      }),
    `queries:${language}`,
  );
}

const main = (page: Page) => page.getByRole('main');

test('offline after one visit: home, a listing, a product and the cart read as they did', async ({
  page,
  context,
  request,
}) => {
  const mug = await apiProduct(request, VISITED, 'en');
  const kettle = await apiProduct(request, NEVER_VISITED, 'en');
  const home = await apiHome(request, 'en');
  const homeProduct = home.sections.flatMap((section) => section.products)[0];
  if (!homeProduct) throw new Error('The seeded home page has no products');
  const mugPrice = formatMoney(mug.price, 'en');

  // Online: home, a listing, the product page (put in the cart), the cart.
  await page.goto('/en');
  await waitForController(page);
  await expect(main(page).getByText(homeProduct.name).first()).toBeVisible();
  await page.goto(LISTING);
  await expect(main(page).getByRole('link', { name: mug.name, exact: true }).first()).toBeVisible();
  // Answers are saved a moment after they arrive (SAVE_THROTTLE_MS): a shopper reads the list
  // for longer than that, a test would leave the page before it.
  await expect.poll(() => savedQueryKeys(page, 'en')).toContain('"products"');
  await page.goto(`/en/products/${VISITED}`);
  await expect(page.getByRole('heading', { level: 1, name: mug.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(async () => (await storedCart(page)).length).toBe(1);
  await page.goto('/en/cart');
  await expect(main(page).getByText(mug.name).first()).toBeVisible();
  await expect(page.getByText(OFFLINE_BAR)).toHaveCount(0);
  // The answers are saved (a moment after they arrive), the shopper's own never.
  await expect.poll(() => savedQueryKeys(page, 'en')).toContain(VISITED);
  const saved = await savedQueryKeys(page, 'en');
  expect(saved).toContain('"products"');
  expect(saved).not.toMatch(/"(orders|cards|profile)"/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_BAR })).toBeVisible();
  await expect(main(page).getByText('Your cart is empty')).toHaveCount(0);
  await expect(main(page).getByText(mug.name).first()).toBeVisible();
  await expect(main(page).getByText(mugPrice).first()).toBeVisible();

  for (const open of [
    async () => page.goto('/en'),
    // A tab of the bottom navigation keeps the shopper in the app, on that page.
    async () =>
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Home' })
        .click(),
  ]) {
    await open();
    await expect(page).toHaveURL(/\/en$/);
    await expect(main(page).getByText(homeProduct.name).first()).toBeVisible();
    await expect(page.getByText(OFFLINE_BAR)).toBeVisible();
    await page.goto('/en/cart');
  }

  await page.goto(LISTING);
  const card = main(page).getByRole('link', { name: mug.name, exact: true }).first();
  await expect(card).toBeVisible();
  await expect(main(page).getByText(mugPrice).first()).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: mug.name })).toBeVisible();
  await expect(main(page).getByText(mugPrice).first()).toBeVisible();
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);

  // A product never opened: no endless skeleton, no 500, but what it needs.
  await page.goto(`/en/products/${NEVER_VISITED}`);
  await expect(page.getByRole('alert')).toContainText('No connection');
  await expect(page.getByText('Internal Server Error')).toHaveCount(0);

  // Back online: the bar goes and the page opens by itself.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BAR)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: kettle.name })).toBeVisible();
});

/** The page's pictures the browser draws as broken: loaded, failed, and still on the page. */
function brokenPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.images)
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => `${image.className}: ${image.currentSrc || image.src}`),
  );
}

test('offline, a picture never saved shows the placeholder, never a broken image (uz)', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/uz');
  await waitForController(page);
  const chips = main(page).getByRole('navigation', { name: 'Kategoriyalar' });
  await expect(chips.getByRole('link').first()).toBeVisible();
  await expect.poll(() => savedQueryKeys(page, 'uz')).toContain('"home"');
  // The answers are saved, the pictures are not: the browser's cache and the worker's are
  // emptied, as a full or evicted cache leaves them.
  const browser = await context.newCDPSession(page);
  await browser.send('Network.clearBrowserCache');
  await browser.detach();
  await page.evaluate(async () => {
    for (const name of await caches.keys())
      if (name.includes('pictures')) await caches.delete(name);
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Internet yoʻq' })).toBeVisible();
  await expect(chips.getByRole('link').first()).toBeVisible();
  // Every picture of the page is asked for (lazy ones once scrolled to), and every ask is over.
  await chips.getByRole('list').evaluate((row) => {
    row.scrollLeft = row.scrollWidth;
  });
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  await expect
    .poll(() => page.evaluate(() => Array.from(document.images).every((image) => image.complete)))
    .toBe(true);
  expect(await brokenPictures(page)).toEqual([]);
  // Each chip keeps its round picture's place: a placeholder where the picture could not load.
  const chipPictures = await chips
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => link.querySelector('.chip__image')?.tagName ?? 'none'),
    );
  expect(chipPictures.length).toBeGreaterThan(0);
  expect(chipPictures.filter((tag) => tag !== 'SPAN')).toEqual([]);
  await context.setOffline(false);
});

import { expect, test, type Page } from '@playwright/test';

// The app's own router (webapp/src/lib/router): what a shopper notices of it is where a page
// opens, where Back returns to, and how many Back steps a path takes.

const allProducts = (page: Page) =>
  page.getByRole('main').getByRole('list', { name: 'All products', exact: true });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Resolves once the page has drawn two more frames. */
const nextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );

async function scrollTo(page: Page, y: number): Promise<number> {
  await page.evaluate((top) => {
    window.scrollTo(0, top);
  }, y);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(y / 2);
  return scrollY(page);
}

test.describe('navigation in the app', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('a new page opens at its top; Back, Forward and a reload return to where the shopper was', async ({
    page,
  }) => {
    await page.goto('/en/products');
    // Down the list to its seventh card (a click would scroll it into view anyway).
    const card = allProducts(page).getByRole('link').nth(6);
    await card.scrollIntoViewIfNeeded();
    const listed = await scrollY(page);
    expect(listed).toBeGreaterThan(300);

    await card.click();
    await expect(page).toHaveURL(/\/en\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    const onProduct = await scrollTo(page, 300);

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/products$/);
    await expect.poll(() => scrollY(page)).toBe(listed);

    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(onProduct);

    await page.goBack();
    await expect.poll(() => scrollY(page)).toBe(listed);
    await page.reload();
    await expect(allProducts(page).getByRole('link').nth(6)).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(listed);
  });

  test('a new page renders in short slices, the browser answering between them', async ({
    page,
  }) => {
    await page.goto('/en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A slow phone: the listing's render takes far longer than one of React's 5 ms slices.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // From the moment the router writes the new address until the listing is on screen, count
    // the timer tasks the browser gets to run: none when the page renders in one long task.
    await page.evaluate(() => {
      const probe = { ticks: -1 };
      Object.assign(window, { navigationProbe: probe });
      const pushState = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        pushState(...args);
        probe.ticks = 0;
        const heading = () => document.querySelector('main h1')?.textContent;
        const home = heading();
        const tick = () => {
          if (heading() !== home) return;
          probe.ticks += 1;
          setTimeout(tick, 0);
        };
        setTimeout(tick, 0);
      };
    });
    await page
      .getByRole('link', { name: /^See all: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/products\?/);
    await expect(page.getByRole('main').getByRole('list').first()).toBeVisible();
    const ticks = await page.evaluate(
      () => (window as unknown as { navigationProbe: { ticks: number } }).navigationProbe.ticks,
    );
    expect(ticks).toBeGreaterThan(0);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a page loaded afresh opens at its top, whatever another fresh load scrolled to', async ({
    page,
  }) => {
    await page.goto('/en/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const onBlogs = await scrollTo(page, 900);
    expect(onBlogs).toBeGreaterThan(600);

    // Typed into the address bar: a new load, not a step back to the listing.
    await page.goto('/en/products/cast-iron-kazan');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A restore runs as the page is drawn: two frames on, it would have landed.
    await nextFrames(page);
    expect(await scrollY(page)).toBe(0);

    await page.goto('/en/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await nextFrames(page);
    expect(await scrollY(page)).toBe(0);

    // Back across both loads still returns down the blog list, not to its top (how far depends
    // on how much of the list is back when the position is restored).
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/blogs$/);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(onBlogs / 2);
  });

  test('a link to the page on screen adds no Back step', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('banner').locator('a[href="/en/cart"]').click();
    await expect(page).toHaveURL(/\/en\/cart$/);
    const historyLength = await page.evaluate(() => window.history.length);

    // The header's cart link while on the cart: the same entry, rewritten.
    await page.getByRole('banner').locator('a[href="/en/cart"]').click();
    await expect(page).toHaveURL(/\/en\/cart$/);
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

    await page.goBack();
    await expect(page).toHaveURL(/\/en$/);
  });

  test('a modified click opens the link as a browser would, leaving this page alone', async ({
    page,
    context,
  }) => {
    await page.goto('/en/products');
    const card = allProducts(page).getByRole('link').first();
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/en\/products\/[a-z0-9-]+$/);
    const opened = context.waitForEvent('page');
    await card.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe(href);
    await expect(page).toHaveURL(/\/en\/products$/);
    await tab.close();
  });
});

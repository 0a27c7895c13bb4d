// The installable web app: the manifest, the service worker's precached offline
// shell, and no worker inside Telegram. The reload when another worker takes control is in
// offline.spec.ts (on a shop of its own, whose build it changes) and, case by case, in
// webapp/src/lib/pwa/register-service-worker.test.ts. Every other spec blocks service workers
// (see playwright.config.ts).
import { devices, expect, test, type Page } from '@playwright/test';
import { waitForSettledWorker } from '../support/browser-state';
import { lineOf } from '../support/checkout';
import { openInTelegram } from '../support/telegram';

test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls the page (ours claims it as it activates). */
async function waitForController(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 15_000,
    })
    .toMatch(/\/sw\.js/);
}

test.describe('installable web app', () => {
  test('the manifest of the page’s language: the installed app opens where it was installed from', async ({
    page,
    request,
  }) => {
    await page.goto('/ru');
    const manifestOf = async () => {
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const answer = await request.get(href ?? '');
      expect(answer.ok()).toBe(true);
      return (await answer.json()) as {
        id: string;
        name: string;
        lang: string;
        start_url: string;
        display: string;
        icons: { src: string }[];
        shortcuts: { name: string; url: string }[];
      };
    };
    const russian = await manifestOf();
    expect(russian).toMatchObject({ id: '/', lang: 'ru', start_url: '/ru', display: 'standalone' });
    expect(russian.name).toContain('Uy Shop');
    expect(russian.shortcuts).toContainEqual({ name: 'Корзина', url: '/ru/cart' });
    expect(russian.icons.length).toBeGreaterThan(0);
    for (const icon of russian.icons) expect((await request.get(icon.src)).ok()).toBe(true);

    // After a switch to English, installing gives the English app (the same app id).
    await page.getByRole('button', { name: 'Язык' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect
      .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
      .toBe('/manifest.en.webmanifest');
    expect(await manifestOf()).toMatchObject({ id: '/', lang: 'en', start_url: '/en' });
  });

  test('offline, a page opened before still loads: the cached shell, never the browser’s error', async ({
    page,
    context,
  }) => {
    await page.goto('/en/brands');
    // The worker takes control once it has precached the shell and every script of the build:
    // a page never opened (its lazy chunk never fetched by the page) opens offline at once.
    await waitForController(page);

    await context.setOffline(true);
    await page.goto('/en/catalog');
    await expect(page.getByRole('link', { name: 'Uy Shop, home page' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await context.setOffline(false);
  });

  test("a number typed at once on sign-in, reached from the cart's Checkout, stays while the first worker takes over", async ({
    browser,
    request,
    baseURL,
  }) => {
    // Fresh browsers, each with no worker yet: whether the worker takes over before or after
    // the typing depends on timing, so several runs.
    test.slow();
    // A mug in stock: the suite's orders may have sold out one colour by now.
    const cart = JSON.stringify([await lineOf(request, 'porcelain-mug', 'en')]);
    for (let run = 1; run <= 3; run += 1) {
      const context = await browser.newContext({
        ...devices['Pixel 7'],
        baseURL,
        serviceWorkers: 'allow',
      });
      try {
        const page = await context.newPage();
        await page.addInitScript((lines) => {
          if (localStorage.getItem('cart') === null) localStorage.setItem('cart', lines);
        }, cart);
        // A product page first (its load registers the worker), then the cart typed in: a
        // second load while the worker is still installing.
        await page.goto('/en/products/porcelain-mug');
        await page.goto('/en/cart');
        await page.getByRole('main').getByRole('button', { name: 'Checkout' }).click();
        const field = page.getByRole('textbox', { name: 'Phone number' });
        await field.click();
        await field.pressSequentially('901234568');
        // Under the worker, settled: a reload its takeover brings would have come by then.
        await waitForSettledWorker(page);
        await expect(field, `run ${run}`).toHaveValue('+998 901234568');
      } finally {
        await context.close();
      }
    }
  });

  test('inside Telegram no worker is registered', async ({ page }) => {
    // The worker is registered by a chunk of its own, which the start asks for before the first
    // render when it registers one at all.
    const registering: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/register-service-worker-[^/]+\.js$/.test(sent.url()))
        registering.push(sent.url());
    });
    await openInTelegram(page, '/en/brands');
    await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
    expect(registering).toEqual([]);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
    ).toBe(0);
  });

  test('"Install the app" takes the browser’s install offer; in Safari on iOS it says how', async ({
    page,
    browser,
  }) => {
    await page.goto('/en/brands');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link').first()).toBeVisible();
    await expect(footer.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
    // Chromium's offer, as its install UI would make it (headless Chromium makes none itself).
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          (window as Window & { installPrompted?: boolean }).installPrompted = true;
          return Promise.resolve();
        },
      });
      window.dispatchEvent(offer);
    });
    await footer.getByRole('button', { name: 'Install the app' }).click();
    expect(
      await page.evaluate(() => (window as Window & { installPrompted?: boolean }).installPrompted),
    ).toBe(true);
    // An offer is good once.
    await expect(footer.getByRole('button', { name: 'Install the app' })).toHaveCount(0);

    // Debian's Chromium stands in for Safari: what matters is what the page reads (the agent).
    const { userAgent, viewport, deviceScaleFactor, isMobile, hasTouch } = devices['iPhone 15'];
    const iphone = await browser.newContext({
      userAgent,
      viewport,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      serviceWorkers: 'block',
    });
    try {
      const safari = await iphone.newPage();
      await safari.goto(`${new URL(page.url()).origin}/ru/brands`);
      const howTo = safari.getByRole('contentinfo').getByText('Установить приложение');
      await howTo.click();
      await expect(
        safari.getByText('В Safari нажмите «Поделиться», затем «На экран „Домой“».'),
      ).toBeVisible();
    } finally {
      await iphone.close();
    }
  });
});

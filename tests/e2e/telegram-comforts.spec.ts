// What Telegram already knows or can do, used inside the Mini App: the recipient's name from the
// Telegram profile, "Close anyway?" over unsaved input, no swipe-to-close while the courier map
// is dragged, sharing a product to a chat, a tick on each changed choice.
import { expect, test, type Page } from '@playwright/test';
import { checkoutWith, lineOf } from '../support/checkout';
import {
  E2E_BOT_USERNAME,
  E2E_MAPS_DATA_DIR,
  E2E_MAPS_PORT,
  E2E_MINI_APP_NAME,
  E2E_RESULTS_DIR,
} from '../support/paths';
import { apiProduct } from '../support/shop-api';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import {
  openInTelegram,
  pressBackButton,
  telegramEvents,
  type LaunchOptions,
} from '../support/telegram';
import { standInYandexMaps } from '../support/yandex-maps';

const main = (page: Page) => page.getByRole('main');

async function eventsOf(page: Page, type: string): Promise<unknown[]> {
  return (await telegramEvents(page)).filter((e) => e.type === type).map((e) => e.data);
}

/** The last closing behaviour the app asked for: true means "Close anyway?" is on. */
async function closingConfirmation(page: Page): Promise<boolean | undefined> {
  const last = (await eventsOf(page, 'web_app_setup_closing_behavior')).at(-1);
  return (last as { need_confirmation?: boolean } | undefined)?.need_confirmation;
}

async function verticalSwipes(page: Page): Promise<boolean | undefined> {
  const last = (await eventsOf(page, 'web_app_setup_swipe_behavior')).at(-1);
  return (last as { allow_vertical_swipe?: boolean } | undefined)?.allow_vertical_swipe;
}

async function selectionTicks(page: Page): Promise<number> {
  const haptics = await eventsOf(page, 'web_app_trigger_haptic_feedback');
  return haptics.filter((data) => (data as { type?: string }).type === 'selection_change').length;
}

async function signInInTelegram(page: Page, options: LaunchOptions & { dataDir?: string } = {}) {
  const phone = uniquePhone();
  await openInTelegram(page, '/en/sign-in?next=/en/account', options);
  await completeSignIn(page, phone, 'en', options.dataDir);
  await expect(page).toHaveURL((url) => url.pathname === '/en/account');
}

test.describe('Telegram comforts', () => {
  test('Share sends the product to a chat as a link that opens it in the Mini App', async ({
    page,
    request,
  }) => {
    const product = await apiProduct(request, 'porcelain-mug', 'en');
    await openInTelegram(page, '/en/products/porcelain-mug', { colorScheme: 'dark' });
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    if (process.env.E2E_SCREENSHOTS) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${E2E_RESULTS_DIR}/share-product-telegram-dark-360.png` });
    }
    await main(page).getByRole('button', { name: 'Share' }).click();

    // Telegram's share sheet: t.me/share/url with the Mini App link and the product's name.
    await expect.poll(async () => (await eventsOf(page, 'web_app_open_tg_link')).length).toBe(1);
    const [opened] = await eventsOf(page, 'web_app_open_tg_link');
    const target = new URL(`https://t.me${(opened as { path_full: string }).path_full}`);
    expect(target.pathname).toBe('/share/url');
    expect(target.searchParams.get('url')).toBe(
      `https://t.me/${E2E_BOT_USERNAME}/${E2E_MINI_APP_NAME}?startapp=product_porcelain-mug`,
    );
    expect(target.searchParams.get('text')).toBe(product.name);

    // The friend who taps it: Telegram opens the Mini App with that start parameter.
    await openInTelegram(page, '/', { startParam: 'product_porcelain-mug' });
    await expect(page).toHaveURL((url) => url.pathname === '/en/products/porcelain-mug');
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });

  test('Share on the web copies the page link and says so', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Chromium on Linux has no system share sheet: the copy is what a shopper here gets.
    await page.goto('/en/products/porcelain-mug');
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    if (process.env.E2E_SCREENSHOTS) {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${E2E_RESULTS_DIR}/share-product-light-360.png` });
    }
    await main(page).getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseURL}/en/products/porcelain-mug`,
    );
  });

  test('quantity steppers and chips tick as the choice changes', async ({ page }) => {
    await openInTelegram(page, '/en/products/porcelain-mug');
    await main(page).getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => selectionTicks(page)).toBe(1);
    await main(page).getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => selectionTicks(page)).toBe(2);

    await page.goto('/en');
    const chips = main(page).getByRole('navigation', { name: 'Categories' });
    await chips.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/products\?category=/);
    await expect.poll(() => selectionTicks(page)).toBe(1);
  });

  test('checkout: the name from Telegram, and "Close anyway?" while input is unsaved', async ({
    page,
    request,
  }) => {
    await signInInTelegram(page);
    // Not on a page without input.
    expect(await closingConfirmation(page)).not.toBe(true);
    await checkoutWith(page, request, 'en', [await lineOf(request, 'porcelain-mug', 'en')]);

    // The fresh account has no name: Telegram's profile fills it, and it stays editable.
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('Dilnoza');
    await expect(page.getByRole('textbox', { name: 'Surname' })).toHaveValue('Karimova');
    expect(await closingConfirmation(page)).not.toBe(true);
    await name.fill('Aziza');
    await expect(name).toHaveValue('Aziza');
    await expect.poll(() => closingConfirmation(page)).toBe(true);

    // Leaving the checkout (its draft stays in the tab) turns it off again.
    await pressBackButton(page);
    await expect(page).not.toHaveURL(/\/checkout/);
    await expect.poll(() => closingConfirmation(page)).toBe(false);
  });
});

test.describe('Telegram comforts with a Yandex Maps key', () => {
  test.use({ baseURL: `http://127.0.0.1:${E2E_MAPS_PORT}` });

  test('vertical swipes are off while the courier map is open', async ({ page, request }) => {
    await standInYandexMaps(page);
    await signInInTelegram(page, { dataDir: E2E_MAPS_DATA_DIR });
    await checkoutWith(page, request, 'en', [await lineOf(request, 'porcelain-mug', 'en')]);
    await main(page)
      .getByRole('radio', { name: /Courier delivery/ })
      .check();
    expect(await verticalSwipes(page)).toBeUndefined();

    await page.getByRole('button', { name: 'Pick the point on the map' }).click();
    await expect(
      page.getByRole('application', { name: 'Map: tap where the courier should come' }),
    ).toBeVisible();
    await expect.poll(() => verticalSwipes(page)).toBe(false);

    // Back to pickup: the map is gone, and so is the block on swipes.
    await main(page)
      .getByRole('radio', { name: /Pickup/ })
      .first()
      .check();
    await expect(page.getByRole('application')).toHaveCount(0);
    await expect.poll(() => verticalSwipes(page)).toBe(true);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { storedCart } from '../support/browser-state';
import {
  backButtonVisible,
  mainButtonState,
  openInTelegram,
  pressBackButton,
  pressMainButton,
  telegramEvents,
} from '../support/telegram';

test.describe('browsing inside Telegram', () => {
  /** Whether any stylesheet on the page carries Telegram UI's rules (their classes start tgui-). */
  const hasTelegramUiStyles = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.styleSheets).some((sheet) =>
        Array.from(sheet.cssRules).some((rule) => rule.cssText.includes('.tgui-')),
      ),
    );

  test("Telegram UI's root and stylesheet wrap the app inside Telegram, and a browser loads neither", async ({
    page,
    browser,
  }) => {
    await openInTelegram(page, '/ru', { languageCode: 'ru', colorScheme: 'dark' });
    await expect(page.locator('.app-root')).toHaveClass(/tgui-/);
    expect(await hasTelegramUiStyles(page)).toBe(true);

    const browserPage = await browser.newPage();
    await browserPage.goto(new URL('/ru', page.url()).href);
    await expect(browserPage.getByRole('banner')).toBeVisible();
    await expect(browserPage.locator('.app-root')).not.toHaveClass(/tgui-/);
    expect(await hasTelegramUiStyles(browserPage)).toBe(false);
    await browserPage.close();
  });

  test('search sits at the top of home; a suggestion opens the product with its MainButton', async ({
    page,
  }) => {
    await openInTelegram(page, '/en', { languageCode: 'en' });
    await expect(page.getByRole('banner')).toHaveCount(0);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search' });
    await expect(box).toBeVisible();
    await box.fill('mug');
    await page.getByRole('option', { name: /Porcelain mug/ }).click();
    await expect(page).toHaveURL(/\/en\/products\/porcelain-mug$/);

    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Add to cart');
    expect(await mainButtonState(page)).toMatchObject({ is_visible: true, is_active: true });
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    // The page's own "Add to cart" gives way to the MainButton.
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'White' }).check();
    await pressMainButton(page);
    await expect.poll(async () => (await storedCart(page)).length).toBe(1);
    await expect
      .poll(async () =>
        (await telegramEvents(page)).some((e) => e.type === 'web_app_trigger_haptic_feedback'),
      )
      .toBe(true);
  });

  test('the Search tab reaches the search box from any page and focuses it', async ({ page }) => {
    await openInTelegram(page, '/en/products/porcelain-mug', { languageCode: 'en' });
    await expect(page.getByRole('heading', { level: 1, name: /Porcelain mug/ })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Search' })
      .click();
    await expect(page).toHaveURL(/\/en\/products$/);
    const box = page.getByRole('searchbox', { name: 'Search' });
    await expect(box).toBeFocused();
    await box.fill('kazan');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/en\/products\?q=kazan$/);
    await expect(page.getByRole('link', { name: /Cast-iron kazan/ })).toBeVisible();
  });

  test('the BackButton climbs back through catalogue, category, list and product', async ({
    page,
  }) => {
    await openInTelegram(page, '/en', { languageCode: 'en' });
    await expect.poll(() => backButtonVisible(page)).not.toBe(true);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Catalogue' })
      .click();
    await expect(page).toHaveURL(/\/en\/catalog$/);
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await page.getByRole('link', { name: /^Kitchen/ }).click();
    await expect(page).toHaveURL(/\/en\/catalog\?category=kitchen$/);
    await page.getByRole('link', { name: 'Cookware', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/products\?category=cookware$/);

    // With the filters open, the BackButton closes them and stays on the list.
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await pressBackButton(page);
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/en\/products\?category=cookware$/);

    // Filters replace the list's URL rather than stacking history entries.
    await page.getByRole('button', { name: 'Filters' }).click();
    await sheet.getByRole('checkbox', { name: /^In stock only/ }).check();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/en\/products\?category=cookware&in_stock=1$/);

    await page.getByRole('list', { name: 'Cookware' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/en\/products\/[a-z0-9-]+$/);
    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Add to cart');

    await pressBackButton(page);
    await expect(page).toHaveURL(/\/en\/products\?category=cookware&in_stock=1$/);
    // Leaving the product hides its MainButton.
    await expect.poll(async () => (await mainButtonState(page))?.is_visible).toBe(false);
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/en\/catalog\?category=kitchen$/);
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/en\/catalog$/);
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/en$/);
    await expect.poll(() => backButtonVisible(page)).toBe(false);
  });

  test('the language switch in the footer keeps the page and its query', async ({ page }) => {
    await openInTelegram(page, '/ru/products?category=cookware&sort=price_desc', {
      languageCode: 'ru',
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Посуда для готовки' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Язык' }).click();
    await page.getByRole('menuitemradio', { name: 'Oʻzbekcha' }).click();
    await expect(page).toHaveURL(/\/uz\/products\?category=cookware&sort=price_desc$/);
    await expect(page.getByRole('combobox', { name: 'Saralash' })).toHaveValue('price_desc');
  });

  test('info pages and the blog open inside Telegram too', async ({ page }) => {
    await openInTelegram(page, '/uz/delivery', { languageCode: 'uz' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.prose p').first()).not.toBeEmpty();
    await page.goto('/uz/blogs');
    await page.getByRole('main').getByRole('listitem').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/uz\/blogs\/[a-z0-9-]+$/);
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/uz\/blogs$/);
  });

  test('dark: the chrome takes the page colour; a shop map opens through openLink (ru, 360 px)', async ({
    page,
    context,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openInTelegram(page, '/ru/markets', { languageCode: 'ru', colorScheme: 'dark' });
    // The stand-in's dark theme paints the page #212121: header, background and bottom bar follow.
    const lastColour = async (type: string) =>
      (
        (await telegramEvents(page)).filter((e) => e.type === type).at(-1)?.data as
          { color?: string } | undefined
      )?.color;
    await expect.poll(() => lastColour('web_app_set_header_color')).toBe('#212121');
    expect(await lastColour('web_app_set_background_color')).toBe('#212121');
    expect(await lastColour('web_app_set_bottom_bar_color')).toBe('#212121');
    expect(await pageBackground(page)).toBe('rgb(33, 33, 33)');

    const mapLink = page.locator('a[href^="https://yandex.uz/maps/"]').first();
    await expect(mapLink).toBeVisible();
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: testInfo.outputPath('markets-telegram-dark.png'),
        fullPage: true,
      });
    }
    const href = await mapLink.getAttribute('href');
    await mapLink.click();
    await expect
      .poll(async () =>
        (await telegramEvents(page))
          .filter((e) => e.type === 'web_app_open_link')
          .map((e) => (e.data as { url: string }).url),
      )
      .toEqual([href]);
    // Telegram opens it; the Mini App neither navigated nor opened a tab of its own.
    await expect(page).toHaveURL(/\/ru\/markets/);
    expect(context.pages()).toHaveLength(1);

    // Telegram switches to another dark theme: theme_changed alone repaints the chrome.
    await page.evaluate(() => {
      const w = window as unknown as {
        Telegram: { WebView: { receiveEvent(type: string, data?: unknown): void } };
      };
      w.Telegram.WebView.receiveEvent('theme_changed', {
        theme_params: { bg_color: '#1a2b3c', text_color: '#ffffff', secondary_bg_color: '#10202f' },
      });
    });
    await expect.poll(() => lastColour('web_app_set_header_color')).toBe('#1a2b3c');
    expect(await lastColour('web_app_set_bottom_bar_color')).toBe('#1a2b3c');

    // The shop's own "Light" theme inside a dark Telegram: the chrome follows the page again.
    await page.getByRole('button', { name: 'Тема' }).click();
    await page.getByRole('menuitemradio', { name: 'Светлая' }).click();
    await expect.poll(() => lastColour('web_app_set_header_color')).toBe('#ffffff');
    expect(await lastColour('web_app_set_background_color')).toBe('#ffffff');
    expect(await pageBackground(page)).toBe('rgb(255, 255, 255)');
  });
});

function pageBackground(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

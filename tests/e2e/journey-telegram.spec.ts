import { expect, test } from '@playwright/test';
import { storedCart } from '../support/browser-state';
import { uniquePhone } from '../support/sms-outbox';
import {
  backButtonVisible,
  mainButtonState,
  openInTelegram,
  pressBackButton,
  pressMainButton,
  telegramEvents,
} from '../support/telegram';
import { completeSignIn } from '../support/sign-in';

test.describe('inside Telegram: launch parameters, BackButton, MainButton', () => {
  test('the app tells Telegram it is ready and takes the theme and language from the launch', async ({
    page,
  }) => {
    await openInTelegram(page, '/', { languageCode: 'ru', colorScheme: 'dark' });
    // The init data's language_code wins over the browser's English for a prefix-less path.
    await expect(page).toHaveURL(/\/ru$/);
    await expect
      .poll(async () => (await telegramEvents(page)).some((e) => e.type === 'web_app_ready'))
      .toBe(true);
    // Theme parameters are bound as CSS variables.
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim(),
        ),
      )
      .toBe('#212121');
    // Viewport and safe areas from Telegram are bound as CSS variables too.
    const cssVar = (name: string) =>
      page.evaluate(
        (n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(),
        name,
      );
    await expect.poll(() => cssVar('--tg-viewport-safe-area-inset-top')).toBe('24px');
    await expect.poll(() => cssVar('--tg-viewport-content-safe-area-inset-top')).toBe('48px');
    await expect.poll(() => cssVar('--tg-viewport-stable-height')).toMatch(/^\d+px$/);
    // The standalone header is not shown inside Telegram; the root screen has no BackButton.
    await expect(page.getByRole('banner')).toHaveCount(0);
    expect(await backButtonVisible(page)).not.toBe(true);
  });

  test('a shopper buys through the MainButton: add to cart, checkout, sign in, place order', async ({
    page,
  }) => {
    const phone = uniquePhone();
    await openInTelegram(page, '/en/products/porcelain-mug', { languageCode: 'en' });
    await expect(page.getByRole('heading', { level: 1, name: /Porcelain mug/ })).toBeVisible();
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Add to cart');
    expect(await mainButtonState(page)).toMatchObject({ is_visible: true, is_active: true });

    await page.getByRole('radio', { name: 'Terracotta' }).check();
    await pressMainButton(page);
    await expect.poll(async () => (await storedCart(page)).length).toBe(1);
    // Haptic feedback on add.
    await expect
      .poll(async () =>
        (await telegramEvents(page)).some((e) => e.type === 'web_app_trigger_haptic_feedback'),
      )
      .toBe(true);

    await page.goto('/en/cart');
    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Checkout');
    await pressMainButton(page);
    await expect(page).toHaveURL(/\/en\/sign-in/);

    await completeSignIn(page, phone);
    await expect(page).toHaveURL(/\/en\/checkout$/);

    await page.getByRole('radiogroup', { name: /shop/i }).getByRole('radio').first().check();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Jamshid');
    await page.getByRole('textbox', { name: 'Surname' }).fill('Toshmatov');
    await expect.poll(async () => (await mainButtonState(page))?.text).toBe('Place order');
    await pressMainButton(page);
    await expect(page.getByText('Order confirmed!')).toBeVisible();
    await expect(page.getByText('Thank you for your order!')).toBeVisible();
    // While the order call ran, the MainButton showed its loader.
    const events = await telegramEvents(page);
    expect(
      events.some(
        (e) =>
          e.type === 'web_app_setup_main_button' &&
          (e.data as { is_progress_visible?: boolean }).is_progress_visible === true,
      ),
    ).toBe(true);
  });

  test('the BackButton goes back through the screens', async ({ page }) => {
    await openInTelegram(page, '/en', { languageCode: 'en' });
    await page.locator('main a[href^="/en/products/"]').first().click();
    await expect(page).toHaveURL(/\/en\/products\//);
    await expect.poll(() => backButtonVisible(page)).toBe(true);
    await pressBackButton(page);
    await expect(page).toHaveURL(/\/en$/);
    await expect.poll(() => backButtonVisible(page)).toBe(false);
  });
});

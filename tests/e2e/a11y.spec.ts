// axe-core on the shopper's screens, standalone in the light palette and inside Telegram's dark
// theme: home, a category listing, a product page, sign-in, the markets page, and signed in with
// an item in the cart: the cart, checkout and the account page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatMoney, type Language } from '@shop/shared';
import { checkoutWith, lineOf } from '../support/checkout';
import { apiProduct } from '../support/shop-api';
import { completeSignIn } from '../support/sign-in';
import { uniquePhone } from '../support/sms-outbox';
import { openInTelegram } from '../support/telegram';
import { DARK_THEME } from '../support/telegram-themes';

const main = (page: Page) => page.getByRole('main');

// axe measures colours as drawn: a button fading in from disabled (opacity 0.15 s) read mid-fade
// is a false contrast failure. The app's reduced-motion rule makes every transition instant.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Runs axe on the page as it is now; fails listing each rule broken and where. */
async function expectNoViolations(page: Page, screen: string): Promise<void> {
  // Nothing still loading: skeletons and spinners are not what a shopper reads.
  await expect(page.locator('[aria-busy="true"], .skeleton, .spinner')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page })
    // WCAG 2.2's 24 px tap targets: off in axe by default, on in Lighthouse's audit.
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
        .join('\n'),
  );
  expect.soft(report, `axe on ${screen}`).toEqual([]);
}

/**
 * The public screens, then sign-in, then the signed-in ones with an item in the cart. Inside
 * Telegram a plain page.goto keeps the launch parameters (the SDK keeps them for the session).
 */
async function checkEveryScreen(
  page: Page,
  request: APIRequestContext,
  lang: Language,
): Promise<void> {
  await expect(main(page).getByRole('heading').first()).toBeVisible();
  await expect(main(page).getByRole('listitem').getByRole('link').first()).toBeVisible();
  await expectNoViolations(page, 'home');

  await page.goto(`/${lang}/products?category=cookware`);
  await expect(main(page).getByRole('listitem').getByRole('link').first()).toBeVisible();
  await expectNoViolations(page, 'a category listing');

  const product = await apiProduct(request, 'porcelain-mug', lang);
  await page.goto(`/${lang}/products/porcelain-mug`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expectNoViolations(page, 'a product page');

  await page.goto(`/${lang}/markets`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main(page).getByRole('link').first()).toBeVisible();
  await expectNoViolations(page, 'the markets page');

  await page.goto(`/${lang}/sign-in?next=/${lang}/account`);
  await expect(page.getByRole('textbox').first()).toBeVisible();
  await expectNoViolations(page, 'sign-in');
  await completeSignIn(page, uniquePhone(), lang);
  // By the path: the sign-in page's own address ends in `?next=/{lang}/account` too.
  await expect(page).toHaveURL((url) => url.pathname === `/${lang}/account`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The saved cards have come: their button is no longer the faded, disabled one of loading.
  await expect(page.locator('.saved-cards > .btn')).toBeEnabled();
  await expectNoViolations(page, 'the account page');

  // The cart (an item in it, saved for the signed-in shopper), then checkout.
  const line = await lineOf(request, 'porcelain-mug', lang);
  await checkoutWith(page, request, lang, [line]);
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main(page).getByRole('radio').first()).toBeVisible();
  await expectNoViolations(page, 'checkout');
  await page.goto(`/${lang}/cart`);
  await expect(main(page).getByText(line.name).first()).toBeVisible();
  await expectNoViolations(page, 'the cart');
}

test.describe('accessibility (axe-core)', () => {
  // Eight screens, each waited for and audited: longer than one journey's minute.
  test.setTimeout(180_000);

  test('standalone, light palette: no violations on any screen; product cards announce price and stock', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/en');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    // A card is named by the product and described by its price and stock.
    const product = await apiProduct(request, 'porcelain-mug', 'en');
    await page.goto('/en/products?category=tableware');
    const card = main(page).getByRole('link', { name: product.name, exact: true }).first();
    await expect(card).toBeVisible();
    const stock = product.in_stock ? /In stock|Only \d+ left/ : /Out of stock/;
    await expect(card).toHaveAccessibleDescription(
      new RegExp(`^${formatMoney(product.price, 'en')}.*${stock.source}`),
    );

    await page.goto('/en');
    await checkEveryScreen(page, request, 'en');
  });

  test("inside Telegram's dark theme: no violations on any screen; faint theme colours are shaded", async ({
    page,
    request,
  }) => {
    await openInTelegram(page, '/ru', { languageCode: 'ru', colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'telegram');
    // White on Telegram's light blue button reads at 3.3:1: the app's buttons take a darker blue.
    const bodyToken = (name: string) =>
      page.evaluate((n) => getComputedStyle(document.body).getPropertyValue(n).trim(), name);
    await expect.poll(() => bodyToken('--app-accent')).not.toBe(DARK_THEME.button_color);
    expect(await bodyToken('--app-accent-contrast')).toBe(DARK_THEME.button_text_color);

    await checkEveryScreen(page, request, 'ru');
  });
});

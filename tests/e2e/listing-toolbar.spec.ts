// The listing's toolbar on narrow phones with a filter on: "Filters" with its count, and the
// sort order read in full in every language, never cut down to "П…".
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { openInTelegram } from '../support/telegram';

const SORT_NAMES = { uz: 'Saralash', ru: 'Сортировка', en: 'Sort' } as const;

/** With E2E_SCREENSHOTS=1, pictures of the toolbar to look at (CI does not need them). */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

/**
 * The width the select asks for when nothing squeezes it (its longest option, padding and arrow)
 * against the width it got: less means its label is cut.
 */
function widths(select: Locator): Promise<{ natural: number; given: number }> {
  return select.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLSelectElement;
    copy.style.cssText =
      'position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none';
    element.parentElement?.append(copy);
    const natural = copy.getBoundingClientRect().width;
    copy.remove();
    return { natural, given: element.getBoundingClientRect().width };
  });
}

async function expectToolbarWhole(page: Page, lang: keyof typeof SORT_NAMES, width: number) {
  await page.setViewportSize({ width, height: 700 });
  const select = page.getByRole('combobox', { name: SORT_NAMES[lang] });
  await expect(select).toBeVisible();
  const { natural, given } = await widths(select);
  expect(given, `sort at ${width} px (${lang})`).toBeGreaterThanOrEqual(natural - 0.5);
  const box = await select.boundingBox();
  expect(
    box && box.x + box.width,
    `sort's right edge at ${width} px (${lang})`,
  ).toBeLessThanOrEqual(width);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `page width at ${width} px (${lang})`,
  ).toBeLessThanOrEqual(width);
}

test('with a filter on, the sort order is read in full at 320 and 360 px in uz, ru and en', async ({
  page,
}, testInfo) => {
  // Russian last: the language chosen last is the one a Telegram launch opens in.
  for (const lang of ['uz', 'en', 'ru'] as const) {
    await page.goto(`/${lang}/products?in_stock=1&sort=price_desc`);
    // The filter's count in the button: the toolbar at its widest.
    await expect(page.locator('.listing-toolbar__count')).toHaveText('1');
    for (const width of [320, 360]) {
      await expectToolbarWhole(page, lang, width);
      await screenshot(page, testInfo, `sort-${lang}-${width}-light`);
    }
  }

  const telegram = await page.context().newPage();
  await openInTelegram(telegram, '/ru/products?in_stock=1&sort=price_desc', {
    colorScheme: 'dark',
    languageCode: 'ru',
  });
  await expect(telegram.locator('.listing-toolbar__count')).toHaveText('1');
  for (const width of [320, 360]) {
    await expectToolbarWhole(telegram, 'ru', width);
    await screenshot(telegram, testInfo, `sort-ru-${width}-telegram-dark`);
  }
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { cartLineOf, firstVariantOf, seedCart } from '../support/cart-lines';
import { checkoutWith, lineOf, signInFresh } from '../support/checkout';
import { openInTelegram } from '../support/telegram';

/** The widest line price the catalogue allows a shop to set, and the most of one line. */
const TOP_PRICE = 99_999_999;
const TOP_QUANTITY = 999;

async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  const { scrollWidth, clientWidth } = await pageWidth(page);
  expect(scrollWidth, `page width at ${width}px`).toBeLessThanOrEqual(clientWidth);

  const controls = page
    .getByRole('button', { name: /^(Remove|Increase quantity|Decrease quantity)/ })
    .or(page.getByRole('button', { name: 'Checkout' }));
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const box = await controls.nth(i).boundingBox();
    expect(box, `control ${i} at ${width}px`).not.toBeNull();
    if (!box) continue;
    expect(box.x, `control ${i} left edge at ${width}px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `control ${i} right edge at ${width}px`).toBeLessThanOrEqual(width);
  }
}

test('cart lines, totals and buttons fit 320, 360 and 412 px screens at the highest prices', async ({
  page,
  request,
}) => {
  // The armchair at its own price (2,390,000), and lines at the top price and quantity.
  const armchair = await firstVariantOf(request, 'soft-armchair');
  const mug = await firstVariantOf(request, 'porcelain-mug');
  const kazan = await firstVariantOf(request, 'cast-iron-kazan');
  await seedCart(page, [
    cartLineOf(armchair.product, armchair.variant, 2),
    cartLineOf(mug.product, mug.variant, TOP_QUANTITY, TOP_PRICE),
    cartLineOf(kazan.product, kazan.variant, 1, TOP_PRICE),
  ]);
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/en/cart');
  await expect(page.getByText('99,899,999,001 sum').first()).toBeVisible();
  for (const width of [320, 360, 412]) await expectNoSidewaysScroll(page, width);

  // Russian writes the same amounts with spaces and a longer currency word.
  await page.goto('/ru/cart');
  await expect(page.getByRole('button', { name: /^Удалить/ }).first()).toBeVisible();
  await page.setViewportSize({ width: 320, height: 800 });
  const { scrollWidth, clientWidth } = await pageWidth(page);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});

/**
 * What inside `scope` is wider than its own box: text run past its border or over its neighbour.
 * Scroll containers (a carousel, a table that scrolls) are left out: overflowing is their job.
 */
async function overflowingIn(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          style.overflowX === 'visible' &&
          style.display !== 'inline' &&
          element.clientWidth > 0 &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map(
        (element) =>
          `${element.getAttribute('class') ?? element.tagName} "${element.textContent.trim().slice(0, 40)}": ${String(element.scrollWidth)} px in ${String(element.clientWidth)}`,
      ),
  );
}

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`the checkout keeps every word inside its box at 320, 360 and 412 px (${lang})`, async ({
    page,
    request,
  }) => {
    await signInFresh(page, lang, `/${lang}`);
    // A cheap line and the dearest kind of price ("2 390 000 soʻm" left a name 11 px at 320).
    await checkoutWith(page, request, lang, [
      await lineOf(request, 'porcelain-mug', lang),
      await lineOf(request, 'soft-armchair', lang),
    ]);
    // Pickup at a shop, paid on receipt: every kind of choice the form has is on screen, the
    // cash-or-card one ("Наличными", one long word) among them.
    const main = page.getByRole('main');
    await main.getByRole('radio').first().check();
    await main.getByRole('radiogroup').nth(1).getByRole('radio').first().check();
    await expect(main.locator('input[name="receipt-payment"]')).toHaveCount(2);
    for (const width of [320, 360, 412]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await overflowingIn(main), `wider than their box at ${String(width)}px`).toEqual([]);
      const { scrollWidth, clientWidth } = await pageWidth(page);
      expect(scrollWidth, `page width at ${String(width)}px`).toBeLessThanOrEqual(clientWidth);
    }
  });
}

test("a product's specifications keep their names clear of their values at 320 and 360 px", async ({
  page,
}) => {
  // "Страна производства" (country of manufacture): the longest name of the demo catalogue.
  for (const lang of ['ru', 'uz'] as const) {
    await page.goto(`/${lang}/products/soft-armchair`);
    const specs = page.locator('.specs');
    await expect(specs.locator('dt')).not.toHaveCount(0);
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await overflowingIn(specs), `${lang} at ${String(width)}px`).toEqual([]);
    }
  }
});

/** The tab bar's name in each language (`nav.main`). */
const TAB_BAR_NAME = { uz: 'Asosiy menyu', ru: 'Основная навигация', en: 'Main navigation' };

/**
 * What is wrong with the tab labels as drawn: a label on more than one line, text run past its
 * tab, or labels not on one line with each other.
 */
async function tabLabelProblems(tabBar: Locator): Promise<string[]> {
  return tabBar.evaluate((root) => {
    const problems: string[] = [];
    const lines = Array.from(root.querySelectorAll('a')).map((tab) => {
      const label = tab.querySelector(':scope > span:not(.tab__icon)');
      if (!label) return { text: '(none)', top: NaN, bottom: NaN };
      const text = label.textContent.trim();
      // The text's own boxes, one per line: a label cut short or run out would show here.
      const range = document.createRange();
      range.selectNodeContents(label);
      const boxes = Array.from(range.getClientRects()).filter((box) => box.width > 0);
      const tops = new Set(boxes.map((box) => Math.round(box.top)));
      if (tops.size !== 1) problems.push(`"${text}" on ${String(tops.size)} lines`);
      const own = tab.getBoundingClientRect();
      const left = Math.min(...boxes.map((box) => box.left));
      const right = Math.max(...boxes.map((box) => box.right));
      if (left < own.left - 0.5 || right > own.right + 0.5) {
        problems.push(
          `"${text}" runs past its tab: ${String(left)}–${String(right)} in ${String(own.left)}–${String(own.right)}`,
        );
      }
      return {
        text,
        top: Math.min(...boxes.map((box) => box.top)),
        bottom: Math.max(...boxes.map((box) => box.bottom)),
      };
    });
    const [first, ...rest] = lines;
    for (const line of rest) {
      if (!first) break;
      if (Math.abs(line.top - first.top) > 0.5 || Math.abs(line.bottom - first.bottom) > 0.5) {
        problems.push(`"${line.text}" out of line with "${first.text}"`);
      }
    }
    return problems;
  });
}

for (const lang of ['uz', 'ru', 'en'] as const) {
  test(`every tab label is on one line, in line with the others, at 320 and 360 px (${lang})`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/${lang}`);
    // A guest's bar (Sign in), and inside Telegram the wider one with Search and Cart too.
    const inTelegram = await context.newPage();
    await inTelegram.setViewportSize({ width: 360, height: 740 });
    await openInTelegram(inTelegram, `/${lang}`, { languageCode: lang });
    for (const [mode, shown] of [
      ['standalone', page],
      ['Telegram', inTelegram],
    ] as const) {
      const tabBar = shown.getByRole('navigation', { name: TAB_BAR_NAME[lang] });
      await expect(tabBar.getByRole('link')).toHaveCount(mode === 'Telegram' ? 5 : 3);
      for (const width of [320, 360]) {
        await shown.setViewportSize({ width, height: 740 });
        expect(await tabLabelProblems(tabBar), `${mode}, ${lang} at ${String(width)}px`).toEqual(
          [],
        );
      }
    }
  });
}

/** A colour's alpha as the browser computes it (rgb(), rgba() or color(srgb … / a)). */
function alphaOf(colour: string): number {
  const alpha = /^rgba\(.*,\s*([\d.]+)\)$/.exec(colour) ?? /\/\s*([\d.]+)\s*\)$/.exec(colour);
  return alpha?.[1] === undefined ? 1 : Number(alpha[1]);
}

async function backgroundAlpha(locator: Locator): Promise<number> {
  return alphaOf(await locator.evaluate((element) => getComputedStyle(element).backgroundColor));
}

/** Where the tab bar begins, from the top of the screen. */
const topOf = async (locator: Locator) => (await locator.boundingBox())?.y ?? 0;

/**
 * The lowest edge of anything in the page's flow (main and footer) once scrolled to the end,
 * against the top of the tab bar: the end of the page must come clear of it.
 */
async function pageEndUnderTabBar(page: Page, tabBar: Locator): Promise<string[]> {
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  const barTop = await topOf(tabBar);
  return page.evaluate(
    (limit) =>
      Array.from(document.querySelectorAll('main *, footer *'))
        .filter((element) => getComputedStyle(element).position !== 'fixed')
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.height > 0 && box.bottom > limit + 0.5)
        .map(
          ({ element, box }) =>
            `${element.getAttribute('class') ?? element.tagName} "${element.textContent.trim().slice(0, 30)}" ends at ${String(box.bottom)}, bar at ${String(limit)}`,
        ),
    barTop,
  );
}

test.describe('the bars over a 360×740 screen', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('light: solid header and tab bar; the cart’s Checkout is in view above the tab bar (uz)', async ({
    page,
    request,
  }) => {
    const mug = await firstVariantOf(request, 'porcelain-mug');
    const armchair = await firstVariantOf(request, 'soft-armchair');
    await seedCart(page, [
      cartLineOf(mug.product, mug.variant, 2),
      cartLineOf(armchair.product, armchair.variant, 1),
    ]);
    await page.goto('/uz/cart');
    const tabBar = page.getByRole('navigation', { name: TAB_BAR_NAME.uz });
    const checkout = page.getByRole('button', { name: 'Rasmiylashtirish' });
    await expect(checkout).toBeVisible();
    // Nothing of the page shows through either bar.
    expect(await backgroundAlpha(page.getByRole('banner'))).toBe(1);
    expect(await backgroundAlpha(tabBar)).toBe(1);

    // On opening the cart, and wherever it is scrolled, Checkout is on screen, above the bar.
    for (const scrolled of [0, 200, 10_000]) {
      await page.evaluate((y) => {
        window.scrollTo(0, y);
      }, scrolled);
      const box = await checkout.boundingBox();
      const barTop = await topOf(tabBar);
      expect(box, `Checkout at scroll ${String(scrolled)}`).not.toBeNull();
      if (!box) continue;
      expect(box.y, `Checkout's top at scroll ${String(scrolled)}`).toBeGreaterThanOrEqual(0);
      expect(
        box.y + box.height,
        `Checkout's bottom at scroll ${String(scrolled)}`,
      ).toBeLessThanOrEqual(barTop);
    }
    expect(await pageEndUnderTabBar(page, tabBar)).toEqual([]);
  });

  test('Telegram dark: a solid tab bar, and the end of every page comes clear of it (uz)', async ({
    page,
  }) => {
    await openInTelegram(page, '/uz', { languageCode: 'uz', colorScheme: 'dark' });
    const tabBar = page.getByRole('navigation', { name: TAB_BAR_NAME.uz });
    await expect(tabBar).toBeVisible();
    expect(await backgroundAlpha(tabBar)).toBe(1);
    expect(await pageEndUnderTabBar(page, tabBar)).toEqual([]);
  });
});

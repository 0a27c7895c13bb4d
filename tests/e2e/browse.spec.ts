import { expect, test, type Page } from '@playwright/test';
import type { ProductsFilter } from '@shop/shared';
import { storedCart } from '../support/browser-state';
import { apiProduct, apiProducts, findLowStockVariant } from '../support/shop-api';
import { uniquePhone } from '../support/sms-outbox';
import { completeSignIn } from '../support/sign-in';

/** The product list of /products, named by the page title ("All products", "Cookware", …). */
const productList = (page: Page, name = 'All products') =>
  page.getByRole('main').getByRole('list', { name, exact: true });

const cards = (page: Page, name?: string) => productList(page, name).getByRole('link');

function query(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

// The catalogue's tiles, /categories, /brands and a product page's variants, quantity, texts and
// specifications are walked inside Telegram (browse-coverage-telegram.spec.ts), the same screens
// with Telegram's buttons; here what the open web adds: the address, the browser's Back and
// Reload, the buttons Telegram replaces, and a guest's "Buy in one click".
test.describe('browsing the catalogue (standalone web)', () => {
  // What the sheet, its facets, the chips and the sort show and do is a component test
  // (webapp/src/features/catalog/listing/filters-*.test.tsx); here the address keeps the list
  // through a reload and a visit to a product.
  test('filters in the sheet and the sort change the URL and the list; reload and Back keep them', async ({
    page,
    request,
  }) => {
    await page.goto('/en/products');
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('checkbox', { name: /^Chinnigar\s*\d+$/ }).check();
    await sheet.getByRole('checkbox', { name: /^In stock only\s*\d+$/ }).check();
    await sheet.getByRole('textbox', { name: 'From' }).fill('50000');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(sheet).toBeHidden();
    await expect.poll(() => query(page).getAll('brands')).toEqual(['chinnigar']);

    await page.getByRole('combobox', { name: 'Sort' }).selectOption('price_asc');
    await expect.poll(() => query(page).get('sort')).toBe('price_asc');
    const filter: ProductsFilter = { brands: ['chinnigar'], in_stock: true, price_min: 50_000 };
    const cheapest = await apiProducts(request, { ...filter, sort: 'price_asc', per_page: 20 });
    const firstName = cheapest.data[0]?.name ?? '';
    await expect(cards(page).first()).toHaveAccessibleName(firstName);

    // A reload shows the same list from the URL alone.
    const url = page.url();
    await page.reload();
    await expect(cards(page).first()).toHaveAccessibleName(firstName);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('price_asc');
    await expect(page.getByRole('button', { name: 'Remove filter: Chinnigar' })).toBeVisible();

    // Into a product and Back: the same filtered, sorted list.
    await cards(page).first().click();
    await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(url);
    await expect(cards(page).first()).toHaveAccessibleName(firstName);
  });

  test('"Show more" adds the next page under the first; the URL keeps how many are shown', async ({
    page,
    request,
  }) => {
    const firstPage = await apiProducts(request, { page: 1, per_page: 20 });
    expect(firstPage.meta.last_page).toBeGreaterThan(2);
    await page.goto('/en/products');
    await expect(cards(page)).toHaveCount(20);
    const first = firstPage.data[0]?.name ?? '';
    await expect(cards(page).first()).toHaveAccessibleName(first);

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(cards(page)).toHaveCount(40);
    await expect(cards(page).first()).toHaveAccessibleName(first);
    expect(query(page).get('page')).toBe('2');

    await page.reload();
    await expect(cards(page)).toHaveCount(40);
    await expect(page.getByText(`Showing 40 of ${firstPage.meta.total}`)).toBeVisible();

    // Paging by hand in the URL works too, and past the end shows what there is.
    await page.goto('/en/products?page=999');
    await expect(cards(page)).toHaveCount(firstPage.meta.total);
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  });

  test('bad values in the URL are dropped: the list shows, with no error and no 4xx', async ({
    page,
    request,
  }) => {
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/resources/products')) statuses.push(response.status());
    });
    const all = await apiProducts(request, { per_page: 1 });
    await page.goto(
      '/en/products?category=Not%20a%20slug&brands=%3Cb%3E&price_min=abc&price_max=1e3&in_stock=maybe' +
        '&attr_Color=x&attr_size=%20&sort=cheapest&page=-1',
    );
    await expect(page.getByText(`Products: ${all.meta.total}`)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('popular');
    // The first page came with the HTML (the server reads the address as the app does); any
    // call the app still makes asks what the backend accepts.
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(statuses.length).toBeLessThanOrEqual(2);
  });

  test('home: a carousel with controls, categories and "See all" into the sorted list', async ({
    page,
  }) => {
    await page.goto('/en');
    const carousel = page.getByRole('region', { name: 'Offers' });
    await expect(carousel).toBeVisible();
    const firstSlide = carousel.locator('img').first();
    await expect(firstSlide).toHaveAttribute('fetchpriority', 'high');
    await expect(firstSlide).toHaveAttribute('width', /\d+/);
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeDisabled();
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('button', { name: 'Slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeEnabled();

    await expect(
      page.getByRole('navigation', { name: 'Categories' }).getByRole('link').first(),
    ).toHaveAttribute('href', /\/en\/products\?category=[a-z0-9-]+$/);

    const seeAllNew = page.getByRole('link', { name: /^See all: / }).first();
    await seeAllNew.click();
    await expect(page).toHaveURL(/\/en\/products\?sort=(new|popular)$/);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue(/^(new|popular)$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test('product page: three stock states, breadcrumbs with links, related products', async ({
    page,
    request,
  }) => {
    const low = await findLowStockVariant(request);
    await page.goto(`/en/products/${low.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: low.name })).toBeVisible();
    for (const value of low.values) await page.getByRole('radio', { name: value }).check();
    await expect(
      page.locator('.product__info').getByText(`Only ${low.quantity} left`),
    ).toBeVisible();

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/en');
    await expect(crumbs.getByRole('link').last()).toHaveAttribute(
      'href',
      /\/en\/products\?category=[a-z0-9-]+$/,
    );
    const related = page.getByRole('region', { name: 'You may also like' });
    await expect(related.getByRole('link').first()).toHaveAttribute('href', /\/en\/products\//);
    await expect(
      page.locator('.gallery img').first(),
      'the first photo is fetched first',
    ).toHaveAttribute('fetchpriority', 'high');

    // Plenty left: "In stock"; every variant sold out: "Out of stock" and nothing to buy.
    const { data } = await apiProducts(request, { per_page: 100, in_stock: true });
    const plenty = data.find((p) => p.variants.length === 1 && (p.variants[0]?.quantity ?? 0) > 5);
    if (!plenty) throw new Error('The demo seed has no single-variant product with more than 5');
    const info = page.locator('.product__info');
    await page.goto(`/en/products/${plenty.slug}`);
    await expect(info.getByText('In stock', { exact: true })).toBeVisible();
    await page.goto('/en/products/ceramic-casserole');
    await expect(info.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Buy in one click' })).toBeDisabled();
  });

  test('"Buy in one click" as a guest: sign in, then checkout of that item alone; the cart stays', async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    const [mug, saucepans] = await Promise.all([
      apiProduct(request, 'porcelain-mug', 'en'),
      apiProduct(request, 'stainless-saucepan-set', 'en'),
    ]);
    await page.goto(`/en/products/${mug.slug}`);
    await page.getByRole('radio', { name: 'Blue' }).check();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(async () => (await storedCart(page)).length).toBe(1);
    const cart = await storedCart(page);

    await page.goto(`/en/products/${saucepans.slug}`);
    await page.getByRole('button', { name: 'Buy in one click' }).click();
    await expect(page).toHaveURL(/\/en\/sign-in/);
    await completeSignIn(page, phone);
    await expect(page).toHaveURL(/\/en\/checkout$/);
    await expect(
      page.getByText('Buying this item in one click: your cart stays as it is.'),
    ).toBeVisible();
    await expect(page.getByRole('main').getByText(saucepans.name).first()).toBeVisible();
    await expect(page.getByRole('main').getByText(mug.name)).toHaveCount(0);
    expect(await storedCart(page)).toEqual(cart);
  });
});

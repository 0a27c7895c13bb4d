import { expect, test, type Page } from '@playwright/test';
import { apiProducts } from '../support/shop-api';

/** The product list of /products, named by the page title. */
const productList = (page: Page) =>
  page.getByRole('main').getByRole('list', { name: 'All products', exact: true });

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches a URL by its path and query, whatever the origin. */
const endsWith = (pathAndQuery: string) => new RegExp(`${escapeRegExp(pathAndQuery)}$`);

test.describe('home sections lead on to their whole list (standalone web)', () => {
  test('every section has a "See all" named after it', async ({ page }) => {
    await page.goto('/en');
    for (const [section, query] of [
      ['New arrivals', '?sort=new'],
      ['Popular', '?sort=popular'],
      ['On sale', '?discounted=1'],
    ] as const) {
      const region = page.getByRole('region', { name: section, exact: true });
      await expect(region.getByRole('link', { name: `See all: ${section}` })).toHaveAttribute(
        'href',
        `/en/products${query}`,
      );
    }
  });

  test('"See all" of On sale lists discounted products only, and the URL survives a reload', async ({
    page,
    request,
  }) => {
    const onSale = await apiProducts(request, { discounted: true, per_page: 24 });
    const all = await apiProducts(request, { per_page: 1 });
    expect(onSale.meta.total).toBeGreaterThan(0);
    expect(onSale.meta.total).toBeLessThan(all.meta.total);
    const names = onSale.data.map((product) => product.name);

    await page.goto('/en');
    await page
      .getByRole('region', { name: 'On sale', exact: true })
      .getByRole('link', { name: 'See all: On sale' })
      .click();
    await expect(page).toHaveURL(endsWith('/en/products?discounted=1'));

    const expectOnSaleList = async () => {
      await expect(page.getByText(`Products: ${onSale.meta.total}`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Remove filter: On sale' })).toBeVisible();
      const items = productList(page).getByRole('listitem');
      await expect(items).toHaveCount(names.length);
      for (const [index, name] of names.entries()) {
        const item = items.nth(index);
        await expect(item.getByRole('link')).toHaveAccessibleName(name);
        // Each card shows its struck-through old price.
        await expect(item).toContainText('Old price:');
      }
    };
    await expectOnSaleList();

    await page.reload();
    await expect(page).toHaveURL(endsWith('/en/products?discounted=1'));
    await expectOnSaleList();
  });
});

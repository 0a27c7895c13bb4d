import { formatMoney, parseListingParams, type ProductsFilter } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { shopProducts } from '../../../testing/shop-api';
import { ProductsPage } from '../products-page';

const query = () => new URLSearchParams(window.location.search);
/** The filter the address now holds, as the page reads it. */
const filterOfAddress = () => parseListingParams(query()).filter;

const openListing = (path = '/en/products') => renderScreen(<ProductsPage />, { path });

const COUNT_LINE = { en: 'Products', ru: 'Товаров' } as const;

/** Waits for the count line of `filter`'s listing, as the shop answers it. */
async function expectCountOf(filter: ProductsFilter, lang: keyof typeof COUNT_LINE = 'en') {
  const { meta } = await shopProducts({ ...filter, per_page: 1 }, lang);
  expect(await screen.findByText(`${COUNT_LINE[lang]}: ${String(meta.total)}`)).toBeVisible();
  return meta.total;
}

async function openSheet(user: Awaited<ReturnType<typeof openListing>>['user'], name = 'Filters') {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
  const sheet = await screen.findByRole('dialog', { name });
  await within(sheet).findByRole('button', { name: /^(Apply|Применить)$/ });
  return sheet;
}

describe('the filters sheet on the listing', () => {
  it('opens from “Filters”; “Apply” puts the draft in the address and the list follows', async () => {
    const { user } = await openListing();
    const total = await expectCountOf({});
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    const sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('checkbox', { name: /^Chinnigar\d+$/ }));
    await user.click(within(sheet).getByRole('checkbox', { name: /^In stock only\d+$/ }));
    await user.type(within(sheet).getByRole('textbox', { name: 'From' }), '50000');
    // Nothing moves until "Apply".
    expect(window.location.search).toBe('');
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();

    expect(query().getAll('brands')).toEqual(['chinnigar']);
    expect(query().get('in_stock')).toBe('1');
    expect(query().get('price_min')).toBe('50000');
    const filtered = await expectCountOf(filterOfAddress());
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(total);
    const chips = screen.getByRole('list', { name: 'Selected filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual([
      'Remove filter: Chinnigar',
      `Remove filter: From ${formatMoney(50_000, 'en')}`,
      'Remove filter: In stock only',
    ]);
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters3');
  });

  it('closed without “Apply”, changes nothing and forgets the ticks', async () => {
    const { user } = await openListing('/en/products?sort=new');
    await expectCountOf({});
    let sheet = await openSheet(user);
    await user.click(within(sheet).getByRole('checkbox', { name: /^Chinnigar\d+$/ }));
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?sort=new');
    sheet = await openSheet(user);
    expect(within(sheet).getByRole('checkbox', { name: /^Chinnigar\d+$/ })).not.toBeChecked();
  });

  it('a colour narrows the list by its value code, with as many as its count', async () => {
    const { user } = await openListing();
    const { facets } = await shopProducts({ per_page: 1 });
    const colour = facets.attributes.find((attribute) => attribute.code === 'color');
    const value = colour?.values.find((candidate) => candidate.count > 0);
    if (!colour || !value) throw new Error('the listing has no colours');
    const sheet = await openSheet(user);
    const colours = within(sheet).getByRole('group', { name: colour.name });
    await user.click(
      within(colours).getByRole('checkbox', { name: `${value.name}${String(value.count)}` }),
    );
    await user.click(within(sheet).getByRole('button', { name: 'Apply' }));
    expect(query().getAll('attr_color')).toEqual([value.value]);
    expect(await expectCountOf({ attributes: { color: [value.value] } })).toBe(value.count);
    expect(screen.getByRole('button', { name: `Remove filter: ${value.name}` })).toBeVisible();
  });

  it('a chip takes off its own filter; “Clear all” the rest, keeping the sort', async () => {
    const { user } = await openListing('/en/products?brands=chinnigar&in_stock=1&sort=price_asc');
    await expectCountOf({ brands: ['chinnigar'], in_stock: true });
    await user.click(screen.getByRole('button', { name: 'Remove filter: In stock only' }));
    expect(query().has('in_stock')).toBe(false);
    expect(query().getAll('brands')).toEqual(['chinnigar']);
    await expectCountOf({ brands: ['chinnigar'] });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(window.location.search).toBe('?sort=price_asc');
    expect(screen.queryByRole('list', { name: 'Selected filters' })).not.toBeInTheDocument();
    await expectCountOf({});
  });

  it('nothing matches: “No products found”; “Reset filters” keeps the sort', async () => {
    const filter = { category: 'cookware', brands: ['paxta-soft'] };
    expect((await shopProducts({ ...filter, per_page: 1 })).meta.total).toBe(0);
    const { user } = await openListing('/en/products?category=cookware&brands=paxta-soft&sort=new');
    expect(await screen.findByRole('heading', { name: 'No products found' })).toBeVisible();
    expect(screen.getByText('Products: 0')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(window.location.search).toBe('?sort=new');
    await expectCountOf({});
  });

  it('the sort orders the list as the shop does', async () => {
    const { user } = await openListing('/en/products?brands=chinnigar');
    await expectCountOf({ brands: ['chinnigar'] });
    const sort = screen.getByRole('combobox', { name: 'Sort' });
    expect(sort).toHaveValue('popular');
    await user.selectOptions(sort, 'price_asc');
    expect(query().get('sort')).toBe('price_asc');
    const cheapest = await shopProducts({ brands: ['chinnigar'], sort: 'price_asc', per_page: 20 });
    const list = screen.getByRole('list', { name: 'All products' });
    await waitFor(() => {
      expect(
        within(list)
          .getAllByRole('link')
          .map((link) => link.getAttribute('aria-label')),
      ).toEqual(cheapest.data.map((product) => product.name));
    });
  });

  it('works in Russian: a brand with its count, the count line and the chip', async () => {
    const { user } = await openListing('/ru/products');
    const { facets } = await shopProducts({ per_page: 1 }, 'ru');
    const brand = [...facets.brands].sort((a, b) => b.count - a.count)[0];
    if (!brand) throw new Error('the listing has no brands');
    await expectCountOf({}, 'ru');
    const sheet = await openSheet(user, 'Фильтры');
    await user.click(
      within(sheet).getByRole('checkbox', { name: `${brand.name}${String(brand.count)}` }),
    );
    await user.click(within(sheet).getByRole('button', { name: 'Применить' }));
    expect(query().getAll('brands')).toEqual([brand.slug]);
    expect(await screen.findByText(`Товаров: ${String(brand.count)}`)).toBeVisible();
    expect(screen.getByRole('button', { name: `Убрать фильтр: ${brand.name}` })).toBeVisible();
  });
});

import { formatMoney, type Language, type ListingFilter } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { shopProducts } from '../../../testing/shop-api';
import { FiltersForm } from './filters-form';

/**
 * The form for `filter`, its facets the listing's own answer for that filter; what "Apply"
 * hands over is collected in `applied`.
 */
async function openForm(filter: ListingFilter, lang: Language = 'en', categoryName?: string) {
  const { facets } = await shopProducts({ ...filter, per_page: 1 }, lang);
  const applied: ListingFilter[] = [];
  const view = await renderScreen(
    <FiltersForm
      filter={filter}
      facets={facets}
      categoryName={categoryName}
      onApply={(next) => applied.push(next)}
    />,
    { path: `/${lang}/products` },
  );
  return { ...view, facets, applied };
}

const group = (name: string) => screen.getByRole('group', { name });
/** The options of a facet group as shown: each label with its count. */
const optionTexts = (name: string) =>
  within(group(name))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

describe('the filters form', () => {
  it('shows the listing’s facets with their counts', async () => {
    const { facets } = await openForm({});
    const categories = within(group('Category')).getAllByRole('radio');
    expect(categories.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'All categories',
      ...facets.categories.map((category) => `${category.name}${String(category.count)}`),
    ]);
    expect(categories[0]).toBeChecked();
    expect(optionTexts('Brand')).toEqual(
      facets.brands.map((brand) => `${brand.name}${String(brand.count)}`),
    );
    for (const attribute of facets.attributes) {
      expect(optionTexts(attribute.name)).toEqual(
        attribute.values.map((value) => `${value.name}${String(value.count)}`),
      );
    }
    expect(optionTexts('Availability')).toEqual([`In stock only${String(facets.in_stock_count)}`]);
    expect(optionTexts('Discounts')).toEqual(['On sale']);
    const price = group('Price, sum');
    if (!facets.price) throw new Error('the whole listing has no prices');
    expect(within(price).getByRole('textbox', { name: 'From' })).toHaveAttribute(
      'placeholder',
      formatMoney(facets.price.min, 'en'),
    );
    expect(within(price).getByRole('textbox', { name: 'To' })).toHaveAttribute(
      'placeholder',
      formatMoney(facets.price.max, 'en'),
    );
  });

  it('hands over nothing while ticked; “Apply” hands over the draft with the sort kept', async () => {
    const { user, applied, facets } = await openForm({ sort: 'price_asc' });
    const brand = facets.brands[0];
    const colour = facets.attributes[0];
    const value = colour?.values[0];
    if (!brand || !colour || !value) throw new Error('the listing has no brand or attribute');
    await user.click(
      within(group('Brand')).getByRole('checkbox', { name: new RegExp(brand.name) }),
    );
    await user.click(
      within(group(colour.name)).getByRole('checkbox', { name: new RegExp(value.name) }),
    );
    await user.click(screen.getByRole('checkbox', { name: /^In stock only/ }));
    await user.click(screen.getByRole('checkbox', { name: 'On sale' }));
    await user.click(
      screen.getByRole('radio', { name: new RegExp(facets.categories[0]?.name ?? '-') }),
    );
    await user.type(screen.getByRole('textbox', { name: 'From' }), '50000');
    expect(applied).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([
      {
        category: facets.categories[0]?.slug,
        brands: [brand.slug],
        price_min: 50_000,
        in_stock: true,
        discounted: true,
        attributes: { [colour.code]: [value.value] },
        sort: 'price_asc',
      },
    ]);
  });

  it('takes digits only for a price, and a range typed the wrong way round as meant', async () => {
    const { user, applied } = await openForm({});
    const from = screen.getByRole('textbox', { name: 'From' });
    await user.type(from, '2a0 0.00');
    expect(from).toHaveValue('20000');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '5000');
    await user.type(from, '123456789012');
    expect(from).toHaveValue('20000123456');
    await user.clear(from);
    await user.type(from, '90000');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([{ price_min: 5_000, price_max: 90_000 }]);
  });

  it('shows the filter in force ticked; “Reset” clears the draft only', async () => {
    const brand = (await shopProducts({ per_page: 1 })).facets.brands[0];
    if (!brand) throw new Error('the listing has no brands');
    const filter: ListingFilter = {
      brands: [brand.slug],
      in_stock: true,
      discounted: true,
      price_max: 900_000,
      sort: 'new',
    };
    const { user, applied } = await openForm(filter);
    expect(screen.getByRole('checkbox', { name: new RegExp(brand.name) })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^In stock only/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'On sale' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('900000');

    // One tick off, then "Reset" for the rest: "Apply" was never pressed meanwhile.
    await user.click(screen.getByRole('checkbox', { name: 'On sale' }));
    expect(screen.getByRole('checkbox', { name: 'On sale' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(applied).toEqual([]);
    expect(screen.getByRole('checkbox', { name: new RegExp(brand.name) })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^In stock only/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'All categories' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([{ sort: 'new' }]);
  });

  it('keeps a chosen category the facets do not list (a leaf) choosable, by its name', async () => {
    const { user, applied, facets } = await openForm({ category: 'cookware' }, 'en', 'Cookware');
    expect(facets.categories.some((category) => category.slug === 'cookware')).toBe(false);
    expect(screen.getByRole('radio', { name: 'Cookware' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'All categories' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(applied).toEqual([{}]);
  });

  it.each([
    ['ru', 'Цена, сум', 'Только в наличии', 'Применить', 'Сбросить', 'Бренд'],
    ['uz', 'Narx, soʻm', 'Faqat mavjudlari', 'Qoʻllash', 'Tozalash', 'Brend'],
  ] as const)(
    'speaks %s, with the facets’ names in it',
    async (lang, price, stock, apply, reset, brandLegend) => {
      const { facets } = await openForm({}, lang);
      expect(group(price)).toBeVisible();
      expect(
        screen.getByRole('checkbox', { name: `${stock}${String(facets.in_stock_count)}` }),
      ).toBeVisible();
      expect(optionTexts(brandLegend)).toHaveLength(facets.brands.length);
      for (const attribute of facets.attributes) expect(group(attribute.name)).toBeVisible();
      expect(screen.getByRole('button', { name: apply })).toBeVisible();
      expect(screen.getByRole('button', { name: reset })).toBeVisible();
    },
  );
});

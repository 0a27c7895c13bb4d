import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shopSearch } from '../../../testing/shop-api';
import { renderScreen } from '../../../testing/render-screen';
import { SUGGESTION_LIMIT } from '../api/search-products';
import { ProductsPage } from '../products-page';
import { SearchBox } from './search-box';

const here = () => `${window.location.pathname}${window.location.search}`;
const box = (name = 'Search') => screen.getByRole('searchbox', { name });
const suggestions = (name = 'Suggestions') => screen.findByRole('listbox', { name });

/** The option texts the popup should show for `query`: the suggestions' answer, then "All". */
async function expectedOptions(query: string, lang: 'en' | 'ru' | 'uz', all: string) {
  const found = await shopSearch(query, lang, SUGGESTION_LIMIT);
  return { found, names: [...found.map((product) => product.name), all] };
}

describe('the search box', () => {
  it('is a searchbox of the combobox pattern', async () => {
    const { user } = await renderScreen(<SearchBox />, { path: '/en/cart' });
    const input = box();
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).not.toHaveAttribute('aria-controls');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('search')).toHaveAttribute('action', '/en/products');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');

    await user.type(input, 'kazan');
    const list = await suggestions();
    expect(input).toHaveAttribute('aria-controls', list.id);
  });

  it.each([
    ['en', 'Search', 'Mug, towel, lamp…', 'Search'],
    ['ru', 'Поиск', 'Кружка, полотенце, лампа…', 'Найти'],
    ['uz', 'Qidiruv', 'Krujka, sochiq, chiroq…', 'Qidirish'],
  ])('is named in %s: “%s”, “%s”, button “%s”', async (lang, name, placeholder, button) => {
    await renderScreen(<SearchBox />, { path: `/${lang}/cart` });
    expect(box(name)).toHaveAttribute('placeholder', placeholder);
    expect(screen.getByRole('button', { name: button })).toHaveAttribute('type', 'submit');
  });

  it('suggests nothing for one letter; from two on, the shop’s few best and “All results”', async () => {
    const { user, queryClient } = await renderScreen(<SearchBox />, { path: '/en/cart' });
    await user.type(box(), 'k');
    // Longer than the typing pause: one letter never asks.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.type(box(), 'azan');
    const { names } = await expectedOptions('kazan', 'en', 'All results for “kazan”');
    const options = await within(await suggestions()).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      names.map((name) => expect.stringContaining(name) as unknown),
    );
    expect(options.length).toBeLessThanOrEqual(SUGGESTION_LIMIT + 1);
    // Typed faster than the pause: one question, for the whole word, for a few products.
    const asked = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['catalog', 'search'] })
      .filter((query) => query.state.dataUpdatedAt > 0)
      .map((query) => query.queryKey.slice(-2));
    expect(asked).toEqual([['kazan', SUGGESTION_LIMIT]]);
  });

  it('arrow keys move through the options and wrap through the text; Enter opens the product', async () => {
    const { user } = await renderScreen(<SearchBox />, { path: '/en/cart' });
    const input = box();
    await user.type(input, 'kazan');
    const list = await suggestions();
    const options = await within(list).findAllByRole('option');
    const { found } = await expectedOptions('kazan', 'en', '');
    const selected = () => options.findIndex((o) => o.getAttribute('aria-selected') === 'true');

    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe(0);
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(selected()).toBe(-1);
    expect(input).not.toHaveAttribute('aria-activedescendant');
    // Up from the text goes to the last option, "All results"; down from it back to the text.
    await user.keyboard('{ArrowUp}');
    expect(selected()).toBe(options.length - 1);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toBe(-1);

    const kazan = found.findIndex((product) => product.slug === 'cast-iron-kazan');
    expect(kazan).toBeGreaterThanOrEqual(0);
    for (let step = 0; step <= kazan; step += 1) await user.keyboard('{ArrowDown}');
    expect(options[kazan]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[kazan]?.id);
    await user.keyboard('{Enter}');
    expect(here()).toBe('/en/products/cast-iron-kazan');
    expect(input).toHaveValue('');
    expect(input).not.toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('a click on a suggestion opens its product; Escape closes the list and keeps the text', async () => {
    const { user } = await renderScreen(<SearchBox />, { path: '/en/blogs' });
    await user.type(box(), 'mug');
    const mug = await within(await suggestions()).findByRole('option', { name: /Porcelain mug/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveValue('mug');
    expect(box()).not.toHaveAttribute('aria-controls');
    // The arrows open it again, then a click picks.
    await user.keyboard('{ArrowDown}');
    await user.click(
      await within(await suggestions()).findByRole('option', { name: mug.textContent }),
    );
    expect(here()).toBe('/en/products/porcelain-mug');
  });

  it('Enter or the button without a pick shows the results; “All results” does too', async () => {
    const { user } = await renderScreen(<SearchBox />, { path: '/en' });
    await user.type(box(), '  kazan {Enter}');
    expect(here()).toBe('/en/products?q=kazan');
    expect(box()).not.toHaveFocus();

    await user.clear(box());
    await user.type(box(), 'mug');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(here()).toBe('/en/products?q=mug');

    await user.clear(box());
    await user.type(box(), 'towel');
    const all = await within(await suggestions()).findByRole('option', {
      name: 'All results for “towel”',
    });
    await user.click(all);
    expect(here()).toBe('/en/products?q=towel');
  });

  it('only spaces ask for nothing and go nowhere', async () => {
    const { user } = await renderScreen(<SearchBox />, { path: '/en/cart' });
    await user.type(box(), '   {Enter}');
    expect(here()).toBe('/en/cart');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Search', 'Nothing found'],
    ['ru', 'Поиск', 'Ничего не найдено'],
    ['uz', 'Qidiruv', 'Hech narsa topilmadi'],
  ])('a word nothing matches says so in the popup (%s)', async (lang, name, nothing) => {
    const { user } = await renderScreen(<SearchBox />, { path: `/${lang}` });
    await user.type(box(name), 'zzqxwv');
    expect(await screen.findByRole('status')).toHaveTextContent(nothing);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box(name)).not.toHaveAttribute('aria-controls');
  });

  it('finds a Cyrillic word and names the products in the page’s language', async () => {
    const { user } = await renderScreen(<SearchBox />, { path: '/ru/cart' });
    await user.type(box('Поиск'), 'казан');
    const all = 'Все результаты по запросу «казан»';
    const { found, names } = await expectedOptions('казан', 'ru', all);
    expect(found.some((product) => product.slug === 'cast-iron-kazan')).toBe(true);
    const options = await within(await suggestions('Подсказки')).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      names.map((name) => expect.stringContaining(name) as unknown),
    );
  });

  it('finds a word one letter short of a product’s', async () => {
    const { user } = await renderScreen(<SearchBox />, { path: '/en/cart' });
    await user.type(box(), 'kazn');
    const typo = await shopSearch('kazn', 'en', SUGGESTION_LIMIT);
    const kazan = typo.find((product) => product.slug === 'cast-iron-kazan');
    if (!kazan) throw new Error('the shop no longer finds the kazan for “kazn”');
    const list = await suggestions();
    expect(await within(list).findByRole('option', { name: new RegExp(kazan.name) })).toBeVisible();
  });

  it('takes the focus when the page asks (the Search tab)', async () => {
    await renderScreen(<SearchBox autoFocus />, { path: '/en/products' });
    expect(box()).toHaveFocus();
  });
});

describe('the search results', () => {
  const results = (
    <>
      <SearchBox />
      <ProductsPage />
    </>
  );

  it('show the shop’s answer under “Results for …”; the box reads the query', async () => {
    await renderScreen(results, { path: '/en/products?q=kazan' });
    // The grid's skeleton holds the place while the answer is on its way.
    expect(document.querySelector('.skeleton')).not.toBeNull();
    const found = await shopSearch('kazan', 'en');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Results for “kazan”' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Search results' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(found.map((p) => p.name));
    expect(links.length).toBeLessThanOrEqual(24);
    expect(links[0]).toHaveAttribute('href', `/en/products/${found[0]?.slug ?? '-'}`);
    expect(document.querySelector('.skeleton')).toBeNull();
    expect(box()).toHaveValue('kazan');
  });

  it('say “Nothing found” with a way to the catalogue; Back returns to the earlier results', async () => {
    const { user } = await renderScreen(results, { path: '/en/products?q=kazan' });
    await screen.findByRole('list', { name: 'Search results' });
    await user.clear(box());
    await user.type(box(), 'qwxzv{Enter}');
    expect(here()).toBe('/en/products?q=qwxzv');
    expect(await screen.findByRole('heading', { name: 'Nothing found' })).toBeInTheDocument();
    expect(screen.getByText('Check the spelling or try a more general word.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the catalogue' })).toHaveAttribute(
      'href',
      '/en/catalog',
    );

    window.history.back();
    await waitFor(() => {
      expect(here()).toBe('/en/products?q=kazan');
    });
    await waitFor(() => {
      expect(box()).toHaveValue('kazan');
    });
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();
  });

  it('in Russian, for a Cyrillic query', async () => {
    await renderScreen(results, { path: '/ru/products?q=%D0%BA%D0%B0%D0%B7%D0%B0%D0%BD' });
    const ru = await shopSearch('казан', 'ru');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Результаты по запросу «казан»' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Результаты поиска' });
    expect(within(list).getAllByRole('link')[0]).toHaveAccessibleName(ru[0]?.name ?? '-');
  });

  it('in Uzbek, when nothing is found', async () => {
    await renderScreen(results, { path: '/uz/products?q=qwxzv' });
    expect(await screen.findByRole('heading', { name: 'Hech narsa topilmadi' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Katalogga oʻtish' })).toHaveAttribute(
      'href',
      '/uz/catalog',
    );
  });
});

import { LANGUAGE_COOKIE } from '@shop/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CartPage } from '../../features/cart/cart-page';
import { withOutlet } from '../../lib/router';
import { cartItemFor } from '../../testing/cart-items';
import { renderScreen, type ScreenOptions } from '../../testing/render-screen';
import { phoneSeries, signIn } from '../../testing/shopper';
import { AppShell } from '../app-shell';
import { DefaultLayout } from './default-layout';

const nextPhone = phoneSeries(31);

/** The shop's frame (shell, header, tab bar, footer) around the cart page, as the router builds it. */
function openShop(path = '/en/cart', prepare?: ScreenOptions['prepare']) {
  const page = withOutlet(<AppShell />, withOutlet(<DefaultLayout />, <CartPage />));
  return renderScreen(<>{page}</>, { path, ...(prepare ? { prepare } : {}) });
}

/** The shop's header: the first banner (jsdom also counts the page title's <header> as one). */
const header = () => screen.getAllByRole('banner')[0] ?? document.body;
/** The tab bar: the last of the two main navigations (the header's moves up on wide screens). */
const tabBar = (name = 'Main navigation') =>
  screen.getAllByRole('navigation', { name }).at(-1) ?? document.body;
const links = (root: HTMLElement) =>
  within(root)
    .getAllByRole('link')
    .map((link) => [
      link.getAttribute('aria-label') ?? link.textContent,
      link.getAttribute('href'),
    ]);
const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitemradio');

afterEach(() => {
  document.cookie = `${LANGUAGE_COOKIE}=; max-age=0; path=/`;
});

describe('the shop’s header and tab bar', () => {
  it('offer a guest the catalogue, the shops, sign-in and the cart; back on inner pages', async () => {
    await openShop();
    expect(links(header())).toEqual([
      ['Uy Shop, home page', '/en'],
      ['Catalogue', '/en/catalog'],
      ['Our shops', '/en/markets'],
      ['Sign in', '/en/sign-in'],
      ['Cart (0)', '/en/cart'],
    ]);
    expect(within(header()).getByRole('button', { name: 'Back' })).toBeVisible();
    expect(links(tabBar())).toEqual([
      ['Home', '/en'],
      ['Catalogue', '/en/catalog'],
      ['Sign in', '/en/sign-in'],
    ]);
    // Outside Telegram the header carries the search and the cart: never twice.
    expect(within(tabBar()).queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();
    expect(within(header()).getByRole('searchbox', { name: 'Search' })).toBeVisible();
    expect(within(tabBar()).getByRole('link', { name: 'Catalogue' })).not.toHaveClass(
      'tab--active',
    );
  });

  it('go back home from a page opened directly', async () => {
    const { user } = await openShop('/en/cart');
    await user.click(within(header()).getByRole('button', { name: 'Back' }));
    expect(window.location.pathname).toBe('/en');
  });

  it('mark home’s tab and leave out the back button on home', async () => {
    await openShop('/en');
    expect(within(header()).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(within(tabBar()).getByRole('link', { name: 'Home' })).toHaveClass('tab--active');
    expect(within(tabBar()).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('lead a signed-in shopper to the account', async () => {
    await openShop('/en/cart', (services) => signIn(services, nextPhone()));
    expect(within(header()).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/en/account',
    );
    expect(within(tabBar()).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/en/account',
    );
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('count the items in the cart, up to “99+”', async () => {
    const { item } = await cartItemFor('porcelain-mug', { quantity: 3 });
    const { services } = await openShop('/en', (prepared) => {
      prepared.cart.getState().add(item);
    });
    const cart = within(header()).getByRole('link', { name: 'Cart (3)' });
    expect(cart).toHaveTextContent('3');
    act(() => {
      services.cart.getState().setQuantity(item.product_id, 120);
    });
    const many = services.cart.getState().items[0]?.quantity ?? 0;
    expect(
      within(header()).getByRole('link', { name: `Cart (${String(many)})` }),
    ).toHaveTextContent(many > 99 ? '99+' : String(many));
  });

  it('speak the page’s language', async () => {
    await openShop('/ru/cart');
    expect(within(header()).getByRole('link', { name: 'Каталог' })).toBeVisible();
    expect(within(header()).getByRole('link', { name: 'Войти' })).toBeVisible();
    expect(within(header()).getByRole('button', { name: 'Язык' })).toHaveTextContent('RU');
    expect(within(header()).getByRole('button', { name: 'Тема' })).toBeVisible();
    expect(
      within(tabBar('Основная навигация')).getByRole('link', { name: 'Главная' }),
    ).toBeVisible();
  });
});

describe('the language menu', () => {
  it('is a menu button: opens on the current language, arrows, Home/End and Escape move and close', async () => {
    const { user } = await openShop();
    const button = within(header()).getByRole('button', { name: 'Language' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Language' }).id).toBe(
      button.getAttribute('aria-controls'),
    );
    const items = menuItems();
    expect(items.map((item) => [item.textContent, item.getAttribute('lang')])).toEqual([
      ['Oʻzbekcha', 'uz'],
      ['Русский', 'ru'],
      ['English', 'en'],
    ]);
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'true',
    ]);
    expect(items[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    // From the keyboard: the arrows open it; Tab leaves it closed.
    await user.keyboard('{ArrowDown}');
    expect(menuItems()[2]).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // A press outside closes it; choosing the language shown changes nothing.
    await user.click(button);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    expect(window.location.pathname).toBe('/en/cart');
  });

  it('keeps the page and its query in each language, and remembers the choice', async () => {
    const { user } = await openShop('/en/cart?from=menu#top');
    const steps = [
      { from: 'Language', to: 'Oʻzbekcha', lang: 'uz', empty: 'Savatingiz boʻsh' },
      { from: 'Til', to: 'Русский', lang: 'ru', empty: 'Ваша корзина пуста' },
      { from: 'Язык', to: 'English', lang: 'en', empty: 'Your cart is empty' },
    ] as const;
    for (const step of steps) {
      await user.click(within(header()).getByRole('button', { name: step.from }));
      await user.click(screen.getByRole('menuitemradio', { name: step.to }));
      await waitFor(() => {
        expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
          `/${step.lang}/cart?from=menu#top`,
        );
      });
      expect(await screen.findByText(step.empty)).toBeVisible();
      expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=${step.lang}`);
    }
  });
});

describe('the theme menu', () => {
  it('offers the four themes; the choice colours the page and is kept for the next visit', async () => {
    const { user, unmount } = await openShop();
    const button = within(header()).getByRole('button', { name: 'Theme' });
    await user.click(button);
    expect(menuItems().map((item) => item.textContent)).toEqual([
      'Light',
      'Dark',
      'Default',
      'Auto',
    ]);
    await user.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(button).toHaveFocus();
    unmount();

    await openShop();
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await user.click(within(header()).getByRole('button', { name: 'Theme' }));
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it.each([
    ['ru', 'Тема', ['Светлая', 'Тёмная', 'По умолчанию', 'Авто']],
    ['uz', 'Mavzu', ['Yorugʻ', 'Qorongʻi', 'Standart', 'Avtomatik']],
  ] as const)('names the themes in %s', async (lang, name, themes) => {
    const { user } = await openShop(`/${lang}/cart`);
    await user.click(within(header()).getByRole('button', { name }));
    expect(menuItems().map((item) => item.textContent)).toEqual(themes);
  });
});

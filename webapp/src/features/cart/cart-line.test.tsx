import { cartTotal, formatMoney, ORDER_LINE_QUANTITY_LIMIT, type CartItem } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppServices } from '../../lib/services/services';
import { cartItemFor, fewLeftItem, wellStockedItem } from '../../testing/cart-items';
import { renderScreen } from '../../testing/render-screen';
import { shopProduct } from '../../testing/shop-api';
import { phoneSeries, signIn } from '../../testing/shopper';
import { CartPage } from './cart-page';

const nextPhone = phoneSeries(11);

/** The cart page with `items` in the cart, as if put there on an earlier visit. */
function openCart(items: readonly CartItem[], path = '/en/cart') {
  return renderScreen(<CartPage />, {
    path,
    prepare: (services: AppServices) => {
      for (const item of items) services.cart.getState().add(item);
    },
  });
}

/** The cart line (list item) whose name links to its product. */
async function lineNamed(name: string): Promise<HTMLElement> {
  const link = await screen.findByRole('link', { name });
  const line = link.closest('li');
  if (!line) throw new Error(`${name} is not in a cart line`);
  return line;
}

/** Money as the screen reads, its narrow spaces as plain ones (as text matchers compare). */
const money = (amount: number, lang: 'en' | 'ru') => formatMoney(amount, lang).replace(/\s/g, ' ');

const stored = (services: AppServices) =>
  services.cart.getState().items.map((item) => [item.product_id, item.quantity]);

describe('a cart line', () => {
  afterEach(() => {
    delete window.__SHOP_CONFIG__;
  });

  it('names the product and its options in the page’s language, with price and totals', async () => {
    const { item } = await cartItemFor('porcelain-mug', { quantity: 2 });
    const { item: pans } = await cartItemFor('stainless-saucepan-set');
    await openCart([item, pans], '/ru/cart');
    const ru = await shopProduct('porcelain-mug', 'ru');
    const variant = ru.variants.find((v) => v.product_id === item.product_id);
    const line = await lineNamed(ru.name);
    for (const attribute of variant?.attributes ?? []) {
      expect(line).toHaveTextContent(`${attribute.name}: ${attribute.value}`);
    }
    expect(line).toHaveTextContent(money(item.price * 2, 'ru'));
    expect(within(line).getByRole('group', { name: `Количество: ${ru.name}` })).toHaveTextContent(
      '2',
    );
    expect(within(line).getByRole('link', { name: ru.name })).toHaveAttribute(
      'href',
      '/ru/products/porcelain-mug',
    );
    expect(screen.getByText('Товаров: 3')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Итого' });
    const total = formatMoney(cartTotal([item, pans]), 'ru');
    expect(
      within(summary)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual([total, total]);
  });

  it('“+” and “−” change the quantity and the totals; “−” at one and the bin remove', async () => {
    const { item } = await cartItemFor('porcelain-mug');
    const { item: pans } = await cartItemFor('stainless-saucepan-set');
    const { user, services } = await openCart([item, pans]);
    const mug = await lineNamed(item.name);
    await user.click(
      within(mug).getByRole('button', { name: `Increase quantity of ${item.name}` }),
    );
    expect(within(mug).getByRole('group', { name: `Quantity of ${item.name}` })).toHaveTextContent(
      '2',
    );
    expect(mug).toHaveTextContent(money(item.price * 2, 'en'));
    expect(screen.getByText('Items: 3')).toBeVisible();
    expect(stored(services)).toEqual([
      [item.product_id, 2],
      [pans.product_id, 1],
    ]);
    const decrease = within(mug).getByRole('button', { name: `Decrease quantity of ${item.name}` });
    await user.click(decrease);
    // At one "−" stays on: one more press takes the line away.
    expect(decrease).toBeEnabled();
    await user.click(decrease);
    expect(screen.queryByRole('link', { name: item.name })).not.toBeInTheDocument();
    expect(stored(services)).toEqual([[pans.product_id, 1]]);

    const set = await lineNamed(pans.name);
    await user.click(within(set).getByRole('button', { name: `Remove ${pans.name}` }));
    expect(screen.getByText('Your cart is empty')).toBeVisible();
    expect(stored(services)).toEqual([]);
  });

  it('“+” stops at the stock and says why', async () => {
    const { item, left } = await fewLeftItem(2, 5);
    const { user, services } = await openCart([{ ...item, quantity: left - 1 }]);
    const line = await lineNamed(item.name);
    const increase = within(line).getByRole('button', {
      name: `Increase quantity of ${item.name}`,
    });
    await user.click(increase);
    // Whether the stock was read before the press or after, "+" stops there.
    expect(await within(line).findByText(`Only ${left} in stock`)).toBeVisible();
    expect(increase).toBeDisabled();
    await user.click(increase);
    expect(stored(services)).toEqual([[item.product_id, left]]);
  });

  it('“+” stops at the stock and says why in Russian', async () => {
    const { item, left } = await fewLeftItem(1, 5);
    await openCart([{ ...item, quantity: left }], '/ru/cart');
    const name = (await shopProduct(item.slug, 'ru')).name;
    const line = await lineNamed(name);
    expect(await within(line).findByText(`В наличии только ${left} шт.`)).toBeVisible();
    expect(
      within(line).getByRole('button', { name: `Увеличить количество: ${name}` }),
    ).toBeDisabled();
  });

  it('above its stock: “Only N left” and a way to it; a sold-out line; checkout held till fixed', async () => {
    const { item, left } = await fewLeftItem(1, 5);
    // Every variant of the casserole is sold out (a named fixture of the demo seed).
    const { item: soldOut, variant } = await cartItemFor('ceramic-casserole');
    expect(variant.quantity).toBe(0);
    const { user, services } = await openCart([{ ...item, quantity: left + 2 }, soldOut]);

    const short = await lineNamed(item.name);
    expect(await within(short).findByText(`Only ${left} left`)).toBeVisible();
    const gone = await lineNamed(soldOut.name);
    expect(await within(gone).findByText('Sold out')).toBeVisible();
    expect(gone).toHaveTextContent('Remove it to check out.');
    expect(
      within(gone).getByRole('button', { name: `Increase quantity of ${soldOut.name}` }),
    ).toBeDisabled();
    const checkout = screen.getByRole('button', { name: 'Checkout' });
    expect(checkout).toBeDisabled();
    expect(screen.getByText('Change the items marked above to check out.')).toBeVisible();

    await user.click(within(short).getByRole('button', { name: `Change to ${left}` }));
    expect(
      within(short).getByRole('group', { name: `Quantity of ${item.name}` }),
    ).toHaveTextContent(String(left));
    expect(
      within(short).getByRole('button', { name: `Increase quantity of ${item.name}` }),
    ).toBeDisabled();
    expect(within(short).getByText(`Only ${left} in stock`)).toBeVisible();
    expect(checkout).toBeDisabled();

    await user.click(within(gone).getByRole('button', { name: `Remove ${soldOut.name}` }));
    expect(checkout).toBeEnabled();
    expect(
      screen.queryByText('Change the items marked above to check out.'),
    ).not.toBeInTheDocument();
    expect(stored(services)).toEqual([[item.product_id, left]]);
  });

  it('a variant or product the shop no longer sells says so and holds checkout', async () => {
    const { item } = await cartItemFor('porcelain-mug');
    const withdrawn = { ...item, product_id: 999_999_001 };
    const unknown = { ...item, product_id: 999_999_002, slug: 'no-such-product', name: 'Old lamp' };
    await openCart([withdrawn, unknown]);
    await waitFor(() => {
      expect(screen.getAllByText('No longer sold')).toHaveLength(2);
    });
    const lamp = await lineNamed('Old lamp');
    expect(lamp).toHaveTextContent('Remove it to check out.');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  });

  it(`“+” stops at the most one order line may carry (${ORDER_LINE_QUANTITY_LIMIT} by default)`, async () => {
    const item = await wellStockedItem(ORDER_LINE_QUANTITY_LIMIT + 10);
    const { user } = await openCart([{ ...item, quantity: ORDER_LINE_QUANTITY_LIMIT - 1 }]);
    const line = await lineNamed(item.name);
    const increase = within(line).getByRole('button', {
      name: `Increase quantity of ${item.name}`,
    });
    await user.click(increase);
    expect(within(line).getByRole('group', { name: `Quantity of ${item.name}` })).toHaveTextContent(
      String(ORDER_LINE_QUANTITY_LIMIT),
    );
    expect(increase).toBeDisabled();
  });

  it('“+” stops at the line limit the server set for the page', async () => {
    // What a server started with ORDER_LINE_QUANTITY_LIMIT=3 writes into the page.
    window.__SHOP_CONFIG__ = { orderLineQuantityLimit: 3 };
    const item = await wellStockedItem(10);
    const { user } = await openCart([{ ...item, quantity: 2 }]);
    const line = await lineNamed(item.name);
    const increase = within(line).getByRole('button', {
      name: `Increase quantity of ${item.name}`,
    });
    await user.click(increase);
    expect(increase).toBeDisabled();
    expect(within(line).getByRole('group', { name: `Quantity of ${item.name}` })).toHaveTextContent(
      '3',
    );
  });

  it('“Checkout” opens checkout for the cart; a guest is told of the sign-in first', async () => {
    const { item } = await cartItemFor('porcelain-mug');
    const { item: other } = await cartItemFor('stainless-saucepan-set');
    const guest = await openCart([item], '/en/cart');
    guest.services.oneClick.getState().set(other);
    expect(
      screen.getByText('You will sign in with your phone number before checkout.'),
    ).toBeVisible();
    await guest.user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(window.location.pathname).toBe('/en/checkout');
    // The cart's checkout is for the cart, not for an item bought in one click before.
    expect(guest.services.oneClick.getState().item).toBeNull();
    guest.unmount();

    await renderScreen(<CartPage />, {
      path: '/en/cart',
      prepare: async (services) => {
        await signIn(services, nextPhone());
        services.cart.getState().add(item);
      },
    });
    await lineNamed(item.name);
    expect(
      screen.queryByText('You will sign in with your phone number before checkout.'),
    ).not.toBeInTheDocument();
  });
});

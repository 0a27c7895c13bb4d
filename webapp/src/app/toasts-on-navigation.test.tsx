// What the notifications do when the shopper changes page: one that offers a way on from the page
// it was shown on ("Added to cart · Go to cart") leaves with that page, so it never lies over the
// title of the next one; a note of what happened stays its few seconds.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductPage } from '../features/product/product-page';
import { withParams } from '../lib/router';
import { Toaster } from '../lib/ui/toaster';
import { renderScreen } from '../testing/render-screen';
import { SiteHeader } from './layouts/site-header';

/** The mug's page as the standalone app frames it: the header with the cart, the toasts. */
const mugPage = (
  <>
    <SiteHeader onBack={null} switches={null} />
    {withParams(<ProductPage />, { slug: 'porcelain-mug' })}
    <Toaster />
  </>
);

async function addTheMug() {
  const screenParts = await renderScreen(mugPage, { path: '/en/products/porcelain-mug' });
  await screenParts.user.click(await screen.findByRole('button', { name: 'Add to cart' }));
  const notes = screen.getByRole('region', { name: 'Notifications' });
  expect(within(notes).getByRole('status')).toHaveTextContent('Added to cart');
  return { ...screenParts, notes };
}

describe('notifications on a change of page', () => {
  it('takes "Added to cart" away once the cart is open, opened from the header', async () => {
    const { user, notes } = await addTheMug();
    await user.click(screen.getByRole('link', { name: 'Cart (1)' }));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/en/cart');
    });
    expect(within(notes).queryByRole('status')).toBeNull();
  });

  it('takes it away when the shopper goes elsewhere instead', async () => {
    const { user, notes } = await addTheMug();
    await user.click(screen.getByRole('link', { name: 'Uy Shop, home page' }));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/en');
    });
    expect(within(notes).queryByRole('status')).toBeNull();
  });

  it('keeps a note of what happened on the page it leads to', async () => {
    const { services, router } = await renderScreen(mugPage, {
      path: '/en/products/porcelain-mug',
    });
    // As "Order again" tells what it could not add, then opens the cart.
    services.toasts.getState().show({ kind: 'info', message: 'Not enough left of: Mug' });
    await router.navigate('/en/cart');
    const notes = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notes).getByRole('status')).toHaveTextContent('Not enough left of: Mug');
  });
});

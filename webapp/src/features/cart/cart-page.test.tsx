import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render-screen';
import { CartPage } from './cart-page';

describe('the cart page', () => {
  it('says the cart is empty', async () => {
    await renderScreen(<CartPage />, { path: '/en/cart' });
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });
});

// The checkout page as its route composes it (the cards feature's picker passed in), for a
// shopper signed in through the real sign-in calls with `items` in the cart.
import type { CartItem, Language } from '@shop/shared';
import { CheckoutRoute } from '../app/routes/checkout-route';
import { renderScreen, type RenderedScreen } from './render-screen';
import { signIn } from './shopper';

export function renderCheckout({
  phone,
  items,
  lang = 'en',
}: {
  phone: string;
  items: readonly CartItem[];
  lang?: Language;
}): Promise<RenderedScreen> {
  return renderScreen(<CheckoutRoute />, {
    path: `/${lang}/checkout`,
    texts: ['ordering'],
    prepare: async (services) => {
      await signIn(services, phone);
      for (const item of items) services.cart.getState().add(item);
    },
  });
}

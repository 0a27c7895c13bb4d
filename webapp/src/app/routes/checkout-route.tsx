import { CardChooser } from '../../features/cards/card-chooser';
import { CheckoutPage } from '../../features/checkout/checkout-page';

/** Checkout, with the cards feature's picker for paying by card. */
export function CheckoutRoute() {
  return <CheckoutPage CardChooser={CardChooser} />;
}

import { CardChooser } from '../../features/cards/card-chooser';
import { PaymentPage } from '../../features/checkout/payment-page';

/** The payment page of an unpaid card order, with the cards feature's picker. */
export function PaymentRoute() {
  return <PaymentPage CardChooser={CardChooser} />;
}

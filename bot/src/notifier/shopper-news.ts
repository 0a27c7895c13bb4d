// Which order events reach the shopper's chats. A prepaid order is confirmed once its money is in,
// never with a "Thank you" before it.
import { isPrepaid, type OrderEvent } from '@shop/shared';

/**
 * A card order's confirmation that it is paid (its payment received, or an order placed that
 * was already paid): a chat gets one per order, whichever of them comes first.
 */
export function isPaidConfirmation(event: OrderEvent): boolean {
  const { order } = event;
  if (!isPrepaid(order.payment_type)) return false;
  return (
    event.type === 'payment_received' ||
    (event.type === 'order_placed' && order.payment_status === 'paid')
  );
}

/**
 * Whether the shopper's chats are told of the event. Not told:
 * - a card order placed and not paid yet: the paid confirmation follows with the money, and an
 *   order never paid is cancelled when its payment hold runs out, which the chat is told;
 * - a card declined while the order is still new: the decline answers the shopper's own payment
 *   on the payment page, which says so there and offers another card.
 */
export function tellsShopper(event: OrderEvent): boolean {
  const { order } = event;
  if (!isPrepaid(order.payment_type)) return true;
  switch (event.type) {
    case 'order_placed':
      return order.payment_status === 'paid';
    case 'payment_declined':
      return order.status !== 'new';
    default:
      return true;
  }
}

import { buildPath, type CartItem, type CreateOrderRequest, type Order } from '@shop/shared';
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { isApiError, type ClientErrorCode } from '../../lib/api/api-error';
import { usePayOrder } from './api/pay-order';
import { useLanguage } from '../../lib/i18n/use-language';
import { logWarning } from '../../lib/log';
import { useUpdateProfile } from '../../lib/auth/update-profile';
import { useServices } from '../../lib/services/services-context';
import { telegramHaptic } from '../../lib/telegram';
import { useCreateOrder } from './api/create-order';
import { declineReason } from './decline';
import { clearCheckoutDraft } from './checkout-draft';
import { profileFillFrom } from './checkout-form-values';
import { idempotencyKeyFor } from './idempotency';
import { forgetIdempotencyKey } from './idempotency-storage';

export type PlacePhase = 'idle' | 'ordering' | 'paying';

/** The browser knows it has no network (a guess the other way round proves nothing). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * An order that can wait for the network: paid on receipt, nothing more is asked of the shopper
 * after it is placed. A prepaid order is paid right after, with the shopper there.
 */
export function canWaitForNetwork(body: CreateOrderRequest): boolean {
  return body.payment_type === 'on_receipt';
}

/** Where a failed card charge leaves the shopper: its payment page, with what went wrong. */
export interface PaymentPageState {
  /** The error code of the failed charge, shown on the payment page in the shopper's language. */
  failed: ClientErrorCode;
  /** A declined charge: why, when the processor said. */
  declined?: string;
}

import { confirmedPath, paymentPath } from './order-paths';

export { confirmedPath, paymentPath };

/**
 * "Place order": creates the order (one idempotency key per body, so a retry after a lost answer
 * cannot place it twice) and, for a card order, pays it with the chosen card. Paid, or paid on
 * receipt: the confirmation. A card charge that fails leaves an unpaid order, which its payment
 * page pays with this or another card. The cart (or the one-click item) is emptied once the
 * order exists, whatever the charge did: the order holds the goods now.
 * Offline, an order paid on receipt is held with its key (so it is placed once) and sent once the
 * network is back; the shopper sees it waiting on the cart page and may cancel it there.
 */
export function usePlaceOrder({
  oneClick,
  lines,
  onPlaced,
}: {
  oneClick: boolean;
  /** What is being ordered, as cart lines: a held order shows them and gives them back. */
  lines: readonly CartItem[];
  /** Called once the order exists, before the cart empties, so the page does not bounce. */
  onPlaced: () => void;
}) {
  const lang = useLanguage();
  const services = useServices();
  const createOrder = useCreateOrder();
  const [phase, setPhase] = useState<PlacePhase>('idle');
  const leave = useLeaveCheckout(oneClick);
  const rememberRecipientName = useRememberRecipientName();
  const pay = useChargeCard(leave, () => {
    setPhase('paying');
  });

  /** Keeps the order to send later; false when it cannot be (no user to send it for). */
  const hold = (body: CreateOrderRequest, idempotencyKey: string): boolean => {
    const userId = services.auth.getState().user?.id;
    if (userId === undefined || !canWaitForNetwork(body)) return false;
    onPlaced();
    services.heldOrders.getState().hold({ idempotencyKey, userId, lang, body, lines: [...lines] });
    // The held order carries the key now; the next checkout is a new attempt. The filled form
    // stays until it is sent, ready for a cancel.
    forgetIdempotencyKey(services.session);
    telegramHaptic('success');
    leave(buildPath(lang, 'cart'));
    return true;
  };

  const place = (
    body: CreateOrderRequest,
    cardId: number,
    handlers: { onError: (error: unknown) => void },
  ) => {
    if (phase !== 'idle') return;
    const idempotencyKey = idempotencyKeyFor(services.session, body);
    if (isOffline() && hold(body, idempotencyKey)) return;
    setPhase('ordering');
    createOrder.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (answer) => {
          onPlaced();
          forgetIdempotencyKey(services.session);
          clearCheckoutDraft(services.session);
          rememberRecipientName(body);
          const order = answer.data;
          if (order.payment_type === 'card' && order.payment_status === 'unpaid') {
            pay(order, cardId);
            return;
          }
          telegramHaptic('success');
          leave(confirmedPath(lang, order.number));
        },
        onError: (error) => {
          setPhase('idle');
          // No answer: the network went away on the way. The same key makes a later send safe
          // even if this one did reach the shop.
          if (isApiError(error) && error.code === 'network_error' && hold(body, idempotencyKey)) {
            return;
          }
          handlers.onError(error);
        },
      },
    );
  };

  return { place, phase, pending: phase !== 'idle' };
}

/** Leaves checkout for `to`, then empties the cart (or the one-click item) the order now holds. */
function useLeaveCheckout(oneClick: boolean) {
  const navigate = useNavigate();
  const services = useServices();
  return (to: string, state?: PaymentPageState) => {
    // Empty the cart only once we have left, or this page would bounce to the empty cart.
    void Promise.resolve(navigate(to, { replace: true, state })).then(() => {
      if (oneClick) services.oneClick.getState().set(null);
      else services.cart.getState().clear();
    });
  };
}

/**
 * A new shopper's profile has no name yet: keep the one they just typed, so the next checkout
 * is prefilled. The order already succeeded, so a failure here is only logged. mutateAsync,
 * not mutate: its promise settles even after this page has been left for the confirmation.
 */
function useRememberRecipientName() {
  const services = useServices();
  const updateProfile = useUpdateProfile();
  return (recipient: { name: string; surname: string }) => {
    const fill = profileFillFrom(services.auth.getState().user, recipient);
    if (!fill) return;
    updateProfile.mutateAsync(fill).catch((error: unknown) => {
      logWarning('Saving the recipient name to the profile failed', error);
    });
  };
}

/**
 * Charges a placed card order with the chosen card: paid, the confirmation; not, its payment
 * page with what went wrong.
 */
function useChargeCard(
  leave: ReturnType<typeof useLeaveCheckout>,
  onPaying: () => void,
): (order: Order, cardId: number) => void {
  const lang = useLanguage();
  const payOrder = usePayOrder();
  return (order, cardId) => {
    onPaying();
    payOrder.mutate(
      { number: order.number, cardId },
      {
        onSuccess: (answer) => {
          telegramHaptic('success');
          leave(confirmedPath(lang, answer.data.number));
        },
        onError: (error) => {
          telegramHaptic('error');
          const failed: ClientErrorCode = isApiError(error) ? error.code : 'internal_error';
          const declined = declineReason(error);
          // A 401 here signs the shopper out on the payment page, whose guard leads to
          // sign-in and back to this same unpaid order.
          leave(paymentPath(lang, order.number), declined ? { failed, declined } : { failed });
        },
      },
    );
  };
}

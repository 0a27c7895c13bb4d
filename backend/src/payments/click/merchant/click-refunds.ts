// Giving a Click payment's money back: payment/reversal of its payment id, for a saved card's
// charge (click_card: the payment_id of card_token/payment) and for a payment made in the Click
// app (click: its click_paydoc_id). Asking twice refunds once: when the reversal is refused or
// unanswered, the payment's status says whether its money is back already.
import type { PaymentProvider } from '@shop/shared';
import { ProcessorError } from '../../card-processor';
import type { Refunder } from '../../refunds/refund-worker';
import type { ClickMerchantClient } from './merchant-client';
import { PAYMENT_STATUS } from './merchant-protocol';

type ReversalClient = Pick<ClickMerchantClient, 'reversePayment' | 'paymentStatus'>;

/** Reverses payment `paymentId`; answers once its money is back, also when it already was. */
export async function reverseClickPayment(
  client: ReversalClient,
  paymentId: string,
): Promise<void> {
  try {
    await client.reversePayment(paymentId);
    return;
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    // Never reached Click: nothing to look at, try again later.
    if (error.failure === 'unavailable' && error.providerCode === null) throw error;
    const status = await client.paymentStatus(paymentId);
    if (status.payment_status === PAYMENT_STATUS.reversed) return;
    throw error;
  }
}

/** The refund worker's refunders for Click: both reverse the refund's transaction id. */
export function clickRefunders(
  client: ReversalClient,
): Pick<Record<PaymentProvider, Refunder>, 'click_card' | 'click'> {
  const reverse: Refunder = (refund) => reverseClickPayment(client, refund.transactionId);
  return { click_card: reverse, click: reverse };
}

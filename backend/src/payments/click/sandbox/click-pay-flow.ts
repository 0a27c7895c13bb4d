// What Click does when the shopper presses Pay: a fresh transaction, Prepare at the shop and,
// when the shop takes it, Complete with Click's outcome (0 paid, below 0 failed at Click). Click
// stops at a refused Prepare (nothing was taken); a Complete the shop refuses or leaves
// unanswered is a payment Click gives back, kept as cancelled.
import { clickCallAmount, clickSignTime } from '../click-protocol';
import { clickForm, postToShop, type ClickCallFields, type ShopReply } from './click-calls';
import type { PayRequest } from './click-pay-request';
import type { ClickPayment, ClickPayStore } from './click-pay-store';

export interface PayFlowDeps {
  store: ClickPayStore;
  serviceId: string;
  secretKey: string;
  prepareUrl: () => string;
  completeUrl: () => string;
  now: () => Date;
  /** How long one call to the shop may take. */
  timeoutMs: number;
}

export type PayOutcome =
  | { ok: true; payment: ClickPayment }
  /** Prepare refused or unanswered: nothing taken, nothing kept. */
  | { ok: false; step: 'prepare'; why: string }
  /** Complete refused, unanswered, or Click's own failure: the payment is kept as cancelled. */
  | { ok: false; step: 'complete'; why: string; payment: ClickPayment };

function refusalOf(reply: ShopReply): string | null {
  if (!reply.answered) return `The shop did not answer (${reply.why}).`;
  if (reply.answer.error === 0) return null;
  return `The shop refused it: error ${String(reply.answer.error)} (${reply.answer.error_note ?? ''}).`;
}

/**
 * Pays `request` at the shop as Click would. `clickError` below 0 plays a payment that failed at
 * Click after Prepare (the shopper cancelled in the app, the card was declined).
 */
export async function payAtShop(
  deps: PayFlowDeps,
  request: PayRequest,
  clickError = 0,
): Promise<PayOutcome> {
  const { store } = deps;
  const fields: ClickCallFields = {
    clickTransId: store.nextId(),
    serviceId: deps.serviceId,
    clickPaydocId: store.nextId(),
    merchantTransId: request.orderNumber,
    amount: clickCallAmount(request.amount),
    error: 0,
    errorNote: 'Success',
    signTime: clickSignTime(deps.now()),
  };
  const prepared = await postToShop(
    deps.prepareUrl(),
    clickForm('prepare', fields, deps.secretKey),
    deps.timeoutMs,
  );
  const prepareRefusal = refusalOf(prepared);
  if (prepareRefusal !== null) return { ok: false, step: 'prepare', why: prepareRefusal };
  const prepareId = prepared.answered ? prepared.answer.merchant_prepare_id : null;
  if (prepareId === null || prepareId === undefined) {
    return { ok: false, step: 'prepare', why: 'The shop gave no merchant_prepare_id.' };
  }
  const outcome = clickError < 0 ? { error: clickError, errorNote: 'Payment failed' } : fields;
  const completing = {
    ...fields,
    merchantPrepareId: String(prepareId),
    error: outcome.error,
    errorNote: outcome.errorNote,
    signTime: clickSignTime(deps.now()),
  };
  const completed = await postToShop(
    deps.completeUrl(),
    clickForm('complete', completing, deps.secretKey),
    deps.timeoutMs,
  );
  const completeRefusal =
    clickError < 0
      ? `Click cancelled the payment (error ${String(clickError)}).`
      : refusalOf(completed);
  const payment: ClickPayment = {
    paydocId: fields.clickPaydocId,
    clickTransId: fields.clickTransId,
    orderNumber: request.orderNumber,
    amount: request.amount,
    state: completeRefusal === null ? 'paid' : 'cancelled',
    clickError: outcome.error,
    shopError: completed.answered ? completed.answer.error : null,
    note: completeRefusal ?? 'Paid',
    at: deps.now().toISOString(),
    reversedAt: null,
  };
  store.state.payments.push(payment);
  await store.save();
  if (completeRefusal !== null)
    return { ok: false, step: 'complete', why: completeRefusal, payment };
  return { ok: true, payment };
}

// The Click stand-in's payment endpoints: charge a confirmed token (declined, or answered late, as
// the test card says), a payment's status by its id or by our transaction parameter and its day,
// and reversal — of a saved card's charge, or of a payment made in the Click app when the
// pay-page stand-in lends its payments (`appPayments`). Only a successful payment of the current
// month can be reversed; reversing one twice is refused as "already reversed".
import {
  CardTokenPaymentBody,
  CLICK_ERRORS,
  PAYMENT_STATUS,
  tashkentDay,
} from '../merchant/merchant-protocol';
import { ClickFailure, fields, type ClickHandler } from './merchant-sandbox-requests';
import { liveClickCard } from './merchant-sandbox-cards';
import type { ClickCard, ClickPayment, ClickReversal, ClickStore } from './merchant-sandbox-store';

/** Payments made in the Click app (the pay-page stand-in's), which reversal also reaches. */
export interface ClickAppPayments {
  find(paymentId: string): { amount: number; state: 'paid' | 'reversed' } | undefined;
  markReversed(paymentId: string): void;
}

export interface MerchantPaymentsDeps {
  store: ClickStore;
  now: () => Date;
  /** Waits as a stalling card's charge does before it is answered. */
  stall: () => Promise<void>;
  appPayments?: ClickAppPayments;
}

/** Why a test card's charge is declined, or null when it goes through. */
function declineOf(behaviour: ClickCard['behaviour']): ClickFailure | null {
  switch (behaviour) {
    case 'insufficient_funds':
      return new ClickFailure(CLICK_ERRORS.insufficientFunds, 'Insufficient funds');
    case 'blocked':
      return new ClickFailure(CLICK_ERRORS.cardBlocked, 'The card is blocked');
    case 'expired':
      return new ClickFailure(CLICK_ERRORS.cardExpired, 'The card has expired');
    default:
      return null;
  }
}

/** Click's ids are numbers; an id of another shape is answered as it is. */
function idOut(id: string): number | string {
  return /^\d{1,15}$/.test(id) ? Number(id) : id;
}

const notFound = () => new ClickFailure(CLICK_ERRORS.paymentNotFound, 'Payment not found');
const alreadyReversed = () =>
  new ClickFailure(CLICK_ERRORS.alreadyReversed, 'Payment already reversed');

async function pay({ store, now, stall }: MerchantPaymentsDeps, body: unknown) {
  const asked = fields(CardTokenPaymentBody, body);
  const card = liveClickCard(store, asked.card_token);
  if (!card.verified) throw new ClickFailure(CLICK_ERRORS.tokenNotVerified, 'Card not verified');
  if (store.state.payments.some((p) => p.transactionParameter === asked.transaction_parameter)) {
    throw new ClickFailure(CLICK_ERRORS.duplicateTransaction, 'Transaction already exists');
  }
  const payment: ClickPayment = {
    paymentId: String(store.state.nextPaymentId),
    transactionParameter: asked.transaction_parameter,
    amount: asked.amount,
    card: card.masked,
    status: PAYMENT_STATUS.success,
    createdAt: now().toISOString(),
    reversedAt: null,
  };
  store.state.nextPaymentId += 1;
  store.state.payments.push(payment);
  const decline = declineOf(card.behaviour);
  if (decline) payment.status = PAYMENT_STATUS.failed;
  await store.save();
  if (decline) throw decline;
  // The money is taken; the answer is late, as when a network drops a reply.
  if (card.behaviour === 'stall') await stall();
  return { payment_id: idOut(payment.paymentId), payment_status: payment.status };
}

function status({ store, appPayments }: MerchantPaymentsDeps, paymentId: string) {
  const own = store.state.payments.find((p) => p.paymentId === paymentId);
  if (own) return { payment_id: idOut(own.paymentId), payment_status: own.status };
  const app = appPayments?.find(paymentId);
  if (!app) throw notFound();
  const paymentStatus = app.state === 'paid' ? PAYMENT_STATUS.success : PAYMENT_STATUS.reversed;
  return { payment_id: idOut(paymentId), payment_status: paymentStatus };
}

function byMti({ store }: MerchantPaymentsDeps, parameter: string, day: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
    throw new ClickFailure(CLICK_ERRORS.badRequest, 'Error in request');
  }
  const found = store.state.payments.find(
    (p) => p.transactionParameter === parameter && tashkentDay(new Date(p.createdAt)) === day,
  );
  if (!found) throw notFound();
  return { payment_id: idOut(found.paymentId), merchant_trans_id: found.transactionParameter };
}

async function reverse(deps: MerchantPaymentsDeps, paymentId: string) {
  const { store, now } = deps;
  const at = now();
  const record = (source: ClickReversal['source']) =>
    store.state.reversals.push({ paymentId, source, at: at.toISOString() });
  const own = store.state.payments.find((p) => p.paymentId === paymentId);
  if (own) {
    if (own.status === PAYMENT_STATUS.reversed) throw alreadyReversed();
    // Only this month's successful payments go back (a month is Tashkent's calendar month).
    const sameMonth =
      tashkentDay(new Date(own.createdAt)).slice(0, 7) === tashkentDay(at).slice(0, 7);
    if (own.status !== PAYMENT_STATUS.success || !sameMonth) {
      throw new ClickFailure(CLICK_ERRORS.reversalRefused, 'Payment cannot be reversed');
    }
    own.status = PAYMENT_STATUS.reversed;
    own.reversedAt = at.toISOString();
    record('card');
  } else {
    const app = deps.appPayments?.find(paymentId);
    if (!app) throw notFound();
    if (app.state === 'reversed') throw alreadyReversed();
    deps.appPayments?.markReversed(paymentId);
    record('app');
  }
  await store.save();
  return { payment_id: idOut(paymentId) };
}

export function merchantPaymentHandlers(
  deps: MerchantPaymentsDeps,
): Record<
  'card_token/payment' | 'payment/status' | 'payment/status_by_mti' | 'payment/reversal',
  ClickHandler
> {
  return {
    'card_token/payment': ({ body }) => pay(deps, body),
    'payment/status': ({ params }) => status(deps, params[1] ?? ''),
    'payment/status_by_mti': ({ params }) => byMti(deps, params[1] ?? '', params[2] ?? ''),
    'payment/reversal': ({ params }) => reverse(deps, params[1] ?? ''),
  };
}

// The card processor over Click's Merchant API (saved cards). Click has no receipts: a charge is
// one card_token/payment naming our own transaction parameter, so "creating a receipt" makes that
// parameter here (the order number, when it was made, and a random tail: unique per attempt) and
// calls nobody. A charge whose answer was lost is found by that parameter (status_by_mti) and its
// payment's status; a parameter Click has no payment for was never charged, and nothing can
// charge it later, since only the shop starts payments with it — once a charge sent a moment ago
// has had time to arrive. The money of a paid charge goes back by payment/reversal.
//
// No card number, code or token is ever put into an error message or a log line here.
import { randomBytes } from 'node:crypto';
import { ProcessorError, type CardProcessor, type ReceiptStatus } from '../../card-processor';
import { reverseClickPayment } from './click-refunds';
import {
  createClickMerchantClient,
  type ClickMerchantClient,
  type ClickMerchantOptions,
} from './merchant-client';
import { CLICK_ERRORS, PAYMENT_STATUS, tashkentDay } from './merchant-protocol';

export interface ClickProcessorOptions extends ClickMerchantOptions {
  /**
   * How long after its parameter was made a charge Click has no record of is still answered
   * 'pending' rather than 'not paid': a request that timed out may yet reach Click. 2 minutes.
   */
  lateChargeMs?: number;
}

/** How long before another code may be asked for; Click does not say. */
const CLICK_RESEND_WAIT_MS = 60_000;
const DEFAULT_LATE_CHARGE_MS = 120_000;
const TASHKENT_OFFSET_MS = 5 * 3_600_000;

/** '20260310110000': when the parameter was made, in Tashkent time. */
function stampOf(at: Date): string {
  return new Date(at.getTime() + TASHKENT_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace(/[-T:]/g, '');
}

/** When the transaction parameter was made, or null when it is not one of ours. */
export function madeAt(transactionParameter: string): Date | null {
  const match = /-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})-[0-9a-f]{6}$/.exec(
    transactionParameter,
  );
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const at = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}+05:00`);
  return Number.isNaN(at) ? null : new Date(at);
}

export function receiptStatusOf(paymentStatus: number, paymentId: string): ReceiptStatus {
  if (paymentStatus === PAYMENT_STATUS.success) {
    return { state: paymentStatus, outcome: 'paid', cancellable: false, paymentId };
  }
  if (paymentStatus < 0) {
    return { state: paymentStatus, outcome: 'not_paid', cancellable: false, paymentId };
  }
  // Created or processing: money is moving. Ask again later.
  return { state: paymentStatus, outcome: 'pending', cancellable: false, paymentId };
}

const NEVER_CHARGED: ReceiptStatus = {
  state: PAYMENT_STATUS.failed,
  outcome: 'not_paid',
  cancellable: false,
};

/** The payment a parameter named, filed under `day`; undefined when Click has none. */
async function paymentOfDay(
  client: ClickMerchantClient,
  transactionParameter: string,
  day: string,
): Promise<ReceiptStatus | undefined> {
  try {
    const found = await client.paymentByMti(transactionParameter, day);
    const status = await client.paymentStatus(found.payment_id);
    return receiptStatusOf(status.payment_status, status.payment_id);
  } catch (error) {
    if (error instanceof ProcessorError && error.providerCode === CLICK_ERRORS.paymentNotFound) {
      return undefined;
    }
    throw error;
  }
}

/** What became of the charge a parameter named (settling a charge whose answer was lost). */
async function checkCharge(
  client: ClickMerchantClient,
  transactionParameter: string,
  now: Date,
  lateChargeMs: number,
): Promise<ReceiptStatus> {
  const made = madeAt(transactionParameter);
  if (made === null) throw new ProcessorError('unavailable', 'payment/status_by_mti');
  const day = tashkentDay(made);
  // A charge sent just before midnight may be filed under the next day.
  const nextDay = tashkentDay(new Date(made.getTime() + lateChargeMs));
  const days = nextDay !== day && tashkentDay(now) >= nextDay ? [day, nextDay] : [day];
  for (const each of days) {
    const status = await paymentOfDay(client, transactionParameter, each);
    if (status) return status;
  }
  if (now.getTime() - made.getTime() < lateChargeMs) {
    return { state: PAYMENT_STATUS.created, outcome: 'pending', cancellable: false };
  }
  return NEVER_CHARGED;
}

export function createClickProcessor(options: ClickProcessorOptions): CardProcessor {
  const client = createClickMerchantClient(options);
  const now = options.now ?? (() => new Date());
  const lateChargeMs = options.lateChargeMs ?? DEFAULT_LATE_CHARGE_MS;
  // The amount of each parameter made and not yet charged: Click takes it with the charge.
  const amounts = new Map<string, number>();

  return {
    provider: 'click_card',
    async createCard(card) {
      const created = await client.requestCardToken(card);
      return {
        token: created.card_token,
        codeSent: { phone: created.phone_number, waitMs: CLICK_RESEND_WAIT_MS },
      };
    },
    sendCardCode() {
      // Click texts a code only when a card is tokenised, and its number is not kept here: a
      // new code means adding the card again.
      return Promise.reject(new ProcessorError('code_expired', 'card_token/request'));
    },
    async verifyCard(token, code) {
      await client.verifyCardToken(token, code);
    },
    async removeCard(token) {
      await client.deleteCardToken(token);
    },
    createReceipt(receipt) {
      const receiptId = `${receipt.orderNumber}-${stampOf(now())}-${randomBytes(3).toString('hex')}`;
      amounts.set(receiptId, receipt.amount);
      return Promise.resolve({ receiptId });
    },
    async payReceipt(receiptId, token) {
      const amount = amounts.get(receiptId);
      amounts.delete(receiptId);
      // Made by another process: never charged here, so nothing was done.
      if (amount === undefined) throw new ProcessorError('unavailable', 'card_token/payment');
      const paid = await client.payWithCardToken(token, amount / 100, receiptId);
      if (paid.payment_status < 0) {
        throw new ProcessorError('declined', 'card_token/payment', paid.payment_status, 'other');
      }
      return receiptStatusOf(paid.payment_status, paid.payment_id);
    },
    checkReceipt: (receiptId) => checkCharge(client, receiptId, now(), lateChargeMs),
    cancelReceipt(receiptId) {
      // Click has no receipt to cancel: a parameter never charged stays uncharged.
      amounts.delete(receiptId);
      return Promise.resolve(NEVER_CHARGED);
    },
    refundPayment: (paymentId) => reverseClickPayment(client, paymentId),
  };
}

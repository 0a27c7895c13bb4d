// The one door to the card processor. The backend asks it to tokenise a card, text the card's
// owner a code, confirm that code, and create, pay, check and cancel receipts; it answers in our
// own terms, so nothing past this interface knows a vendor's error codes or field names. Payme's
// Subscribe API (payme-processor.ts) and Click's Merchant API (click/merchant/click-processor.ts)
// implement it; in development each talks to its local stand-in (sandbox/, click/sandbox/), which
// speaks the same protocol.

/**
 * Why a call failed, as the shop has to treat it:
 * - card_invalid: the processor does not accept this card (number, expiry, blocked, unknown);
 * - sms_unavailable: the card has no SMS service, so it cannot be confirmed;
 * - code_invalid / code_expired / code_attempts_exceeded: the confirmation code;
 * - declined: the charge was refused (funds, limits, a blocked card); nothing was charged;
 * - unavailable: the processor could not be reached or refused us; nothing was done;
 * - outcome_unknown: the request may have been carried out but no answer came (a timeout, a
 *   dropped connection, a garbled answer). A charge in this state is settled with checkReceipt,
 *   never by paying again.
 */
export type ProcessorFailure =
  | 'card_invalid'
  | 'sms_unavailable'
  | 'code_invalid'
  | 'code_expired'
  | 'code_attempts_exceeded'
  | 'declined'
  | 'unavailable'
  | 'outcome_unknown';

/**
 * Why a charge was declined, as far as the processor said, so the shopper is told the thing to
 * do (another card, topping it up, calling the bank); 'other' when it did not say.
 */
export const DECLINE_REASONS = [
  'insufficient_funds',
  'card_blocked',
  'card_expired',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export class ProcessorError extends Error {
  constructor(
    readonly failure: ProcessorFailure,
    /** The processor's method, for the log. */
    readonly method: string,
    /** The processor's own error code, when it gave one (kept on declined attempts). */
    readonly providerCode: number | null = null,
    /** A declined charge: why, in our terms. */
    readonly declineReason: DeclineReason | null = null,
    message = `${method}: ${failure}${providerCode === null ? '' : ` (${providerCode})`}`,
  ) {
    super(message);
    this.name = 'ProcessorError';
  }
}

/** Where a receipt stands: paid, certainly not paid (created or cancelled), or still moving. */
export type ReceiptOutcome = 'paid' | 'not_paid' | 'pending';

export interface ReceiptStatus {
  /** The processor's own state number, kept for the log. */
  state: number;
  outcome: ReceiptOutcome;
  /** Created and never paid: cancelling it guarantees no late charge. */
  cancellable: boolean;
  /** The processor's own id of the payment, when it has one apart from the receipt (Click). */
  paymentId?: string;
}

export interface CodeSent {
  /** The masked phone the processor texted: '99890*****31'. */
  phone: string;
  /** How long before another code may be asked for. */
  waitMs: number;
}

export interface CreatedCard {
  token: string;
  /** The processor texted the confirmation code while tokenising the card (Click does), so no
   * separate sendCardCode call is made for the first code. */
  codeSent?: CodeSent;
}

export interface CardProcessor {
  /** Who charges through it: Payme's Subscribe API or Click's Merchant API. */
  readonly provider: 'payme_card' | 'click_card';
  /** Tokenises a card for repeated payments. `expire` is MMYY. */
  createCard(card: { number: string; expire: string }): Promise<CreatedCard>;
  /** Texts the card's owner a confirmation code (again, when createCard already sent one). */
  sendCardCode(token: string): Promise<CodeSent>;
  verifyCard(token: string, code: string): Promise<void>;
  removeCard(token: string): Promise<void>;
  /** A receipt for `amount` tiyin, naming our order. */
  createReceipt(receipt: {
    amount: number;
    orderNumber: string;
    description: string;
  }): Promise<{ receiptId: string }>;
  payReceipt(receiptId: string, token: string): Promise<ReceiptStatus>;
  checkReceipt(receiptId: string): Promise<ReceiptStatus>;
  cancelReceipt(receiptId: string): Promise<ReceiptStatus>;
  /**
   * Gives a paid charge's money back: `paymentId` is what the order's payment names it by (the
   * receipt id, or the processor's payment id when it has its own). Answers once the money is
   * back, also when it already was (so asking twice refunds once); throws otherwise.
   */
  refundPayment(paymentId: string): Promise<void>;
}

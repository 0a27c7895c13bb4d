// The card processor over Payme's Subscribe API (JSON-RPC 2.0 over HTTP POST). With payme-rpc.ts
// (the call itself and what its error codes mean), the only place that knows Payme's methods,
// headers and error codes; everything else sees CardProcessor.
//
// Every call has a timeout. What a failure means depends on whether the request may have been
// carried out: a refused connection certainly was not (unavailable), a timeout or a garbled
// answer may have been (outcome_unknown) — for receipts.pay that means "settle with
// receipts.check", never "pay again". No card number, code or token is ever put into an error
// message or a log line here.
import { ProcessorError, type CardProcessor, type ReceiptStatus } from './card-processor';
import {
  CardResultSchema,
  CheckResultSchema,
  ReceiptResultSchema,
  RECEIPT_STATE,
  SuccessResultSchema,
  VerifyCodeResultSchema,
} from './payme-protocol';
import { createPaymeRpc, type PaymeProcessorOptions } from './payme-rpc';

export type { PaymeProcessorOptions } from './payme-rpc';

function receiptStatus(state: number): ReceiptStatus {
  if (state === RECEIPT_STATE.paid) return { state, outcome: 'paid', cancellable: false };
  if (state === RECEIPT_STATE.created) return { state, outcome: 'not_paid', cancellable: true };
  if (state === RECEIPT_STATE.cancelled || state === RECEIPT_STATE.cancelling) {
    return { state, outcome: 'not_paid', cancellable: false };
  }
  // 1–3 and 30: money is moving; 20: held. Ask again later.
  return { state, outcome: 'pending', cancellable: false };
}

export function createPaymeProcessor(options: PaymeProcessorOptions): CardProcessor {
  const rpc = createPaymeRpc(options);

  return {
    provider: 'payme_card',
    async createCard(card) {
      const { card: created } = await rpc(
        'cards.create',
        { card: { number: card.number, expire: card.expire }, save: true },
        CardResultSchema,
      );
      return { token: created.token };
    },
    async sendCardCode(token) {
      const sent = await rpc('cards.get_verify_code', { token }, VerifyCodeResultSchema);
      if (!sent.sent) throw new ProcessorError('sms_unavailable', 'cards.get_verify_code');
      return { phone: sent.phone, waitMs: sent.wait };
    },
    async verifyCard(token, code) {
      const { card } = await rpc('cards.verify', { token, code }, CardResultSchema);
      if (!card.verify) throw new ProcessorError('code_invalid', 'cards.verify');
    },
    async removeCard(token) {
      await rpc('cards.remove', { token }, SuccessResultSchema);
    },
    async createReceipt(receipt) {
      const { receipt: created } = await rpc(
        'receipts.create',
        {
          amount: receipt.amount,
          account: { order_id: receipt.orderNumber },
          description: receipt.description,
        },
        ReceiptResultSchema,
      );
      return { receiptId: created._id };
    },
    async payReceipt(receiptId, token) {
      const { receipt } = await rpc('receipts.pay', { id: receiptId, token }, ReceiptResultSchema);
      return receiptStatus(receipt.state);
    },
    async checkReceipt(receiptId) {
      const { state } = await rpc('receipts.check', { id: receiptId }, CheckResultSchema);
      return receiptStatus(state);
    },
    async cancelReceipt(receiptId) {
      const { receipt } = await rpc('receipts.cancel', { id: receiptId }, ReceiptResultSchema);
      return receiptStatus(receipt.state);
    },
    async refundPayment(receiptId) {
      // receipts.cancel of a paid receipt returns its money; of a cancelled one, changes nothing.
      const { receipt } = await rpc('receipts.cancel', { id: receiptId }, ReceiptResultSchema);
      if (receipt.state !== RECEIPT_STATE.cancelled && receipt.state !== RECEIPT_STATE.cancelling) {
        throw new ProcessorError('unavailable', 'receipts.cancel');
      }
    },
  };
}

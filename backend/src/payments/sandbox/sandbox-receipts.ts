// The sandbox's receipt methods: create a receipt for an order, pay it with a verified card
// (declined, or answered late, as the test card says), check its state, cancel it.
import { z } from 'zod';
import { PAYME_ERRORS, RECEIPT_STATE } from '../payme-protocol';
import { objectId, params, RpcFailure, type MethodHandlers } from './rpc';
import { liveSandboxCard } from './sandbox-cards';
import type { SandboxReceipt, SandboxStore } from './sandbox-store';

const ReceiptCreateParams = z.object({
  amount: z.number().int().positive(),
  account: z.record(z.string(), z.union([z.string(), z.number()])),
  description: z.string().optional(),
});
const ReceiptPayParams = z.object({ id: z.string(), token: z.string() });
const ReceiptIdParams = z.object({ id: z.string() });

export interface SandboxReceiptsDeps {
  store: SandboxStore;
  now: () => Date;
  /** Waits as a stalling card's charge does before it is answered. */
  stall: () => Promise<void>;
}

function receiptView(receipt: SandboxReceipt) {
  const ms = (iso: string | null) => (iso === null ? 0 : Date.parse(iso));
  return {
    receipt: {
      _id: receipt.id,
      create_time: ms(receipt.createdAt),
      pay_time: ms(receipt.paidAt),
      cancel_time: ms(receipt.cancelledAt),
      state: receipt.state,
      type: 2,
      amount: receipt.amount,
      currency: 860,
      account: [{ name: 'order_id', title: 'Order', value: receipt.orderId, main: true }],
      description: receipt.description,
      card: receipt.card === null ? null : { number: receipt.card },
    },
  };
}

export function sandboxReceiptMethods({
  store,
  now,
  stall,
}: SandboxReceiptsDeps): MethodHandlers<
  'receipts.create' | 'receipts.pay' | 'receipts.check' | 'receipts.cancel'
> {
  function findReceipt(id: string): SandboxReceipt {
    const receipt = store.state.receipts.find((r) => r.id === id);
    if (!receipt) throw new RpcFailure(PAYME_ERRORS.receiptNotFound, 'Receipt not found');
    return receipt;
  }

  async function create(raw: unknown) {
    const created = params(ReceiptCreateParams, raw);
    const receipt: SandboxReceipt = {
      id: objectId(),
      amount: created.amount,
      orderId: String(created.account.order_id ?? ''),
      description: created.description ?? '',
      state: RECEIPT_STATE.created,
      createdAt: now().toISOString(),
      paidAt: null,
      cancelledAt: null,
      card: null,
    };
    store.state.receipts.push(receipt);
    await store.save();
    return receiptView(receipt);
  }

  async function pay(raw: unknown) {
    const { id, token } = params(ReceiptPayParams, raw);
    const receipt = findReceipt(id);
    if (receipt.state !== RECEIPT_STATE.created) {
      throw new RpcFailure(PAYME_ERRORS.receiptStateForbids, 'The receipt cannot be paid');
    }
    const card = liveSandboxCard(store, token);
    if (!card.verified) throw new RpcFailure(PAYME_ERRORS.tokenNotFound, 'Card not verified');
    if (card.behaviour === 'insufficient_funds') {
      throw new RpcFailure(PAYME_ERRORS.insufficientFunds, 'Insufficient funds');
    }
    if (card.behaviour === 'blocked') {
      throw new RpcFailure(PAYME_ERRORS.cardBlocked, 'The card is blocked');
    }
    receipt.state = RECEIPT_STATE.paid;
    receipt.paidAt = now().toISOString();
    receipt.card = card.masked;
    await store.save();
    // The money is taken; the answer is late, as when a network drops a reply.
    if (card.behaviour === 'stall') await stall();
    return receiptView(receipt);
  }

  async function cancel(raw: unknown) {
    const receipt = findReceipt(params(ReceiptIdParams, raw).id);
    if (receipt.state !== RECEIPT_STATE.cancelled) {
      // A paid receipt is refunded; a created one simply can never be paid now.
      receipt.state = RECEIPT_STATE.cancelled;
      receipt.cancelledAt = now().toISOString();
      await store.save();
    }
    return receiptView(receipt);
  }

  return {
    'receipts.create': create,
    'receipts.pay': pay,
    'receipts.check': (raw) => ({ state: findReceipt(params(ReceiptIdParams, raw).id).state }),
    'receipts.cancel': cancel,
  };
}

// The sandbox calling a shop's Merchant API as Payme does: JSON-RPC 2.0 over POST with
// `Authorization: Basic base64(Paycom:<key>)`, and the transactions it made remembered, so tests
// can see them and refund one as Payme's office does (CancelTransaction, reason 5).
import { z } from 'zod';
import type { Language } from '@shop/shared';
import { paymeAuthorization } from '../payme-merchant/merchant-auth';
import type { MerchantMethod } from '../payme-merchant/merchant-protocol';
import { objectId } from './rpc';

const CALL_TIMEOUT_MS = 10_000;
const REFUND_REASON = 5;

const AnswerSchema = z.union([
  z.object({ result: z.record(z.string(), z.unknown()) }),
  z.object({
    error: z.object({
      code: z.number().int(),
      message: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
    }),
  }),
]);

export type MerchantAnswer =
  { ok: true; result: Record<string, unknown> } | { ok: false; code: number; message: string };

/** A transaction the sandbox made at a shop, as it last heard of it. */
export interface MerchantTransaction {
  /** Payme's id (24 hex). */
  id: string;
  /** Payme's time, ms. */
  time: number;
  amount: number;
  orderNumber: string;
  /** The shop's id of it (`transaction`), once created. */
  transaction: string | null;
  /** The last state the shop answered. */
  state: number | null;
}

function messageIn(message: string | Record<string, string> | undefined, lang: Language): string {
  if (typeof message === 'string') return message;
  return message?.[lang] ?? message?.en ?? 'The shop refused the payment';
}

export interface MerchantCallerOptions {
  endpoint: () => string;
  key: string;
  now: () => Date;
}

export function createMerchantCaller(options: MerchantCallerOptions) {
  const made: MerchantTransaction[] = [];
  let nextId = 1;

  async function call(
    method: MerchantMethod,
    params: Record<string, unknown>,
    lang: Language,
  ): Promise<MerchantAnswer> {
    let json: unknown;
    try {
      const response = await fetch(options.endpoint(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          authorization: paymeAuthorization(options.key),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      json = await response.json();
    } catch {
      return { ok: false, code: -32300, message: 'The shop did not answer' };
    }
    const answer = AnswerSchema.safeParse(json);
    if (!answer.success) return { ok: false, code: -32300, message: 'The shop answered nonsense' };
    if ('result' in answer.data) return { ok: true, result: answer.data.result };
    const { code, message } = answer.data.error;
    return { ok: false, code, message: messageIn(message, lang) };
  }

  function remember(id: string, result: Record<string, unknown>): void {
    const entry = made.find((transaction) => transaction.id === id);
    if (!entry) return;
    if (typeof result.transaction === 'string') entry.transaction = result.transaction;
    if (typeof result.state === 'number') entry.state = result.state;
  }

  /** Check, create and perform, as Payme does when the shopper pays; the first refusal wins. */
  async function pay(orderNumber: string, amount: number, lang: Language): Promise<MerchantAnswer> {
    const account = { order_id: orderNumber };
    const check = await call('CheckPerformTransaction', { amount, account }, lang);
    if (!check.ok) return check;
    const transaction: MerchantTransaction = {
      id: objectId(),
      time: options.now().getTime(),
      amount,
      orderNumber,
      transaction: null,
      state: null,
    };
    made.push(transaction);
    const { id, time } = transaction;
    const created = await call('CreateTransaction', { id, time, amount, account }, lang);
    if (!created.ok) return created;
    remember(id, created.result);
    const performed = await call('PerformTransaction', { id }, lang);
    if (performed.ok) remember(id, performed.result);
    return performed;
  }

  /** Gives a performed transaction's money back, as Payme's office does. */
  async function refund(id: string): Promise<MerchantAnswer> {
    const answer = await call('CancelTransaction', { id, reason: REFUND_REASON }, 'en');
    if (answer.ok) remember(id, answer.result);
    return answer;
  }

  return {
    pay,
    refund,
    transactions: (): MerchantTransaction[] => made.map((transaction) => ({ ...transaction })),
  };
}

export type MerchantCaller = ReturnType<typeof createMerchantCaller>;

// What Payme's Merchant API says on the wire: its methods, the params each takes, transaction
// states and cancel reasons, and every error the shop answers with its code and its words in the
// three languages Payme shows them in. The sandbox's checkout reads the same file, so the two
// ends cannot drift apart.
import { z } from 'zod';
import type { Payability } from '../paid-orders';

export const MERCHANT_METHODS = [
  'CheckPerformTransaction',
  'CreateTransaction',
  'PerformTransaction',
  'CancelTransaction',
  'CheckTransaction',
  'GetStatement',
] as const;
export type MerchantMethod = (typeof MERCHANT_METHODS)[number];

export function isMerchantMethod(value: string): value is MerchantMethod {
  return (MERCHANT_METHODS as readonly string[]).includes(value);
}

/** Transaction states: created, performed, cancelled before perform, cancelled after (refund). */
export const TRANSACTION_STATE = {
  created: 1,
  performed: 2,
  cancelled: -1,
  cancelledAfterPerform: -2,
} as const;

/** Cancel reasons the shop itself gives (Payme's own are 1–5 and 10). */
export const CANCEL_REASON = {
  /** The transaction could not be carried out (the order can no longer take it). */
  executionFailed: 3,
  /** Created and never performed in time. */
  timeout: 4,
} as const;

/** A created transaction not performed this long is cancelled with reason 4. */
export const TRANSACTION_TIMEOUT_MS = 12 * 60 * 60 * 1000;

export interface LocalizedText {
  uz: string;
  ru: string;
  en: string;
}

export interface MerchantError {
  code: number;
  message: LocalizedText;
  /** The account field an order error is about. */
  data?: string;
}

function text(uz: string, ru: string, en: string): LocalizedText {
  return { uz, ru, en };
}

export const MERCHANT_ERRORS = {
  parse: { code: -32700, message: text('JSON xato', 'Ошибка разбора JSON', 'Parse error') },
  invalidRequest: {
    code: -32600,
    message: text('Notoʻgʻri soʻrov', 'Неверный запрос', 'Invalid request'),
  },
  methodNotFound: {
    code: -32601,
    message: text('Metod topilmadi', 'Метод не найден', 'Method not found'),
  },
  accessDenied: {
    code: -32504,
    message: text('Ruxsat yoʻq', 'Недостаточно привилегий', 'Access denied'),
  },
  system: { code: -32400, message: text('Tizim xatosi', 'Системная ошибка', 'System error') },
  wrongAmount: {
    code: -31001,
    message: text('Notoʻgʻri summa', 'Неверная сумма', 'Wrong amount'),
  },
  transactionNotFound: {
    code: -31003,
    message: text('Tranzaksiya topilmadi', 'Транзакция не найдена', 'Transaction not found'),
  },
  cannotCancel: {
    code: -31007,
    message: text(
      'Buyurtma bajarilgan: tranzaksiyani bekor qilib boʻlmaydi',
      'Заказ выполнен: транзакцию нельзя отменить',
      'The order is completed: the transaction cannot be cancelled',
    ),
  },
  cannotPerform: {
    code: -31008,
    message: text(
      'Bu amalni bajarib boʻlmaydi',
      'Невозможно выполнить операцию',
      'The operation cannot be performed',
    ),
  },
} as const satisfies Record<string, MerchantError>;

/** Why an order (the account `order_id`) cannot be paid, as the shop tells Payme. */
export type OrderRefusal = Exclude<Payability, 'payable'> | 'not_found';

/**
 * The account errors, one code each in Payme's −31050…−31099 range, with `data: "order_id"`.
 *
 * | code   | the order                                  |
 * | ------ | ------------------------------------------ |
 * | −31050 | does not exist                             |
 * | −31051 | is cancelled                               |
 * | −31052 | is paid already                            |
 * | −31053 | is paid on receipt, not online             |
 * | −31054 | was held for payment and the hold is over  |
 * | −31055 | has a saved card's charge under way        |
 */
export const ORDER_ERRORS: Readonly<Record<OrderRefusal, MerchantError>> = {
  not_found: {
    code: -31050,
    message: text('Buyurtma topilmadi', 'Заказ не найден', 'Order not found'),
    data: 'order_id',
  },
  cancelled: {
    code: -31051,
    message: text('Buyurtma bekor qilingan', 'Заказ отменён', 'The order is cancelled'),
    data: 'order_id',
  },
  paid: {
    code: -31052,
    message: text('Buyurtma allaqachon toʻlangan', 'Заказ уже оплачен', 'The order is paid'),
    data: 'order_id',
  },
  on_receipt: {
    code: -31053,
    message: text(
      'Buyurtma qabul qilganda toʻlanadi',
      'Заказ оплачивается при получении',
      'The order is paid on receipt',
    ),
    data: 'order_id',
  },
  expired: {
    code: -31054,
    message: text(
      'Buyurtmani toʻlash muddati tugagan',
      'Срок оплаты заказа истёк',
      'The time to pay the order is over',
    ),
    data: 'order_id',
  },
  charge_in_flight: {
    code: -31055,
    message: text(
      'Buyurtma hozir karta bilan toʻlanmoqda',
      'Заказ сейчас оплачивается картой',
      'A card payment for the order is under way',
    ),
    data: 'order_id',
  },
};

/** An answer of `error` instead of `result`; thrown by a method, answered by the route. */
export class MerchantFailure extends Error {
  constructor(readonly error: MerchantError) {
    super(error.message.en);
  }
}

const OrderIdSchema = z.union([z.string(), z.number()]).transform(String);
const AccountSchema = z.object({ order_id: OrderIdSchema });
const TransactionIdSchema = z.string().min(1).max(64);
const MillisSchema = z.number().int().nonnegative();

export const PARAMS_SCHEMAS = {
  CheckPerformTransaction: z.object({ amount: z.number(), account: AccountSchema }),
  CreateTransaction: z.object({
    id: TransactionIdSchema,
    time: MillisSchema,
    amount: z.number(),
    account: AccountSchema,
  }),
  PerformTransaction: z.object({ id: TransactionIdSchema }),
  CancelTransaction: z.object({ id: TransactionIdSchema, reason: z.number().int() }),
  CheckTransaction: z.object({ id: TransactionIdSchema }),
  GetStatement: z.object({ from: MillisSchema, to: MillisSchema }),
} as const satisfies Record<MerchantMethod, z.ZodType>;

export type MerchantParams<M extends MerchantMethod> = z.output<(typeof PARAMS_SCHEMAS)[M]>;

/** The JSON-RPC request Payme sends. */
export const RpcEnvelopeSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: z.union([z.number(), z.string()]),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
});

// What both ends of Payme's Subscribe API agree on: JSON-RPC 2.0 over HTTP POST, one method per
// call, amounts in tiyin. The adapter (payme-processor.ts) and the local sandbox (sandbox/) both
// read this file, so the sandbox cannot drift into a dialect the real service does not speak.
//
// The error codes are those public Payme SDKs and integrations use; Payme's own tables are not
// complete, which is why the adapter treats every code it does not know as a declined card.
import { z } from 'zod';

/** Card methods a front end may call: `X-Auth: <cashbox id>`. */
export const CARD_CLIENT_METHODS = [
  'cards.create',
  'cards.get_verify_code',
  'cards.verify',
] as const;
/** Server calls: `X-Auth: <cashbox id>:<key>`. */
export const SERVER_METHODS = [
  'cards.check',
  'cards.remove',
  'receipts.create',
  'receipts.pay',
  'receipts.check',
  'receipts.cancel',
] as const;
export type PaymeMethod = (typeof CARD_CLIENT_METHODS)[number] | (typeof SERVER_METHODS)[number];

export function needsKey(method: PaymeMethod): boolean {
  return (SERVER_METHODS as readonly string[]).includes(method);
}

export const PAYME_ERRORS = {
  // JSON-RPC and transport.
  transport: -32300,
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  system: -32400,
  accessDenied: -32504,
  // Cards.
  cardNotFound: -31050,
  cardExpiryWrong: -31051,
  cardBlocked: -31052,
  smsNotConnected: -31301,
  tokenNotFound: -31400,
  // Confirmation codes.
  codeExpired: -31101,
  codeAttemptsExceeded: -31102,
  codeWrong: -31103,
  // Receipts.
  receiptNotFound: -31602,
  receiptStateForbids: -31008,
  insufficientFunds: -31630,
} as const;

/** Receipt states: 0 created, 1–3 and 30 being processed, 4 paid, 20 on hold, 21 being
 * cancelled, 50 cancelled. */
export const RECEIPT_STATE = {
  created: 0,
  paid: 4,
  cancelling: 21,
  cancelled: 50,
} as const;

/** JSON-RPC's `message` is a plain string or one per language. */
const MessageSchema = z.union([z.string(), z.record(z.string(), z.string())]);

const RpcErrorSchema = z.object({
  code: z.number().int(),
  message: MessageSchema.optional(),
  data: z.unknown().optional(),
});

export const RpcErrorAnswerSchema = z.object({ error: RpcErrorSchema });
export const RpcResultAnswerSchema = z.object({ result: z.unknown() });

export const CardResultSchema = z.object({
  card: z
    .object({
      number: z.string(),
      expire: z.string(),
      token: z.string().min(1),
      recurrent: z.boolean().optional(),
      verify: z.boolean(),
    })
    .loose(),
});

export const VerifyCodeResultSchema = z.object({
  sent: z.boolean(),
  phone: z.string(),
  wait: z.number().nonnegative(),
});

export const ReceiptResultSchema = z.object({
  receipt: z.object({ _id: z.string().min(1), state: z.number().int() }).loose(),
});

export const CheckResultSchema = z.object({ state: z.number().int() });

export const SuccessResultSchema = z.object({ success: z.boolean() });

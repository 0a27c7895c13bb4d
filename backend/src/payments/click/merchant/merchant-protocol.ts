// What both ends of Click's Merchant API agree on: JSON over HTTPS under
// https://api.click.uz/v2/merchant/, the `Auth: merchant_user_id:sha1(timestamp + secret_key):timestamp`
// header, amounts in sum, and answers carrying `error_code` (0 ok, negative a refusal) and
// `error_note`. The client (merchant-client.ts) and the local stand-in (../sandbox/) both read
// this file, so the stand-in cannot drift into a dialect the real service does not speak.
//
// Click documents the endpoints and their fields but no complete table of error codes: the codes
// below are the ones the stand-in answers with, and the client reads any code it does not know
// conservatively (a declined charge, a card it cannot add, never a success).
import { createHash } from 'node:crypto';
import { z } from 'zod';

/** The endpoints, as the client names them in errors and the stand-in counts them. */
export const CLICK_ENDPOINTS = [
  'card_token/request',
  'card_token/verify',
  'card_token/payment',
  'card_token/delete',
  'payment/status',
  'payment/status_by_mti',
  'payment/reversal',
] as const;
export type ClickEndpoint = (typeof CLICK_ENDPOINTS)[number];

export const CLICK_ERRORS = {
  ok: 0,
  /** The Auth header is missing, wrong or too old. */
  signCheckFailed: -1,
  /** A field is missing or malformed. */
  badRequest: -8,
  /** The service_id is not this merchant's. */
  serviceNotFound: -15,
  /** Click could not process the request; it may or may not have been carried out. */
  system: -9999,
  // Cards.
  cardNotFound: -5001,
  cardExpiryWrong: -5002,
  cardBlocked: -5003,
  smsNotConnected: -5004,
  tokenNotFound: -5005,
  codeWrong: -5006,
  codeExpired: -5007,
  codeAttemptsExceeded: -5008,
  tokenNotVerified: -5009,
  // Payments.
  insufficientFunds: -5017,
  cardExpired: -5018,
  paymentNotFound: -5020,
  /** A payment with this transaction_parameter already exists. */
  duplicateTransaction: -5021,
  /** Only a successful payment of the current month can be reversed. */
  reversalRefused: -5022,
  alreadyReversed: -5023,
} as const;

/**
 * payment_status: below 0 an error (nothing charged), 0 created, 1 processing, 2 success. A
 * successful payment reversed since reads REVERSED (-2), which is the stand-in's choice: Click's
 * pages name no separate status for it.
 */
export const PAYMENT_STATUS = {
  failed: -1,
  reversed: -2,
  created: 0,
  processing: 1,
  success: 2,
} as const;

/** The Auth header for a request made at `at`: the digest is sha1 of the 10-digit seconds and
 * the secret key. */
export function clickAuthHeader(merchantUserId: string, secretKey: string, at: Date): string {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return `${merchantUserId}:${clickDigest(timestamp, secretKey)}:${timestamp}`;
}

export function clickDigest(timestamp: string, secretKey: string): string {
  return createHash('sha1')
    .update(timestamp + secretKey, 'utf8')
    .digest('hex');
}

/** The calendar day in Tashkent (UTC+5, no daylight saving) that status_by_mti files a payment
 * under: YYYY-MM-DD. */
export function tashkentDay(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
}

/** Every answer's envelope. */
export const EnvelopeSchema = z.object({
  error_code: z.number().int(),
  error_note: z.string().optional(),
});

/** Click sends ids as numbers or strings; both are read as strings. */
const IdSchema = z.union([z.number().int(), z.string().min(1)]).transform(String);

export const CardTokenRequestBody = z.object({
  service_id: z.union([z.number().int(), z.string()]),
  card_number: z.string(),
  expire_date: z.string(),
  temporary: z.union([z.number().int(), z.boolean()]),
});
export const CardTokenRequestAnswer = z.object({
  card_token: z.string().min(1),
  phone_number: z.string(),
});

export const CardTokenVerifyBody = z.object({
  service_id: z.union([z.number().int(), z.string()]),
  card_token: z.string(),
  sms_code: z.union([z.string(), z.number().int()]).transform(String),
});
export const CardTokenVerifyAnswer = z.object({ card_number: z.string() });

export const CardTokenPaymentBody = z.object({
  service_id: z.union([z.number().int(), z.string()]),
  card_token: z.string(),
  amount: z.number().positive(),
  transaction_parameter: z.string().min(1).max(100),
});
export const PaymentAnswer = z.object({
  payment_id: IdSchema,
  payment_status: z.number().int(),
});

export const PaymentByMtiAnswer = z.object({
  payment_id: IdSchema,
  merchant_trans_id: z.string(),
});

export const ReversalAnswer = z.object({ payment_id: IdSchema });

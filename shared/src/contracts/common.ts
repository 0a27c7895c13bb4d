import * as z from 'zod/mini';
import { redactDigitRuns } from '../redact';

/** The closed list of error codes any of our servers puts on the wire. */
export const ERROR_CODES = [
  'validation_error',
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'request_timeout',
  'otp_invalid',
  'otp_expired',
  'otp_attempts_exceeded',
  'otp_resend_too_soon',
  'otp_daily_limit',
  'sms_unavailable',
  'legal_entity_support',
  'out_of_stock',
  'product_unavailable',
  'order_refused',
  'payment_method_unavailable',
  'idempotency_conflict',
  'card_invalid',
  'card_expired',
  'card_not_found',
  'card_sms_unavailable',
  'card_code_invalid',
  'card_code_expired',
  'card_code_attempts_exceeded',
  'card_code_resend_too_soon',
  'payment_declined',
  'payment_in_progress',
  'order_not_payable',
  'payment_unavailable',
  'upstream_invalid',
  'upstream_unavailable',
  'upstream_timeout',
  'internal_error',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/**
 * The one HTTP status of each code, for every server of ours: the backend answers with it, the
 * relay answers its own errors with it and passes a backend's error through only when code and
 * status agree. 400 when a request breaks the contract; 422 when it is well-formed but a
 * business rule refuses it; 409 when the state of something forbids it right now.
 */
export const ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  request_timeout: 408,
  otp_invalid: 422,
  otp_expired: 422,
  otp_attempts_exceeded: 429,
  otp_resend_too_soon: 429,
  otp_daily_limit: 429,
  // The SMS gateway refused or did not take the code: nothing was counted, the shopper may retry.
  sms_unavailable: 503,
  legal_entity_support: 403,
  out_of_stock: 409,
  product_unavailable: 422,
  // Well-formed, but the shop's order rules refuse its choices: details name field and rule.
  order_refused: 422,
  payment_method_unavailable: 422,
  idempotency_conflict: 422,
  card_invalid: 422,
  card_expired: 422,
  card_not_found: 404,
  card_sms_unavailable: 422,
  card_code_invalid: 422,
  card_code_expired: 422,
  card_code_attempts_exceeded: 429,
  card_code_resend_too_soon: 429,
  payment_declined: 422,
  payment_in_progress: 409,
  order_not_payable: 409,
  // The card processor did not answer: nothing was charged, or the charge is being settled.
  payment_unavailable: 503,
  upstream_invalid: 502,
  upstream_unavailable: 502,
  upstream_timeout: 504,
  internal_error: 500,
};

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
  /** A stable reason the webapp can translate (an order rule such as 'region_not_served'). */
  rule: z.optional(z.string().check(z.maxLength(60))),
  /** out_of_stock: how many of this line are left; an open units limit: how many more fit. */
  available: z.optional(z.int().check(z.nonnegative())),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** One error shape on the wire: `{ code, message }`, plus per-field details for validation. */
export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  details: z.optional(z.array(FieldErrorSchema)),
  /** Seconds until a rate-limited or throttled call may be retried. */
  retry_after: z.optional(z.int().check(z.nonnegative())),
  /** Wrong sign-in code: how many more tries this code allows before it is burned. */
  attempts_left: z.optional(z.int().check(z.nonnegative())),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Turns zod issues into per-field messages, e.g. `{ field: 'items.0.quantity', message }`. Long
 * digit runs are blotted out of both: a card number sent as an unknown key must not be echoed.
 */
export function fieldErrors(error: z.core.$ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const field = redactDigitRuns(
      issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    );
    const message = redactDigitRuns(issue.message);
    // Custom checks may name their rule in params (the shared order rules do).
    const rule: unknown = issue.code === 'custom' ? issue.params?.rule : undefined;
    return typeof rule === 'string' ? { field, message, rule } : { field, message };
  });
}

export const SlugSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(120),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a slug: lowercase letters, digits and dashes'),
  );

export const ImageSchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(2048)),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  alt: z.optional(z.string().check(z.maxLength(300))),
});
export type Image = z.infer<typeof ImageSchema>;

export const MoneyAmountSchema = z.int().check(z.nonnegative(), z.maximum(10_000_000_000));

export const PageMetaSchema = z.object({
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.positive()),
  per_page: z.int().check(z.positive()),
  last_page: z.int().check(z.positive()),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const ACCOUNT_TYPES = ['individual', 'legal'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

/**
 * The account-type header as browsers send it: a guest's stored user type is the string "null",
 * and a missing or "null" value means an individual shopper.
 */
export function parseAccountTypeHeader(value: unknown): AccountType | null {
  if (value === undefined || value === null || value === '' || value === 'null')
    return 'individual';
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value)
    ? (value as AccountType)
    : null;
}

/** Header names shared by the webapp, the relay and the backend. */
export const HEADERS = {
  language: 'x-lang',
  accountType: 'x-account-type',
  apiKey: 'x-api-key',
  idempotencyKey: 'idempotency-key',
  /** On an answer: `true` when it is the first attempt's answer replayed for the same key. */
  idempotentReplayed: 'idempotent-replayed',
  telegramInitData: 'x-telegram-init-data',
} as const;

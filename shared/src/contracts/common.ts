import { z } from 'zod';

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
  'otp_invalid',
  'otp_expired',
  'otp_attempts_exceeded',
  'otp_resend_too_soon',
  'otp_daily_limit',
  'legal_entity_support',
  'out_of_stock',
  'product_unavailable',
  'payment_method_unavailable',
  'idempotency_conflict',
  'upstream_invalid',
  'upstream_unavailable',
  'upstream_timeout',
  'internal_error',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** One error shape on the wire: `{ code, message }`, plus per-field details for validation. */
export const ApiErrorSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  details: z.array(FieldErrorSchema).optional(),
  /** Seconds until a rate-limited or throttled call may be retried. */
  retry_after: z.number().int().nonnegative().optional(),
  /** Wrong sign-in code: how many more tries this code allows before it is burned. */
  attempts_left: z.number().int().nonnegative().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Turns zod issues into per-field messages, e.g. `{ field: 'items.0.quantity', message }`. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
    message: issue.message,
  }));
}

export const SlugSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a slug: lowercase letters, digits and dashes');

export const ImageSchema = z.object({
  url: z.string().min(1).max(2048),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string().max(300).optional(),
});
export type Image = z.infer<typeof ImageSchema>;

export const MoneyAmountSchema = z.number().int().nonnegative().max(10_000_000_000);

export const PageMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  last_page: z.number().int().positive(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export const ACCOUNT_TYPES = ['individual', 'legal'] as const;
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountTypeSchema>;

/**
 * The account-type header as browsers send it: the spec's initial user type is the string "null",
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
  telegramInitData: 'x-telegram-init-data',
} as const;

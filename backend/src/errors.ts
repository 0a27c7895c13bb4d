// One error class with a code from the closed list in @shop/shared, and one mapping to HTTP
// status. Rule for 400 vs 422: 400 when the request does not match the contract (shape, format,
// a bad header); 422 when it is well-formed but the business refuses it (unknown shop, product
// no longer sold, payment method off, idempotency key reused with another body, wrong code).
import type { ApiError, ErrorCode, FieldError } from '@shop/shared';

const STATUS: Record<ErrorCode, number> = {
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
  otp_invalid: 422,
  otp_expired: 422,
  otp_attempts_exceeded: 429,
  otp_resend_too_soon: 429,
  otp_daily_limit: 429,
  legal_entity_support: 403,
  out_of_stock: 409,
  product_unavailable: 422,
  payment_method_unavailable: 422,
  idempotency_conflict: 422,
  upstream_invalid: 502,
  upstream_unavailable: 503,
  upstream_timeout: 504,
  internal_error: 500,
};

export interface AppErrorOptions {
  /** Overrides the code's default status (e.g. a semantic validation_error is 422). */
  status?: number;
  details?: FieldError[];
  retryAfter?: number;
  attemptsLeft?: number;
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = options.status ?? STATUS[code];
  }

  toBody(): ApiError {
    const body: ApiError = { code: this.code, message: this.message };
    if (this.options.details) body.details = this.options.details;
    if (this.options.retryAfter !== undefined) body.retry_after = this.options.retryAfter;
    if (this.options.attemptsLeft !== undefined) body.attempts_left = this.options.attemptsLeft;
    return body;
  }
}

export const notFound = (message = 'Not found'): AppError => new AppError('not_found', message);

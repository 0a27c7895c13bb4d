// One error class with a code from the closed list in @shop/shared, whose HTTP status comes from
// the shared ERROR_STATUS table (the relay uses the same one). Rule for 400 vs 422: 400 when the
// request does not match the contract (shape, format, a bad header); 422 when it is well-formed
// but the business refuses it (unknown shop, product no longer sold, payment method off,
// idempotency key reused with another body, wrong code).
import { ERROR_STATUS, type ApiError, type ErrorCode, type FieldError } from '@shop/shared';

export interface AppErrorOptions {
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
    this.status = ERROR_STATUS[code];
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

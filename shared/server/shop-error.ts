// The one error class of both servers (backend/ and bot/). Its code is from the closed list in
// @shop/shared and its status from the shared ERROR_STATUS table, so a code means one status
// whichever server answers. 400 or 422: 400 when the request does not match the contract (shape,
// format, a bad header); 422 when it is well-formed but the shop refuses it (unknown shop, product
// no longer sold, payment method off, idempotency key reused with another body, wrong code).
import {
  ERROR_STATUS,
  type ApiError,
  type ErrorCode,
  type FieldError,
} from '../src/contracts/common';

export interface ShopErrorOptions {
  /** Which fields are wrong and why (validation errors and refused orders). */
  details?: FieldError[];
  /** Seconds until the call may be tried again (a limit's wait), sent as `retry_after`. */
  retryAfter?: number;
  /** Tries a code has left after a wrong one, sent as `attempts_left`. */
  attemptsLeft?: number;
}

export class ShopError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: ShopErrorOptions = {},
  ) {
    super(message);
    this.name = 'ShopError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (message = 'Not found'): ShopError => new ShopError('not_found', message);

/** The error as it goes on the wire: `{ code, message }` and whichever options it carries. */
export function errorBody(error: ShopError): ApiError {
  const { details, retryAfter, attemptsLeft } = error.options;
  return {
    code: error.code,
    message: error.message,
    ...(details === undefined ? {} : { details }),
    ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
    ...(attemptsLeft === undefined ? {} : { attempts_left: attemptsLeft }),
  };
}

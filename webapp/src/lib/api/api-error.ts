import type { ErrorCode, FieldError } from '@shop/shared';

/**
 * Codes the client adds to the server's closed list: the call never got an answer, or the answer
 * did not match its contract.
 */
export type ClientErrorCode = ErrorCode | 'network_error' | 'invalid_response';

/** Every failed call becomes one of these; screens translate `code`, never show `message`. */
export class ApiError extends Error {
  readonly code: ClientErrorCode;
  /** HTTP status, 0 when no answer arrived. */
  readonly status: number;
  readonly details: readonly FieldError[];
  /** Seconds until a throttled call may be repeated, when the server said so. */
  readonly retryAfter: number | undefined;
  /** Tries left for a wrong sign-in code, when the server said so. */
  readonly attemptsLeft: number | undefined;
  /** The raw error body, for fields beyond the common shape (e.g. attempts left). */
  readonly body: unknown;

  constructor(init: {
    code: ClientErrorCode;
    message: string;
    status: number;
    details?: readonly FieldError[];
    retryAfter?: number;
    attemptsLeft?: number;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.retryAfter = init.retryAfter;
    this.attemptsLeft = init.attemptsLeft;
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * An earlier send of the same request (same Idempotency-Key) is still running at the shop:
 * 409 `conflict`. Its outcome is not known yet; the same request a moment later gets it replayed.
 */
export function isEarlierSendRunning(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'conflict';
}

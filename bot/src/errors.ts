import { ERROR_STATUS, type ApiError, type ErrorCode, type FieldError } from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one error type this server throws; the handler below turns it into `{ code, message }`.
 * Its status is the code's, from the table the backend uses too, so a code means one status
 * whichever server answers.
 */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** Seconds until the call may be tried again (a rate limit's wait), sent as `retry_after`. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/**
 * Fastify's own refusals by status, with fixed texts: its messages quote the request (a content
 * type, a piece of a body), which could be anything a shopper typed, a card number included.
 */
const FRAMEWORK_REFUSALS: Readonly<Record<number, { code: ErrorCode; message: string }>> = {
  400: { code: 'bad_request', message: 'The request could not be read' },
  401: { code: 'unauthorized', message: 'Sign in to continue' },
  403: { code: 'forbidden', message: 'Not allowed' },
  404: { code: 'not_found', message: 'Not found' },
  405: { code: 'method_not_allowed', message: 'This method is not allowed here' },
  409: { code: 'conflict', message: 'Conflict' },
  413: { code: 'payload_too_large', message: 'The request body is too large' },
  415: { code: 'unsupported_media_type', message: 'This content type is not accepted here' },
  429: { code: 'rate_limited', message: 'Too many requests' },
};
const BAD_REQUEST = { code: 'bad_request', message: 'The request could not be read' } as const;

export function errorBody(
  code: ErrorCode,
  message: string,
  details?: FieldError[],
  retryAfter?: number,
): ApiError {
  return {
    code,
    message,
    ...(details === undefined ? {} : { details }),
    ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
  };
}

export function sendError(reply: FastifyReply, error: HttpError): FastifyReply {
  return reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(error.code, error.message, error.details, error.retryAfter));
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/**
 * One handler for every error: our HttpError keeps its code; Fastify's own 4xx (malformed JSON,
 * body too large, unsupported type) get the closed-list code for their status; anything else is
 * a 500 whose body says nothing about the cause, which goes to the log instead.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      // A browser that navigated away aborts its own calls: nothing failed, so no warning.
      const clientGone = request.raw.destroyed || reply.raw.destroyed;
      if (error.statusCode >= 500 && !clientGone) {
        request.log.warn({ code: error.code }, error.message);
      }
      return sendError(reply, error);
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode < 500) {
      const refusal = FRAMEWORK_REFUSALS[error.statusCode] ?? BAD_REQUEST;
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : refusal.message;
      return sendError(reply, new HttpError(refusal.code, message));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return sendError(reply, new HttpError('internal_error', 'Internal Server Error'));
  });
}

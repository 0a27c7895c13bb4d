// The server's one error handler: a ShopError in its own code and words, Fastify's refusals in
// fixed ones, anything else a bare 500.
import type { ErrorCode } from '@shop/shared';
import { errorBody, ShopError } from '@shop/shared/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

/** Answers with the error's status and its wire body; a wait goes in `retry-after` as well. */
export function sendError(reply: FastifyReply, error: ShopError): FastifyReply {
  if (error.options.retryAfter !== undefined) {
    void reply.header('retry-after', String(error.options.retryAfter));
  }
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(error));
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/**
 * One handler for every error: a ShopError keeps its code; Fastify's own 4xx (malformed JSON,
 * body too large, unsupported type) get the closed-list code for their status; anything else is
 * a 500 whose body says nothing about the cause, which goes to the log instead.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ShopError) {
      // A browser that navigated away aborts its own calls: nothing failed, so no warning.
      const clientGone = request.raw.destroyed || reply.raw.destroyed;
      if (error.status >= 500 && !clientGone) {
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
      return sendError(reply, new ShopError(refusal.code, message));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return sendError(reply, new ShopError('internal_error', 'Internal Server Error'));
  });
}

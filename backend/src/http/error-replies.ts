// One error shape on the wire for everything the app refuses: our ShopErrors as they are,
// Fastify's own 4xx (malformed JSON, wrong content type, body too large, the router's refusals)
// in fixed words of ours, and every 5xx as a bare internal_error, logged, with no internals.
import type { ErrorCode } from '@shop/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { errorBody, ShopError } from '@shop/shared/server';

/** What a framework refusal says: a fixed text per status, because the parser's own messages
 * quote the request (V8's JSON errors quote the body, a media-type error the header). */
const CLIENT_ERROR_MESSAGES: Readonly<Record<number, string>> = {
  400: 'The request body is not valid JSON',
  413: 'The request body is too large',
  415: 'Send the body as application/json',
};

function clientErrorCode(status: number): ErrorCode {
  switch (status) {
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    default:
      return 'bad_request';
  }
}

function statusOfUnknown(error: unknown): number {
  if (typeof error === 'object' && error !== null && 'statusCode' in error) {
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return 500;
}

/** The router's own refusals (bad percent-encoding, an over-long path segment), in our shape. */
export function sendFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status = statusOfUnknown(error);
  void reply
    .code(status < 500 ? status : 400)
    .send({ code: clientErrorCode(status), message: 'The request URL is not valid' });
}

/** The app's not-found and error handlers; set after the routes. */
export function setErrorReplies(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ code: 'not_found', message: 'No such endpoint' }),
  );

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ShopError) {
      if (error.options.retryAfter !== undefined) {
        void reply.header('retry-after', String(error.options.retryAfter));
      }
      return reply.code(error.status).send(errorBody(error));
    }
    const status = statusOfUnknown(error);
    if (status < 500) {
      // Fastify's own 4xx (malformed JSON, wrong content type, body too large), in our words.
      const message = CLIENT_ERROR_MESSAGES[status] ?? 'The request is not valid';
      return reply.code(status).send({ code: clientErrorCode(status), message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'internal_error', message: 'Internal Server Error' });
  });
}

// The payment providers' calls to the shop (Click's Prepare and Complete, Payme's Merchant API),
// passed to the ecommerce backend as they came: the backend checks each signature or
// authorization with its own keys and owns the orders, so this server adds nothing and reads
// nothing. Only the body, its type and the authorization travel; the answer comes back as the
// backend gave it (each protocol has its own answer shape), within a size limit.
import { request } from 'undici';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readLimited, responseHeaderValue } from './answer-body';

/** Where providers call: the URLs given to Click (Prepare, Complete) and to Payme (endpoint). */
export const PAYMENT_CALLBACK_PATHS = [
  '/payments/click/prepare',
  '/payments/click/complete',
  '/payments/payme',
] as const;

/** A provider's call is a short form or JSON-RPC object; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 16 * 1024;
const ANSWER_LIMIT = 1024 * 1024;

export interface PaymentCallbacksOptions {
  ecommerceUrl: string;
  timeoutMs: number;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

async function passOn(
  options: PaymentCallbacksOptions,
  request_: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const body = Buffer.isBuffer(request_.body) ? request_.body : Buffer.alloc(0);
  const headers: Record<string, string> = { accept: 'application/json' };
  const type = header(request_, 'content-type');
  const authorization = header(request_, 'authorization');
  if (type !== undefined) headers['content-type'] = type;
  if (authorization !== undefined) headers.authorization = authorization;
  try {
    const answer = await request(new URL(request_.url, options.ecommerceUrl), {
      method: 'POST',
      headers,
      body,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    const text = await readLimited(answer.body, answer.headers, ANSWER_LIMIT);
    if (text === null) throw new Error('the backend answer was too large');
    const answerType = responseHeaderValue(answer.headers['content-type']);
    return await reply
      .code(answer.statusCode)
      .type(answerType ?? 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(text);
  } catch (error) {
    request_.log.error(
      { err: error, path: request_.url },
      'a payment provider call could not reach the backend',
    );
    // The provider retries a call that failed; it must not read this as an answer.
    return reply
      .code(502)
      .header('cache-control', 'no-store')
      .send({ error: 'backend_unavailable' });
  }
}

export async function registerPaymentCallbacks(
  app: FastifyInstance,
  options: PaymentCallbacksOptions,
): Promise<void> {
  await app.register((scope, _options, registered) => {
    // The body goes on byte for byte: Click's signature covers the fields as sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    for (const path of PAYMENT_CALLBACK_PATHS) {
      scope.post(path, { bodyLimit: CALLBACK_BODY_LIMIT }, (request_, reply) =>
        passOn(options, request_, reply),
      );
    }
    registered();
  });
}

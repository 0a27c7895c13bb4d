// What of a browser's request a backend may see: a few headers, the client's address and our
// request id. Everything else (cookies above all) stays here.
import { HEADERS } from '@shop/shared';
import type { FastifyRequest } from 'fastify';

/** Request headers a backend may see. */
const FORWARDED_HEADERS = [
  'authorization',
  HEADERS.language,
  HEADERS.accountType,
  HEADERS.idempotencyKey,
  'accept-language',
] as const;

const BEARER = /^Bearer [A-Za-z0-9._~+/=-]{1,512}$/;

/** Whether an Authorization header is a bearer token of a sane shape (checked before any use). */
export function isBearer(authorization: string | undefined): authorization is string {
  return authorization !== undefined && BEARER.test(authorization);
}

/** A header as one string; absent or repeated: undefined. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The headers that go upstream with a relayed call (its content type is added by the caller). */
export function upstreamHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = headerValue(request, name);
    if (value !== undefined) headers[name] = value;
  }
  headers['x-forwarded-for'] = request.ip;
  // The backend's log lines about this call carry the same id as ours.
  headers['x-request-id'] = request.id;
  return headers;
}

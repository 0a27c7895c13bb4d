// The relay's gate: everything that can be refused without asking a backend, in the order a caller
// would fix it (unknown call, method, sign-in, content type, size, then every field at once).
import { fieldErrors, type FieldError } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuseIllFormedText, ShopError } from '@shop/shared/server';
import { matchCall, requestPathname, type CallMatch } from './call-table';
import { headerValue, isBearer } from './request-headers';
import { UPLOAD_BODY_LIMIT, uploadTooLarge } from './uploads';

const EmptyQuery = z.object({}).strict();

/** A request the gate let through: its call, and its query and body as the schemas read them. */
export type AdmittedCall = Extract<CallMatch, { kind: 'call' }> & {
  contentType: string | undefined;
  query: unknown;
  body: unknown;
};

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType);
}

/** Throws the refusal of a request that is no call, or not one a caller may make like this. */
export function admit(request: FastifyRequest, reply: FastifyReply): AdmittedCall {
  const pathname = requestPathname(request.url);
  const match = matchCall(request.method, pathname);
  if (match.kind === 'none') {
    throw new ShopError('not_found', `No such call: ${request.method} ${pathname}`);
  }
  if (match.kind === 'wrong-method') {
    reply.header('allow', match.allow.join(', '));
    throw new ShopError('method_not_allowed', `${request.method} is not allowed here`);
  }
  const { call } = match;
  request.shopCall = match.id;

  const authorization = headerValue(request, 'authorization');
  if (call.auth === 'bearer' && !isBearer(authorization)) {
    throw new ShopError('unauthorized', 'Sign in to continue');
  }

  const contentType = headerValue(request, 'content-type');
  if (call.body === 'multipart') {
    if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType)) {
      throw new ShopError('unsupported_media_type', 'Send the file as multipart/form-data');
    }
    if (Number(headerValue(request, 'content-length') ?? 0) > UPLOAD_BODY_LIMIT) {
      throw uploadTooLarge();
    }
  } else if (call.body !== undefined && !isJson(contentType)) {
    throw new ShopError('unsupported_media_type', 'Send the body as application/json');
  }

  // The body was held to the rule for request text as it was parsed (relay.ts).
  refuseIllFormedText(match.rawParams);
  refuseIllFormedText(request.query);
  const details: FieldError[] = [];
  const params = call.params?.safeParse(match.rawParams);
  if (params && !params.success) details.push(...fieldErrors(params.error));
  const query = (call.query ?? EmptyQuery).safeParse(request.query ?? {});
  if (!query.success) details.push(...fieldErrors(query.error));
  const body =
    call.body !== undefined && call.body !== 'multipart'
      ? call.body.safeParse(request.body)
      : undefined;
  if (body && !body.success) details.push(...fieldErrors(body.error));
  if (details.length > 0 || !query.success) {
    throw new ShopError('validation_error', 'Some fields are not valid', { details });
  }
  // The validated query and body name a shared answer; the browser's own spelling is forwarded.
  return { ...match, contentType, query: query.data, body: body?.data };
}

// Wires one CallDef of the shared contract to a Fastify route: headers, bearer token, params,
// query and body are parsed with the contract's zod schemas before the handler runs, and (in
// tests) the answer is parsed with the response schema, so the backend serves exactly the
// contract's shapes.
import {
  CATALOG_PREFIX,
  fieldErrors,
  type AccountType,
  type CallDef,
  type FieldError,
  type Language,
} from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { ShopError } from '@shop/shared/server';
import { readAccountType, readBearer, readLanguage } from './headers';

export interface AuthUser {
  id: number;
  tokenHash: string;
}

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;
type UserOf<C extends CallDef> = C extends { auth: 'bearer'; backend: 'ecommerce' }
  ? AuthUser
  : null;

export interface CallContext<C extends CallDef> {
  params: Parsed<C['params']>;
  query: Parsed<C['query']>;
  body: Parsed<C['body']>;
  /** The JSON body as received, for idempotency fingerprints. */
  rawBody: unknown;
  lang: Language;
  accountType: AccountType;
  user: UserOf<C>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<C extends CallDef> = (
  ctx: CallContext<C>,
) => Promise<z.output<C['response']>>;

export interface CallRouteOptions {
  /** Resolves a bearer token to its user, or null when missing, unknown, expired or revoked. */
  authenticate: (token: string) => Promise<AuthUser | null>;
  /** Parse every answer with the contract's response schema (tests turn this on). */
  validateResponses: boolean;
  /** Checks the catalogue API key; throws when it is missing or wrong. */
  checkApiKey: (request: FastifyRequest) => void;
}

function parsePart(
  schema: z.ZodMiniType | 'multipart' | undefined,
  value: unknown,
  prefix: string,
  details: FieldError[],
): unknown {
  if (schema === undefined || schema === 'multipart') return undefined;
  // Only an absent part counts as {} (so the answer names the missing fields); a JSON null body
  // is checked as null and refused.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) return result.data;
  for (const detail of fieldErrors(result.error)) {
    // fieldErrors has blotted out long digit runs already; the rule (an order rule) is kept.
    details.push({ ...detail, field: prefix && detail.field === '(root)' ? prefix : detail.field });
  }
  return undefined;
}

export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  options: CallRouteOptions,
  handler: CallHandler<C>,
): void {
  const url = call.path;
  const needsApiKey = url.startsWith(`${CATALOG_PREFIX}/`);
  app.route({
    method: call.method,
    url,
    handler: async (request, reply) => {
      if (needsApiKey) options.checkApiKey(request);
      const headerDetails: FieldError[] = [];
      const lang = readLanguage(request);
      const accountType = readAccountType(request);
      if (!lang.ok) headerDetails.push(lang.error);
      if (!accountType.ok) headerDetails.push(accountType.error);
      if (!lang.ok || !accountType.ok) {
        throw new ShopError('validation_error', 'Invalid request headers', {
          details: headerDetails,
        });
      }

      let user: AuthUser | null = null;
      if (call.auth === 'bearer' && call.backend === 'ecommerce') {
        const token = readBearer(request);
        user = token === null ? null : await options.authenticate(token);
        if (user === null) throw new ShopError('unauthorized', 'Sign in to continue');
      }

      // Ill-formed text (a NUL, a lone surrogate) was refused already: request-text.ts.
      const details: FieldError[] = [];
      const params = parsePart(call.params, request.params, 'params', details);
      const query = parsePart(call.query, request.query, 'query', details);
      const rawBody: unknown = request.body;
      const body = parsePart(call.body, rawBody, 'body', details);
      if (details.length > 0) {
        throw new ShopError('validation_error', 'The request is not valid', { details });
      }

      // The casts are sound: each value was produced by the very schema its type is derived from.
      const result = await handler({
        params: params as Parsed<C['params']>,
        query: query as Parsed<C['query']>,
        body: body as Parsed<C['body']>,
        rawBody,
        lang: lang.value,
        accountType: accountType.value,
        user: user as UserOf<C>,
        request,
        reply,
      });
      if (options.validateResponses) {
        const check = call.response.safeParse(result);
        if (!check.success) {
          throw new Error(
            `Answer of ${call.method} ${url} breaks its contract: ${JSON.stringify(fieldErrors(check.error))}`,
          );
        }
      }
      return result;
    },
  });
}

// POST /payments/payme: the shop's one endpoint for Payme's Merchant API. Payme calls it with
// JSON-RPC 2.0 and always gets HTTP 200 with `{ id, result }` or `{ id, error }`: a broken body,
// a missing or wrong key, an unknown method and bad params included. The route reads its own
// bodies (Payme sends `application/json; charset=UTF-8`, and an unreadable body must still be
// answered in JSON-RPC), capped small.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { basicAuthCheck } from './merchant-auth';
import type { MerchantContext } from './merchant-context';
import { cancelTransaction, performTransaction } from './perform-cancel';
import { checkPerformTransaction, createTransaction } from './create-transaction';
import { checkTransaction, getStatement } from './merchant-queries';
import {
  MERCHANT_ERRORS,
  MerchantFailure,
  PARAMS_SCHEMAS,
  RpcEnvelopeSchema,
  isMerchantMethod,
  type MerchantError,
  type MerchantMethod,
} from './merchant-protocol';

export const PAYME_MERCHANT_PATH = '/payments/payme';

/** Payme's calls are a few hundred bytes; GetStatement's request is the same size. */
const MAX_BODY_BYTES = 16 * 1024;

export interface PaymeMerchantDeps extends MerchantContext {
  log: FastifyBaseLogger;
  /** The cashbox key: the password of Payme's Basic authorization. */
  key: string;
}

type RpcId = string | number | null;
type RpcAnswer = { id: RpcId; result: unknown } | { id: RpcId; error: MerchantError };

type MethodRunner = (context: MerchantContext, params: unknown) => Promise<unknown>;

/** A method that reads its params with `schema` ("invalid request" when they do not fit). */
function runner<S extends z.ZodType>(
  schema: S,
  run: (context: MerchantContext, params: z.output<S>) => Promise<unknown>,
): MethodRunner {
  return (context, raw) => {
    const params = schema.safeParse(raw);
    if (!params.success) throw new MerchantFailure(MERCHANT_ERRORS.invalidRequest);
    return run(context, params.data);
  };
}

const METHODS: Readonly<Record<MerchantMethod, MethodRunner>> = {
  CheckPerformTransaction: runner(PARAMS_SCHEMAS.CheckPerformTransaction, checkPerformTransaction),
  CreateTransaction: runner(PARAMS_SCHEMAS.CreateTransaction, createTransaction),
  PerformTransaction: runner(PARAMS_SCHEMAS.PerformTransaction, performTransaction),
  CancelTransaction: runner(PARAMS_SCHEMAS.CancelTransaction, cancelTransaction),
  CheckTransaction: runner(PARAMS_SCHEMAS.CheckTransaction, checkTransaction),
  GetStatement: runner(PARAMS_SCHEMAS.GetStatement, getStatement),
};

const failure = (id: RpcId, error: MerchantError): RpcAnswer => ({ id, error });

/** The body as JSON, or undefined when it is not UTF-8 JSON. */
function parseBody(body: unknown): unknown {
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
}

function requestId(json: unknown): RpcId {
  if (typeof json !== 'object' || json === null || !('id' in json)) return null;
  const { id } = json;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function createAnswerer(deps: PaymeMerchantDeps) {
  const authorised = basicAuthCheck(deps.key);
  return async (body: unknown, authorization: string | undefined): Promise<RpcAnswer> => {
    const json = parseBody(body);
    if (json === undefined) return failure(null, MERCHANT_ERRORS.parse);
    const id = requestId(json);
    if (!authorised(authorization)) return failure(id, MERCHANT_ERRORS.accessDenied);
    const envelope = RpcEnvelopeSchema.safeParse(json);
    if (!envelope.success) return failure(id, MERCHANT_ERRORS.invalidRequest);
    const { method, params } = envelope.data;
    if (!isMerchantMethod(method)) return failure(id, MERCHANT_ERRORS.methodNotFound);
    try {
      return { id, result: await METHODS[method](deps, params) };
    } catch (error) {
      if (error instanceof MerchantFailure) return failure(id, error.error);
      deps.log.error({ err: error, method }, 'Payme merchant call failed');
      return failure(id, MERCHANT_ERRORS.system);
    }
  };
}

export function registerPaymeMerchantRoutes(app: FastifyInstance, deps: PaymeMerchantDeps): void {
  const answer = createAnswerer(deps);
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, parsed) => {
        parsed(null, body);
      },
    );
    // Whatever the framework refuses (a body too large, a broken URL) is still JSON-RPC.
    scope.setErrorHandler((error, _request, reply) => {
      deps.log.warn({ err: error }, 'Payme merchant request refused');
      return reply.code(200).send(failure(null, MERCHANT_ERRORS.invalidRequest));
    });
    scope.post(PAYME_MERCHANT_PATH, async (request, reply) => {
      const header = request.headers.authorization;
      const rpc = await answer(request.body, typeof header === 'string' ? header : undefined);
      return reply.code(200).type('application/json; charset=utf-8').send(rpc);
    });
    done();
  });
}

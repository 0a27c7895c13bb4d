// One request to the Payme sandbox, answered as Payme answers it: an outage's 503, then the
// transport (POST, a capped body), the JSON-RPC envelope, the method, X-Auth (the cashbox id, or
// id and key for server methods), and last the method's own handler. Every refusal is a JSON-RPC
// error with Payme's code.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readCappedBody } from '../../http/stand-in-io';
import {
  CARD_CLIENT_METHODS,
  needsKey,
  PAYME_ERRORS,
  SERVER_METHODS,
  type PaymeMethod,
} from '../payme-protocol';
import { RpcFailure, sameText, type MethodHandlers } from './rpc';

const MAX_BODY_BYTES = 64 * 1024;

const METHODS: readonly string[] = [...CARD_CLIENT_METHODS, ...SERVER_METHODS];
const isMethod = (value: string): value is PaymeMethod => METHODS.includes(value);

const RequestSchema = z.object({
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
});

export interface SandboxRequestDeps {
  methods: MethodHandlers<PaymeMethod>;
  /** The cashbox the sandbox plays. */
  cashbox: { merchantId: string; key: string };
  /** Told of every call that names a known method, before it is authorised. */
  counted: (method: PaymeMethod) => void;
  /** While true, every call answers HTTP 503 and nothing is done. */
  inOutage: () => boolean;
}

function authorised(
  cashbox: SandboxRequestDeps['cashbox'],
  method: PaymeMethod,
  header: string | undefined,
): boolean {
  if (header === undefined) return false;
  const full = `${cashbox.merchantId}:${cashbox.key}`;
  if (sameText(header, full)) return true;
  return !needsKey(method) && sameText(header, cashbox.merchantId);
}

function send(response: ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(text);
}

export function createSandboxRequestHandler(deps: SandboxRequestDeps) {
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (deps.inOutage()) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('Service Unavailable');
      return;
    }
    const fail = (id: unknown, code: number, en: string) => {
      send(response, {
        jsonrpc: '2.0',
        id: id ?? null,
        error: { code, message: { en, ru: en, uz: en } },
      });
    };
    if (request.method !== 'POST') {
      fail(null, PAYME_ERRORS.transport, 'Only POST is accepted');
      return;
    }
    const text = await readCappedBody(request, MAX_BODY_BYTES);
    if (text === null) {
      fail(null, PAYME_ERRORS.invalidRequest, 'Request too large');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      fail(null, PAYME_ERRORS.parse, 'Parse error');
      return;
    }
    const rpcRequest = RequestSchema.safeParse(json);
    if (!rpcRequest.success) {
      fail(null, PAYME_ERRORS.invalidRequest, 'Invalid request');
      return;
    }
    const { id, method } = rpcRequest.data;
    if (!isMethod(method)) {
      fail(id, PAYME_ERRORS.methodNotFound, 'Method not found');
      return;
    }
    deps.counted(method);
    const auth = request.headers['x-auth'];
    if (!authorised(deps.cashbox, method, typeof auth === 'string' ? auth : undefined)) {
      fail(id, PAYME_ERRORS.accessDenied, 'Access denied');
      return;
    }
    try {
      const result = await deps.methods[method](rpcRequest.data.params);
      send(response, { jsonrpc: '2.0', id: id ?? null, result });
    } catch (error) {
      if (error instanceof RpcFailure) fail(id, error.code, error.en);
      else fail(id, PAYME_ERRORS.system, 'System error');
    }
  };
}

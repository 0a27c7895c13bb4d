// One request to the Click stand-in, answered as Click answers it: an outage's 503, then the
// route (method and path under /v2/merchant/), the Auth header (the merchant user, sha1 of the
// timestamp and secret key, a timestamp within five minutes), the service_id, and last the
// endpoint's own handler. Every refusal is a JSON answer with Click's error_code and error_note.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { readCappedBody, sameText } from '../../../http/stand-in-io';
import { CLICK_ERRORS, clickDigest, type ClickEndpoint } from '../merchant/merchant-protocol';

const MAX_BODY_BYTES = 64 * 1024;
/** How far the Auth timestamp may be from the stand-in's clock. */
const AUTH_WINDOW_S = 300;
export const MERCHANT_BASE_PATH = '/v2/merchant';

/** A refusal answered as `{ error_code, error_note }`. */
export class ClickFailure extends Error {
  constructor(
    readonly code: number,
    readonly note: string,
  ) {
    super(note);
  }
}

/** A request's body (POST) and the path segments after the endpoint's fixed part. */
export interface ClickCall {
  body: unknown;
  params: readonly string[];
}
export type ClickHandler = (
  call: ClickCall,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** The fields a handler reads, or Click's "error in request". */
export function fields<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ClickFailure(CLICK_ERRORS.badRequest, 'Error in request');
  return parsed.data;
}

interface Route {
  endpoint: ClickEndpoint;
  method: string;
  /** The fixed segments; the rest are params. */
  prefix: readonly string[];
  params: number;
  /** Which param (or the body's service_id, when none) names the service. */
  serviceParam: number | null;
}

const ROUTES: readonly Route[] = [
  route('card_token/request', 'POST', ['card_token', 'request'], 0),
  route('card_token/verify', 'POST', ['card_token', 'verify'], 0),
  route('card_token/payment', 'POST', ['card_token', 'payment'], 0),
  route('card_token/delete', 'DELETE', ['card_token'], 2),
  route('payment/status', 'GET', ['payment', 'status'], 2),
  route('payment/status_by_mti', 'GET', ['payment', 'status_by_mti'], 3),
  route('payment/reversal', 'DELETE', ['payment', 'reversal'], 2),
];

function route(endpoint: ClickEndpoint, method: string, prefix: string[], params: number): Route {
  return { endpoint, method, prefix, params, serviceParam: params > 0 ? 0 : null };
}

function match(method: string, segments: readonly string[]): Route | undefined {
  return ROUTES.find(
    (r) =>
      r.method === method &&
      segments.length === r.prefix.length + r.params &&
      r.prefix.every((part, i) => segments[i] === part),
  );
}

export interface MerchantRequestDeps {
  handlers: Record<ClickEndpoint, ClickHandler>;
  merchant: { serviceId: string; merchantUserId: string; secretKey: string };
  now: () => Date;
  /** Told of every call to a known endpoint, before it is authorised. */
  counted: (endpoint: ClickEndpoint) => void;
  /** While true, every call answers HTTP 503 and nothing is done. */
  inOutage: () => boolean;
}

function authorised(deps: MerchantRequestDeps, header: string | undefined): boolean {
  const parts = header?.split(':') ?? [];
  const [user, digest, timestamp] = parts;
  if (parts.length !== 3 || !user || !digest || !timestamp || !/^\d{10}$/.test(timestamp)) {
    return false;
  }
  const age = Math.abs(deps.now().getTime() / 1000 - Number(timestamp));
  return (
    age <= AUTH_WINDOW_S &&
    sameText(user, deps.merchant.merchantUserId) &&
    sameText(digest, clickDigest(timestamp, deps.merchant.secretKey))
  );
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function segmentsOf(url: string | undefined): string[] | null {
  try {
    const path = new URL(url ?? '/', 'http://stand-in').pathname;
    if (!path.startsWith(`${MERCHANT_BASE_PATH}/`)) return null;
    return path
      .slice(MERCHANT_BASE_PATH.length + 1)
      .split('/')
      .filter((part) => part.length > 0)
      .map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** The request's JSON body, or Click's "error in request". */
async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const text = await readCappedBody(request, MAX_BODY_BYTES);
  if (text === null) throw new ClickFailure(CLICK_ERRORS.badRequest, 'Request too large');
  try {
    return JSON.parse(text);
  } catch {
    throw new ClickFailure(CLICK_ERRORS.badRequest, 'Error in request');
  }
}

function serviceOf(found: Route, params: readonly string[], body: unknown): string | undefined {
  if (found.serviceParam !== null) return params[found.serviceParam];
  const value: unknown =
    typeof body === 'object' && body !== null && 'service_id' in body ? body.service_id : undefined;
  return typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
}

/** Auth, the body, the service, then the handler: the answer's fields, or a ClickFailure. */
async function answer(
  deps: MerchantRequestDeps,
  request: IncomingMessage,
  found: Route,
  params: readonly string[],
): Promise<Record<string, unknown>> {
  const auth = request.headers.auth;
  if (!authorised(deps, typeof auth === 'string' ? auth : undefined)) {
    throw new ClickFailure(CLICK_ERRORS.signCheckFailed, 'SIGN CHECK FAILED');
  }
  const body = found.method === 'POST' ? await bodyOf(request) : undefined;
  const service = serviceOf(found, params, body);
  if (service === undefined || !sameText(service, deps.merchant.serviceId)) {
    throw new ClickFailure(CLICK_ERRORS.serviceNotFound, 'Service not found');
  }
  return deps.handlers[found.endpoint]({ body, params });
}

export function createMerchantRequestHandler(deps: MerchantRequestDeps) {
  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (deps.inOutage()) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('Service Unavailable');
      return;
    }
    const segments = segmentsOf(request.url);
    const found = segments ? match(request.method ?? '', segments) : undefined;
    if (!segments || !found) {
      send(response, 404, { error_code: CLICK_ERRORS.badRequest, error_note: 'Not found' });
      return;
    }
    deps.counted(found.endpoint);
    const params = segments.slice(found.prefix.length);
    try {
      const answered = await answer(deps, request, found, params);
      send(response, 200, { error_code: 0, error_note: 'Success', ...answered });
    } catch (error) {
      if (error instanceof ClickFailure) {
        send(response, 200, { error_code: error.code, error_note: error.note });
      } else {
        send(response, 200, { error_code: CLICK_ERRORS.system, error_note: 'System error' });
      }
    }
  };
}

// Test support for Payme's Merchant API: calls to POST /payments/payme as Payme makes them (Basic
// authorization with the sandbox's key, JSON-RPC 2.0), and the rows the tests look at.
import { OrderEventSchema, toTiyin, type Order, type OrderEvent } from '@shop/shared';
import { and, asc, eq } from 'drizzle-orm';
import { orderEvents, orders, providerPayments, refunds } from '../db/schema';
import { PAYME_MERCHANT_PATH, paymeAuthorization } from '../payments/payme-merchant';
import { objectId } from '../payments/sandbox/rpc';
import type { TestBackend } from './test-backend';

export interface RpcError {
  code: number;
  message: unknown;
  data?: unknown;
}

export interface RpcReply {
  status: number;
  id: unknown;
  result?: Record<string, unknown>;
  error?: RpcError;
  text: string;
}

export interface MerchantCallOptions {
  /** The Authorization header; null sends none. Payme's own by default. */
  authorization?: string | null;
  /** Sent as is instead of a JSON-RPC request built from the method and params. */
  rawBody?: string | Buffer;
  /** The Content-Type header; null sends none. Payme's own by default. */
  contentType?: string | null;
}

let nextRequestId = 1;

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? { ...value } : undefined;
}

export async function merchantCall(
  t: TestBackend,
  method: string,
  params: unknown,
  options: MerchantCallOptions = {},
): Promise<RpcReply> {
  const authorization =
    options.authorization === undefined ? paymeAuthorization(t.sandbox.key) : options.authorization;
  const headers: Record<string, string> = {};
  const contentType =
    options.contentType === undefined ? 'application/json; charset=UTF-8' : options.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  if (authorization !== null) headers.authorization = authorization;
  const payload =
    options.rawBody ?? JSON.stringify({ jsonrpc: '2.0', id: nextRequestId++, method, params });
  const response = await t.app.inject({
    method: 'POST',
    url: PAYME_MERCHANT_PATH,
    headers,
    payload,
  });
  const body = asRecord(response.json());
  const error = asRecord(body?.error);
  return {
    status: response.statusCode,
    id: body?.id,
    result: asRecord(body?.result),
    error: error && { code: Number(error.code), message: error.message, data: error.data },
    text: response.body,
  };
}

/** A fresh transaction id, shaped like Payme's. */
export const paymeId = objectId;

/** What Payme would charge for `order`, in tiyin. */
export const tiyinOf = (order: Order): number => toTiyin(order.total);

export async function orderRow(t: TestBackend, number: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error(`No order ${number}`);
  return row;
}

export async function eventsOf(t: TestBackend, number: string): Promise<OrderEvent[]> {
  const order = await orderRow(t, number);
  const rows = await t.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.seq));
  return rows.map((row) => OrderEventSchema.parse(row.payload));
}

export async function paymeRow(t: TestBackend, id: string) {
  const [row] = await t.db
    .select()
    .from(providerPayments)
    .where(and(eq(providerPayments.provider, 'payme'), eq(providerPayments.providerId, id)));
  return row;
}

export async function refundsOf(t: TestBackend, number: string) {
  const order = await orderRow(t, number);
  return t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
}

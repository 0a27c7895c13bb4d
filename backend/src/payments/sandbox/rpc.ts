// The JSON-RPC pieces the sandbox's server and its method handlers share: the failure an answer
// carries, reading a method's params, and comparing secrets in constant time.
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { PAYME_ERRORS, type PaymeMethod } from '../payme-protocol';

/** A refusal answered as `error: { code, message }`, as Payme does. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    readonly en: string,
  ) {
    super(en);
  }
}

/** One method: its raw params in, its `result` out (or an RpcFailure thrown). */
export type MethodHandler = (params: unknown) => unknown;
export type MethodHandlers<M extends PaymeMethod> = Record<M, MethodHandler>;

/** The method's params as its schema reads them, or Payme's "invalid params" refusal. */
export function params<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RpcFailure(PAYME_ERRORS.invalidParams, 'Invalid params');
  return parsed.data;
}

export { sameText } from '../../http/stand-in-io';

/** An id shaped like Payme's (a 24-digit hex object id). */
export function objectId(): string {
  return randomBytes(12).toString('hex');
}

// The backend's operator status call, as the staff buttons use it: move an order only from the
// status the card showed (compare-and-set), naming who pressed. Its secret goes only to the
// backend, never to a shopper; its answers are read strictly.
import { OrderSchema, OrderStatusSchema, type Order, type OrderStatus } from '@shop/shared';
import * as z from 'zod/mini';
import type { OperatorApi } from '../config';

export const OPERATOR_SECRET_HEADER = 'x-operator-secret';

export type MoveOutcome =
  | { kind: 'moved'; from: OrderStatus; order: Order }
  /** Someone moved it first: where it is now, and who moved it (null: the shop itself). */
  | { kind: 'moved_meanwhile'; status: OrderStatus; by: string | null }
  | { kind: 'refused'; message: string }
  | { kind: 'not_found' }
  | { kind: 'failed'; reason: string };

export interface MoveRequest {
  number: string;
  to: OrderStatus;
  expectedFrom: OrderStatus;
  actor: string;
}

export interface OperatorClient {
  moveOrder(request: MoveRequest): Promise<MoveOutcome>;
}

const MovedSchema = z.object({ from: OrderStatusSchema, data: OrderSchema });
const ErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  current: z.optional(z.object({ status: OrderStatusSchema, by: z.nullable(z.string()) })),
});

function outcomeOf(status: number, body: unknown): MoveOutcome {
  if (status === 200) {
    const moved = MovedSchema.safeParse(body);
    return moved.success
      ? { kind: 'moved', from: moved.data.from, order: moved.data.data }
      : { kind: 'failed', reason: 'the backend answered 200 with an unreadable body' };
  }
  const error = ErrorSchema.safeParse(body);
  if (!error.success) return { kind: 'failed', reason: `the backend answered ${status}` };
  if (status === 409 && error.data.current) {
    return {
      kind: 'moved_meanwhile',
      status: error.data.current.status,
      by: error.data.current.by,
    };
  }
  if (status === 404 && error.data.code === 'not_found') return { kind: 'not_found' };
  if (status === 409) return { kind: 'refused', message: error.data.message };
  return { kind: 'failed', reason: `the backend answered ${status} ${error.data.code}` };
}

export function createOperatorClient(api: OperatorApi, timeoutMs = 10_000): OperatorClient {
  return {
    async moveOrder({ number, to, expectedFrom, actor }) {
      let response: Response;
      try {
        response = await fetch(`${api.url}/operator/orders/${encodeURIComponent(number)}/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: api.secret },
          body: JSON.stringify({ status: to, expected_from: expectedFrom, actor }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      return outcomeOf(response.status, body);
    },
  };
}

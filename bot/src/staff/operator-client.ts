// The backend's operator status call, as the staff buttons use it: move an order only from the
// status the card showed (compare-and-set), naming who pressed. Its secret goes only to the
// backend, never to a shopper; its answers are read strictly.
import {
  OPERATOR_SECRET_HEADER,
  operatorStatusPath,
  readOperatorStatusAnswer,
  type OperatorStatusRequest,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import type { OperatorApi } from '../config';

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

function outcomeOf(status: number, body: unknown): MoveOutcome {
  const answer = readOperatorStatusAnswer(status, body);
  switch (answer.kind) {
    case 'moved':
      return { kind: 'moved', from: answer.answer.from, order: answer.answer.data };
    case 'moved_meanwhile':
      return {
        kind: 'moved_meanwhile',
        status: answer.answer.current.status,
        by: answer.answer.current.by,
      };
    case 'no_such_order':
      return { kind: 'not_found' };
    case 'refused':
      return status === 409
        ? { kind: 'refused', message: answer.error.message }
        : { kind: 'failed', reason: `the backend answered ${status} ${answer.error.code}` };
    case 'unreadable':
      return {
        kind: 'failed',
        reason:
          status === 200
            ? 'the backend answered 200 with an unreadable body'
            : `the backend answered ${status}`,
      };
  }
}

export function createOperatorClient(api: OperatorApi, timeoutMs = 10_000): OperatorClient {
  return {
    async moveOrder({ number, to, expectedFrom, actor }) {
      let response: Response;
      try {
        const request: OperatorStatusRequest = { status: to, expected_from: expectedFrom, actor };
        response = await fetch(`${api.url}${operatorStatusPath(number)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: api.secret },
          body: JSON.stringify(request),
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

// The backend's two operator calls about Telegram's payment sheet, server to server with the
// operator secret (never a shopper's): may the sheet take this order's money, and the money taken.
// Answers are read strictly; anything else is a failure the caller decides about.
import {
  ApiErrorSchema,
  OPERATOR_PATHS,
  OPERATOR_SECRET_HEADER,
  TelegramPreCheckoutAnswerSchema,
  TelegramSuccessfulPaymentAnswerSchema,
  type TelegramPreCheckoutAnswer,
  type TelegramPreCheckoutRequest,
  type TelegramSuccessfulPaymentRequest,
} from '@shop/shared';
import type { OperatorApi } from '../config';

export type PreCheckoutOutcome =
  { kind: 'answered'; answer: TelegramPreCheckoutAnswer } | { kind: 'failed'; reason: string };

export type SuccessfulPaymentOutcome =
  | { kind: 'recorded'; outcome: 'paid' | 'refund_due' }
  /** 404 not_found: the backend has no order with this number. */
  | { kind: 'no_such_order' }
  | { kind: 'failed'; reason: string };

export interface OperatorPayments {
  /** Within `timeoutMs`: Telegram wants its answer within 10 s. */
  preCheckout(request: TelegramPreCheckoutRequest, timeoutMs: number): Promise<PreCheckoutOutcome>;
  recordPayment(request: TelegramSuccessfulPaymentRequest): Promise<SuccessfulPaymentOutcome>;
}

async function post(
  api: OperatorApi,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<{ status: number; body: unknown } | { failed: string }> {
  let response: Response;
  try {
    response = await fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_SECRET_HEADER]: api.secret },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
  try {
    return { status: response.status, body: await response.json() };
  } catch {
    return { status: response.status, body: undefined };
  }
}

export function createOperatorPayments(
  api: OperatorApi,
  recordTimeoutMs = 10_000,
): OperatorPayments {
  return {
    async preCheckout(request, timeoutMs) {
      const answer = await post(api, OPERATOR_PATHS.telegramPreCheckout, request, timeoutMs);
      if ('failed' in answer) return { kind: 'failed', reason: answer.failed };
      const read = TelegramPreCheckoutAnswerSchema.safeParse(answer.body);
      if (answer.status !== 200 || !read.success) {
        return { kind: 'failed', reason: `the backend answered ${answer.status}` };
      }
      return { kind: 'answered', answer: read.data };
    },

    async recordPayment(request) {
      const answer = await post(api, OPERATOR_PATHS.telegramSuccessful, request, recordTimeoutMs);
      if ('failed' in answer) return { kind: 'failed', reason: answer.failed };
      if (answer.status === 200) {
        const read = TelegramSuccessfulPaymentAnswerSchema.safeParse(answer.body);
        if (read.success) return { kind: 'recorded', outcome: read.data.outcome };
      }
      const error = ApiErrorSchema.safeParse(answer.body);
      // Only a refusal naming the number: a backend without this call is a 404 too.
      const aboutNumber = error.success && error.data.details?.some((d) => d.field === 'number');
      if (
        answer.status === 404 &&
        error.success &&
        error.data.code === 'not_found' &&
        aboutNumber
      ) {
        return { kind: 'no_such_order' };
      }
      return {
        kind: 'failed',
        reason: `the backend answered ${answer.status}${error.success ? ` ${error.data.code}` : ''}`,
      };
    },
  };
}

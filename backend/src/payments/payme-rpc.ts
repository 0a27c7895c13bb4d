// Calling Payme's Subscribe API: one JSON-RPC 2.0 request over HTTP POST with the cashbox's
// X-Auth, bounded by a timeout, its answer parsed, and Payme's error codes read as what they mean
// for the call. What a failure means depends on whether the request may have been carried out:
// a refused connection certainly was not (unavailable), a timeout or a garbled answer may have
// been (outcome_unknown). No card number, code or token is put into an error.
import type { z } from 'zod';
import { ProcessorError, type DeclineReason, type ProcessorFailure } from './card-processor';
import {
  needsKey,
  PAYME_ERRORS,
  RpcErrorAnswerSchema,
  RpcResultAnswerSchema,
  type PaymeMethod,
} from './payme-protocol';

// Short enough that a pay request (receipt, charge, and a check when the charge is not answered)
// usually ends within the relay's 10 s; a charge answered later is settled by receipts.check.
const DEFAULT_PAYME_TIMEOUT_MS = 8_000;

export interface PaymeProcessorOptions {
  /** The JSON-RPC endpoint: https://checkout.paycom.uz/api (live) or the test host. */
  url: string;
  /** The cashbox id. */
  merchantId: string;
  /** The cashbox key, for server calls. */
  key: string;
  /** Per call; a pay call that takes longer is settled with receipts.check. */
  timeoutMs?: number;
}

/** Errors of the JSON-RPC layer: the request was refused before anything was done. */
function isProtocolRefusal(code: number): boolean {
  return code <= -32000 && code !== PAYME_ERRORS.system;
}

/** What a Payme error code means for the call it answered. Unknown codes decline the card. */
export function failureOf(method: PaymeMethod, code: number): ProcessorFailure {
  if (isProtocolRefusal(code)) return 'unavailable';
  switch (method) {
    case 'cards.create':
      return code === PAYME_ERRORS.system ? 'unavailable' : 'card_invalid';
    case 'cards.get_verify_code':
      if (code === PAYME_ERRORS.system) return 'unavailable';
      if (code === PAYME_ERRORS.smsNotConnected) return 'sms_unavailable';
      if (code === PAYME_ERRORS.codeAttemptsExceeded) return 'code_attempts_exceeded';
      return 'card_invalid';
    case 'cards.verify':
      if (code === PAYME_ERRORS.system) return 'unavailable';
      if (code === PAYME_ERRORS.codeWrong) return 'code_invalid';
      if (code === PAYME_ERRORS.codeExpired) return 'code_expired';
      if (code === PAYME_ERRORS.codeAttemptsExceeded) return 'code_attempts_exceeded';
      return 'card_invalid';
    case 'receipts.pay':
      // A system error, or a receipt that is no longer payable (a late duplicate of our own
      // earlier call may have paid it): only receipts.check can say what happened.
      if (
        code === PAYME_ERRORS.system ||
        code === PAYME_ERRORS.receiptStateForbids ||
        code === PAYME_ERRORS.receiptNotFound
      ) {
        return 'outcome_unknown';
      }
      return 'declined';
    default:
      return 'unavailable';
  }
}

/** Why Payme declined a charge, by its error code; a code it does not name is 'other'. */
export function declineReasonOf(code: number): DeclineReason {
  switch (code) {
    case PAYME_ERRORS.insufficientFunds:
      return 'insufficient_funds';
    case PAYME_ERRORS.cardBlocked:
      return 'card_blocked';
    case PAYME_ERRORS.cardExpiryWrong:
      return 'card_expired';
    default:
      return 'other';
  }
}

/** A connection that was never made cannot have carried a request. */
export function neverSent(error: unknown): boolean {
  const cause: unknown =
    typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
  const code: unknown =
    typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined;
  return (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  );
}

/** One call to Payme: `method` with `params`, its result parsed with `schema`. */
export type PaymeRpc = <S extends z.ZodType>(
  method: PaymeMethod,
  params: Record<string, unknown>,
  schema: S,
) => Promise<z.output<S>>;

export function createPaymeRpc(options: PaymeProcessorOptions): PaymeRpc {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PAYME_TIMEOUT_MS;
  let nextId = 1;

  return async function rpc<S extends z.ZodType>(
    method: PaymeMethod,
    params: Record<string, unknown>,
    schema: S,
  ): Promise<z.output<S>> {
    const id = nextId;
    nextId += 1;
    const auth = needsKey(method) ? `${options.merchantId}:${options.key}` : options.merchantId;
    let text: string;
    let status: number;
    try {
      // One signal bounds the whole exchange, the body included.
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth': auth },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new ProcessorError(neverSent(error) ? 'unavailable' : 'outcome_unknown', method);
    }
    if (status < 200 || status >= 300) throw new ProcessorError('outcome_unknown', method);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProcessorError('outcome_unknown', method);
    }
    const failed = RpcErrorAnswerSchema.safeParse(parsed);
    if (failed.success) {
      const { code } = failed.data.error;
      const failure = failureOf(method, code);
      throw new ProcessorError(
        failure,
        method,
        code,
        failure === 'declined' ? declineReasonOf(code) : null,
      );
    }
    const answer = RpcResultAnswerSchema.safeParse(parsed);
    if (!answer.success) throw new ProcessorError('outcome_unknown', method);
    const result = schema.safeParse(answer.data.result);
    if (!result.success) throw new ProcessorError('outcome_unknown', method);
    return result.data;
  };
}

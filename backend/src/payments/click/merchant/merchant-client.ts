// Calling Click's Merchant API: one HTTP request with the Auth header and JSON, bounded by a
// timeout, its answer parsed, and Click's error codes read as what they mean for the call
// (merchant-failures.ts). What a failure means depends on whether the request may have been
// carried out: a refused connection certainly was not (unavailable), a timeout, an HTTP error or a
// garbled answer may have been (outcome_unknown). No card number, code or token goes into an error:
// errors name the endpoint only, never a URL (a token travels in some paths).
import type { z } from 'zod';
import { ProcessorError } from '../../card-processor';
import { neverSent } from '../../payme-rpc';
import { clickDeclineReasonOf, clickFailureOf } from './merchant-failures';
import {
  CardTokenRequestAnswer,
  CardTokenVerifyAnswer,
  clickAuthHeader,
  EnvelopeSchema,
  PaymentAnswer,
  PaymentByMtiAnswer,
  ReversalAnswer,
  type ClickEndpoint,
} from './merchant-protocol';

// Short enough that a pay request (the charge, and a status look-up when it is not answered)
// usually ends within the relay's 10 s; a charge answered later is settled by its status.
const DEFAULT_CLICK_TIMEOUT_MS = 8_000;

export interface ClickMerchantOptions {
  /** The API base: https://api.click.uz/v2/merchant (a trailing slash is fine). */
  url: string;
  serviceId: string;
  merchantUserId: string;
  secretKey: string;
  /** Per call; a charge that takes longer is settled by its status. */
  timeoutMs?: number;
  /** The clock the Auth header's timestamp is read from. */
  now?: () => Date;
}

interface ClickRequest {
  endpoint: ClickEndpoint;
  method: 'GET' | 'POST' | 'DELETE';
  /** Path segments after the base, each encoded. */
  path: readonly string[];
  body?: Record<string, unknown>;
}

type ClickCall = <S extends z.ZodType>(request: ClickRequest, schema: S) => Promise<z.output<S>>;

/** One call to Click: the request sent with Auth, its answer's envelope and fields read. */
function createClickCall(options: ClickMerchantOptions): ClickCall {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CLICK_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const base = options.url.replace(/\/+$/, '');

  async function exchange(request: ClickRequest): Promise<{ status: number; text: string }> {
    const url = `${base}/${request.path.map(encodeURIComponent).join('/')}`;
    try {
      // One signal bounds the whole exchange, the body included.
      const response = await fetch(url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body ? { 'content-type': 'application/json' } : {}),
          auth: clickAuthHeader(options.merchantUserId, options.secretKey, now()),
        },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      throw new ProcessorError(
        neverSent(error) ? 'unavailable' : 'outcome_unknown',
        request.endpoint,
      );
    }
  }

  async function call<S extends z.ZodType>(request: ClickRequest, schema: S): Promise<z.output<S>> {
    const { endpoint } = request;
    const { status, text } = await exchange(request);
    if (status < 200 || status >= 300) throw new ProcessorError('outcome_unknown', endpoint);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ProcessorError('outcome_unknown', endpoint);
    }
    const envelope = EnvelopeSchema.safeParse(parsed);
    if (!envelope.success) throw new ProcessorError('outcome_unknown', endpoint);
    const code = envelope.data.error_code;
    if (code !== 0) {
      const failure = clickFailureOf(endpoint, code);
      throw new ProcessorError(
        failure,
        endpoint,
        code,
        failure === 'declined' ? clickDeclineReasonOf(code) : null,
      );
    }
    const answer = schema.safeParse(parsed);
    if (!answer.success) throw new ProcessorError('outcome_unknown', endpoint);
    return answer.data;
  }

  return call;
}

/** The card token endpoints: tokenise, confirm by the texted code, delete. */
function cardTokenCalls(call: ClickCall, serviceId: string) {
  return {
    /** Tokenises a card; Click texts its owner a code at once. */
    requestCardToken: (card: { number: string; expire: string }) =>
      call(
        {
          endpoint: 'card_token/request',
          method: 'POST',
          path: ['card_token', 'request'],
          // temporary 0: a token kept for later payments, not one for a single charge.
          body: {
            service_id: serviceId,
            card_number: card.number,
            expire_date: card.expire,
            temporary: 0,
          },
        },
        CardTokenRequestAnswer,
      ),
    verifyCardToken: (token: string, code: string) =>
      call(
        {
          endpoint: 'card_token/verify',
          method: 'POST',
          path: ['card_token', 'verify'],
          body: { service_id: serviceId, card_token: token, sms_code: code },
        },
        CardTokenVerifyAnswer,
      ),
    deleteCardToken: (token: string) =>
      call(
        { endpoint: 'card_token/delete', method: 'DELETE', path: ['card_token', serviceId, token] },
        EnvelopeSchema,
      ),
  };
}

/** The payment endpoints: charge a token, look a payment up, reverse it. */
function paymentCalls(call: ClickCall, serviceId: string) {
  return {
    /** Charges `amount` sum to the card, naming the payment by `transactionParameter`. */
    payWithCardToken: (token: string, amount: number, transactionParameter: string) =>
      call(
        {
          endpoint: 'card_token/payment',
          method: 'POST',
          path: ['card_token', 'payment'],
          body: {
            service_id: serviceId,
            card_token: token,
            amount,
            transaction_parameter: transactionParameter,
          },
        },
        PaymentAnswer,
      ),
    paymentStatus: (paymentId: string) =>
      call(
        {
          endpoint: 'payment/status',
          method: 'GET',
          path: ['payment', 'status', serviceId, paymentId],
        },
        PaymentAnswer,
      ),
    /** The payment our `transactionParameter` named, filed under the Tashkent day `day`. */
    paymentByMti: (transactionParameter: string, day: string) =>
      call(
        {
          endpoint: 'payment/status_by_mti',
          method: 'GET',
          path: ['payment', 'status_by_mti', serviceId, transactionParameter, day],
        },
        PaymentByMtiAnswer,
      ),
    reversePayment: (paymentId: string) =>
      call(
        {
          endpoint: 'payment/reversal',
          method: 'DELETE',
          path: ['payment', 'reversal', serviceId, paymentId],
        },
        ReversalAnswer,
      ),
  };
}

export function createClickMerchantClient(options: ClickMerchantOptions) {
  const call = createClickCall(options);
  return {
    serviceId: options.serviceId,
    ...cardTokenCalls(call, options.serviceId),
    ...paymentCalls(call, options.serviceId),
  };
}

export type ClickMerchantClient = ReturnType<typeof createClickMerchantClient>;

// What shoppers got done, read from the relayed calls' answers: orders placed and refused,
// sign-in codes sent and not, card charges paid, declined and failed. Read at the relay from the
// call name and the answer's status and code, so they hold for outside backends too.
import type { CallId, ErrorCode } from '@shop/shared';
import { Counter, type Registry } from 'prom-client';

export interface CallFigures {
  /** A call answered 2xx (not a replay of an earlier answer), with its contract-checked body. */
  succeeded(call: CallId, data: unknown): void;
  /** A call refused or failed with this code (by the backend, the relay or a rate limit). */
  refused(call: CallId, code: ErrorCode): void;
}

/** The card was refused: the shopper must use another. */
const DECLINED: ReadonlySet<ErrorCode> = new Set(['payment_declined', 'card_expired']);

/** Nothing was charged because a processor or a backend failed, not the card. */
const FAILED: ReadonlySet<ErrorCode> = new Set([
  'payment_unavailable',
  'upstream_timeout',
  'upstream_unavailable',
  'upstream_invalid',
  'internal_error',
]);

/** The payment status of an order answer (`{ data: { payment_status } }`), if it has one. */
function paymentStatus(answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null || !('data' in answer)) return undefined;
  const order = answer.data;
  if (typeof order !== 'object' || order === null || !('payment_status' in order)) {
    return undefined;
  }
  return order.payment_status;
}

export function createCallFigures(registry: Registry): CallFigures {
  const registers = [registry];
  const ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed through this instance (a retried request answered again counts once).',
    registers,
  });
  const ordersRefused = new Counter({
    name: 'shop_orders_refused_total',
    help: 'Orders not placed, by error code (out_of_stock, order_refused, rate_limited...).',
    labelNames: ['code'],
    registers,
  });
  const codesSent = new Counter({
    name: 'shop_sign_in_codes_sent_total',
    help: 'Sign-in codes the backend took to send by SMS.',
    registers,
  });
  const codesFailed = new Counter({
    name: 'shop_sign_in_codes_failed_total',
    help: 'Sign-in codes asked for and not sent, by error code (otp_resend_too_soon, rate_limited...).',
    labelNames: ['code'],
    registers,
  });
  const charges = new Counter({
    name: 'shop_card_charges_total',
    help:
      'Card charges by outcome: paid; declined (the card was refused); failed (the processor ' +
      'or a backend failed, nothing was charged or it is being settled).',
    labelNames: ['outcome'],
    registers,
  });
  for (const outcome of ['paid', 'declined', 'failed']) charges.labels(outcome).inc(0);

  return {
    succeeded(call, data) {
      if (call === 'createOrder') ordersPlaced.inc();
      else if (call === 'sendOtp') codesSent.inc();
      else if (call === 'payOrder') {
        charges.inc({ outcome: paymentStatus(data) === 'paid' ? 'paid' : 'failed' });
      }
    },
    refused(call, code) {
      if (call === 'createOrder') ordersRefused.inc({ code });
      else if (call === 'sendOtp') codesFailed.inc({ code });
      else if (call === 'payOrder') {
        // Other refusals (an order already paid, a payment under way, a bad request) charged
        // nothing and tried to charge nothing.
        if (DECLINED.has(code)) charges.inc({ outcome: 'declined' });
        else if (FAILED.has(code)) charges.inc({ outcome: 'failed' });
      }
    },
  };
}

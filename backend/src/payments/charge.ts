// Charging a committed attempt at the processor: a receipt is made, then paid with the card's
// token. Called after the attempt's row has committed and outside any transaction, so a slow
// processor holds no lock; an unanswered pay call is settled with receipts.check before the
// shopper is told anything.
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentAttempts } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { failureOf, type AttemptOutcomes, type AttemptRow } from './attempt-outcomes';
import {
  ProcessorError,
  type CardProcessor,
  type DeclineReason,
  type ReceiptOutcome,
} from './card-processor';
import { PROCESSOR_DOWN_MESSAGE } from './processor-errors';

const SETTLING_MESSAGE =
  'The card service has not confirmed the payment yet. Do not pay again: the order will show the result within minutes.';

export interface ChargeDeps {
  db: Db;
  now: () => Date;
  processor: CardProcessor;
  log: FastifyBaseLogger;
  outcomes: AttemptOutcomes;
}

/** Charges the receipt of a committed attempt. Returns once paid, or throws the shopper's error. */
export async function charge(
  deps: ChargeDeps,
  attempt: AttemptRow,
  token: string,
  orderNumber: string,
): Promise<void> {
  const { db, processor, log, outcomes } = deps;
  let receiptId: string;
  try {
    ({ receiptId } = await processor.createReceipt({
      amount: attempt.amount,
      orderNumber,
      description: `Order ${orderNumber}`,
    }));
  } catch (error) {
    // No receipt, nothing to pay: whatever went wrong, nothing was charged.
    log.warn({ attemptId: attempt.id, failure: failureOf(error) }, 'could not create a receipt');
    await outcomes.finish(
      attempt.id,
      'failed',
      error instanceof ProcessorError ? error.providerCode : null,
    );
    throw new ShopError('payment_unavailable', PROCESSOR_DOWN_MESSAGE);
  }
  await db
    .update(paymentAttempts)
    .set({ receiptId, updatedAt: deps.now() })
    .where(eq(paymentAttempts.id, attempt.id));
  const withReceipt: AttemptRow = { ...attempt, receiptId };

  let outcome: ReceiptOutcome;
  let paymentId: string | undefined;
  try {
    const status = await processor.payReceipt(receiptId, token);
    outcome = status.outcome === 'paid' ? 'paid' : 'pending';
    paymentId = status.paymentId;
  } catch (error) {
    if (!(error instanceof ProcessorError)) throw error;
    if (error.failure === 'declined' || error.failure === 'unavailable') {
      await refused(deps, attempt.id, receiptId, error);
    }
    outcome = 'pending';
  }
  if (outcome === 'paid') {
    await outcomes.markPaid(withReceipt, paymentId);
    return;
  }
  // No answer, or an answer that is not "paid": ask what happened before saying anything.
  await outcomes.markUnknown(attempt.id);
  const settled = await outcomes.settle({ ...withReceipt, state: 'unknown' });
  if (settled === 'paid') return;
  if (settled === 'not_paid') throw new ShopError('payment_unavailable', PROCESSOR_DOWN_MESSAGE);
  throw new ShopError('payment_unavailable', SETTLING_MESSAGE);
}

const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  insufficient_funds:
    'The card was declined: not enough money on it. Nothing was charged: top it up or pay with another card.',
  card_blocked: 'The card is blocked by its bank. Nothing was charged: pay with another card.',
  card_expired: 'The card has expired. Nothing was charged: pay with another card.',
  other: 'The card was declined. Nothing was charged: pay with another card.',
};

/** The processor said no (declined) or could not be reached: nothing was charged. Always
 * throws the shopper's error. */
async function refused(
  deps: ChargeDeps,
  attemptId: number,
  receiptId: string,
  error: ProcessorError,
): Promise<never> {
  const { log, outcomes } = deps;
  await outcomes.finish(
    attemptId,
    error.failure === 'declined' ? 'declined' : 'failed',
    error.providerCode,
  );
  await outcomes.cancelQuietly(receiptId, attemptId);
  log.info(
    { attemptId, failure: error.failure, code: error.providerCode },
    'card payment not made',
  );
  if (error.failure === 'declined') {
    const reason = error.declineReason ?? 'other';
    const message = DECLINE_MESSAGES[reason];
    // The reason as a rule the webapp words in the shopper's language.
    throw new ShopError('payment_declined', message, {
      details: [{ field: 'card_id', message, rule: reason }],
    });
  }
  throw new ShopError('payment_unavailable', PROCESSOR_DOWN_MESSAGE);
}

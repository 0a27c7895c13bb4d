// What becomes of a charge attempt once it is in flight: paid (the order is paid with it),
// declined or failed (nothing charged), or unknown while its pay call went unanswered, until
// receipts.check tells. Every move is a conditional UPDATE from an in-flight state, so an attempt
// is settled once however many requests and sweeps look at it.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders, paymentAttempts } from '../db/schema';
import { recordOrderEvent } from '../order-events/outbox';
import { loadOrderForEvent } from '../orders/order-view';
import { ProcessorError, type CardProcessor, type ReceiptOutcome } from './card-processor';
import { IN_FLIGHT } from './in-flight';
import { makeDefaultCard } from './saved-cards';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

export interface AttemptOutcomesDeps {
  db: Db;
  now: () => Date;
  processor: CardProcessor;
  log: FastifyBaseLogger;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
}

/** How a processor call failed, for the log (never the card's details). */
export function failureOf(error: unknown): string {
  return error instanceof ProcessorError ? error.failure : 'error';
}

export function createAttemptOutcomes(deps: AttemptOutcomesDeps) {
  const { db, processor, log } = deps;

  /** Nothing was charged: the attempt failed, or the card was declined (which the shopper is
   * told of through the outbox). */
  async function finish(
    attemptId: number,
    state: 'failed' | 'declined',
    errorCode: number | null,
  ): Promise<void> {
    const at = deps.now();
    const told = await db.transaction(async (tx) => {
      const moved = await tx
        .update(paymentAttempts)
        .set({ state, errorCode, updatedAt: at })
        .where(and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.state, IN_FLIGHT)))
        .returning({ orderId: paymentAttempts.orderId });
      const [attempt] = moved;
      // Only a decline is news to the shopper; a charge that never reached the card is not.
      if (state !== 'declined' || !attempt) return false;
      await recordOrderEvent(
        tx,
        await loadOrderForEvent(tx, attempt.orderId),
        { type: 'payment_declined', attempt: attemptId },
        at,
      );
      return true;
    });
    if (told) deps.onOrderEvents?.();
  }

  async function markUnknown(attemptId: number): Promise<void> {
    await db
      .update(paymentAttempts)
      .set({ state: 'unknown', updatedAt: deps.now() })
      .where(and(eq(paymentAttempts.id, attemptId), inArray(paymentAttempts.state, IN_FLIGHT)));
  }

  async function markPaid(attempt: AttemptRow): Promise<void> {
    const at = deps.now();
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(paymentAttempts)
        .set({ state: 'paid', errorCode: null, updatedAt: at })
        .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.state, IN_FLIGHT)))
        .returning({ id: paymentAttempts.id });
      if (moved.length === 0) return; // settled by someone else already
      const [paid] = await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paidAt: at })
        .where(and(eq(orders.id, attempt.orderId), eq(orders.paymentStatus, 'unpaid')))
        .returning({ userId: orders.userId });
      if (!paid) return;
      // The card that paid is the one the next order offers first, not one that was declined.
      await makeDefaultCard(tx, paid.userId, attempt.cardId);
      await recordOrderEvent(
        tx,
        await loadOrderForEvent(tx, attempt.orderId),
        { type: 'payment_received', attempt: attempt.id },
        at,
      );
    });
    deps.onOrderEvents?.();
    log.info({ orderId: attempt.orderId, attemptId: attempt.id }, 'card payment received');
  }

  /** Cancels a receipt nobody paid, so it can never be paid late; failures are only logged. */
  async function cancelQuietly(receiptId: string, attemptId: number): Promise<boolean> {
    try {
      await processor.cancelReceipt(receiptId);
      return true;
    } catch (error) {
      log.warn({ attemptId, failure: failureOf(error) }, 'could not cancel an unpaid receipt');
      return false;
    }
  }

  /**
   * Finds out what became of an attempt whose pay call got no answer: paid (the order is paid),
   * not paid (the receipt is cancelled and the attempt failed), or still pending (left 'unknown'
   * for the next look).
   */
  async function settle(attempt: AttemptRow): Promise<ReceiptOutcome> {
    if (attempt.receiptId === null) {
      // The receipt was never made, so nothing can have been paid.
      await finish(attempt.id, 'failed', null);
      return 'not_paid';
    }
    let status;
    try {
      status = await processor.checkReceipt(attempt.receiptId);
    } catch (error) {
      log.warn({ attemptId: attempt.id, failure: failureOf(error) }, 'could not check a receipt');
      await markUnknown(attempt.id);
      return 'pending';
    }
    if (status.outcome === 'paid') {
      await markPaid(attempt);
      return 'paid';
    }
    if (status.outcome === 'not_paid') {
      if (status.cancellable && !(await cancelQuietly(attempt.receiptId, attempt.id))) {
        await markUnknown(attempt.id);
        return 'pending';
      }
      await finish(attempt.id, 'failed', null);
      log.info({ orderId: attempt.orderId, attemptId: attempt.id }, 'unanswered charge not paid');
      return 'not_paid';
    }
    await markUnknown(attempt.id);
    return 'pending';
  }

  return { finish, markUnknown, markPaid, cancelQuietly, settle };
}

export type AttemptOutcomes = ReturnType<typeof createAttemptOutcomes>;

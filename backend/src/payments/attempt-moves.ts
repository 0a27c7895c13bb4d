// The moves of a charge attempt out of flight, each a conditional UPDATE from an in-flight state
// so an attempt is settled once however many requests and sweeps look at it: paid (the order is
// paid with it), failed or declined (nothing charged), or unknown until receipts.check tells.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders, paymentAttempts } from '../db/schema';
import { recordOrderEvent } from '../order-events/outbox';
import { loadOrderForEvent } from '../orders/order-view';
import { IN_FLIGHT } from './in-flight';
import { makeDefaultCard } from './saved-cards';

export type AttemptRow = typeof paymentAttempts.$inferSelect;

export interface AttemptMovesDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
}

export function createAttemptMoves(deps: AttemptMovesDeps) {
  const { db, log } = deps;

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

  /** The attempt paid its order; `paymentId` is the processor's own id of the payment, when it
   * has one apart from the receipt (Click's payment_id). */
  async function markPaid(attempt: AttemptRow, paymentId?: string): Promise<void> {
    const at = deps.now();
    const providerPaymentId = paymentId ?? attempt.providerPaymentId;
    await db.transaction(async (tx) => {
      const moved = await tx
        .update(paymentAttempts)
        .set({ state: 'paid', errorCode: null, providerPaymentId, updatedAt: at })
        .where(and(eq(paymentAttempts.id, attempt.id), inArray(paymentAttempts.state, IN_FLIGHT)))
        .returning({ id: paymentAttempts.id });
      if (moved.length === 0) return; // settled by someone else already
      const [paid] = await tx
        .update(orders)
        .set({
          paymentStatus: 'paid',
          paidAt: at,
          paidProvider: attempt.processor,
          // What the processor's statement and a refund name the charge by.
          paidTransactionId: providerPaymentId ?? attempt.receiptId,
        })
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

  return { finish, markUnknown, markPaid };
}

export type AttemptMoves = ReturnType<typeof createAttemptMoves>;

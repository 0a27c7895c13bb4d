// Paying a card order, settling charges whose answer never came, and cancelling card orders left
// unpaid past their hold.
//
// A charge is a row first (payment_attempts), written in a short transaction that holds the
// order's row lock; the processor is called only after that commits, outside any transaction.
// The database allows one attempt in flight and one paid attempt per order (partial unique
// indexes), so however many "Pay" taps arrive at once, one charge is made. An attempt whose pay
// call got no answer is 'unknown' and is settled with receipts.check — paid, or cancelled so it
// can never be paid late — before anything else is charged for that order.
import { OPEN_ORDER_STATUSES, toTiyin, type Language, type Order } from '@shop/shared';
import { and, asc, eq, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders, paymentAttempts } from '../db/schema';
import { AppError, notFound } from '../errors';
import { recordOrderEvent } from '../order-events/outbox';
import { loadOrder, loadOrderForEvent } from '../orders/order-view';
import { cancelOrders } from '../orders/order-status';
import { ProcessorError, type CardProcessor, type ReceiptOutcome } from './card-processor';
import type { CardService } from './card-service';
import { PROCESSOR_DOWN_MESSAGE } from './processor-errors';

type OrderRow = typeof orders.$inferSelect;
type AttemptRow = typeof paymentAttempts.$inferSelect;

const IN_FLIGHT = ['paying', 'unknown'];
/** A 'paying' attempt this old lost the request that made it (a crash): settle it. */
export const STALE_PAYING_MS = 5 * 60_000;
/** An 'unknown' attempt checked this recently is left to whoever checked it. */
export const SETTLE_LEASE_MS = 30_000;
const BATCH = 20;

const SETTLING_MESSAGE =
  'The card service has not confirmed the payment yet. Do not pay again: the order will show the result within minutes.';

export interface PaymentServiceDeps {
  db: Db;
  now: () => Date;
  processor: CardProcessor;
  cards: CardService;
  log: FastifyBaseLogger;
  /** Stock went back on sale (an expired hold was cancelled). */
  onStockReturned?: () => void;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
}

function notPayable(message: string): AppError {
  return new AppError('order_not_payable', message);
}

/** Why this order cannot take a card payment now, or null when it can. */
function payableProblem(order: OrderRow, now: Date): AppError | null {
  if (order.paymentType !== 'card') return notPayable('This order is paid on receipt.');
  if (order.status === 'cancelled') return notPayable('This order was cancelled.');
  if (order.paymentStatus === 'paid') return notPayable('This order is already paid.');
  if (order.paymentStatus !== 'unpaid') return notPayable('This order takes no card payment.');
  if (order.payUntil !== null && order.payUntil.getTime() <= now.getTime()) {
    return notPayable('The time to pay this order has passed.');
  }
  return null;
}

/** A unique-index refusal, whichever driver raised it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null;) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}

function failureOf(error: unknown): string {
  return error instanceof ProcessorError ? error.failure : 'error';
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, processor, log } = deps;

  const inProgress = () =>
    new AppError(
      'payment_in_progress',
      'A payment for this order is already under way. Wait for its result before paying again.',
    );

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
      const paid = await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paidAt: at })
        .where(and(eq(orders.id, attempt.orderId), eq(orders.paymentStatus, 'unpaid')))
        .returning({ id: orders.id });
      if (paid.length === 0) return;
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

  /** Charges the receipt of a committed attempt. Answers 'paid' or throws the shopper's error. */
  async function charge(attempt: AttemptRow, token: string, orderNumber: string): Promise<void> {
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
      await finish(
        attempt.id,
        'failed',
        error instanceof ProcessorError ? error.providerCode : null,
      );
      throw new AppError('payment_unavailable', PROCESSOR_DOWN_MESSAGE);
    }
    await db
      .update(paymentAttempts)
      .set({ receiptId, updatedAt: deps.now() })
      .where(eq(paymentAttempts.id, attempt.id));
    const withReceipt: AttemptRow = { ...attempt, receiptId };

    let outcome: ReceiptOutcome;
    try {
      const status = await processor.payReceipt(receiptId, token);
      outcome = status.outcome === 'paid' ? 'paid' : 'pending';
    } catch (error) {
      if (!(error instanceof ProcessorError)) throw error;
      if (error.failure === 'declined' || error.failure === 'unavailable') {
        await finish(
          attempt.id,
          error.failure === 'declined' ? 'declined' : 'failed',
          error.providerCode,
        );
        await cancelQuietly(receiptId, attempt.id);
        log.info(
          { attemptId: attempt.id, failure: error.failure, code: error.providerCode },
          'card payment not made',
        );
        if (error.failure === 'declined') {
          throw new AppError(
            'payment_declined',
            'The card was declined. Nothing was charged: pay with another card.',
          );
        }
        throw new AppError('payment_unavailable', PROCESSOR_DOWN_MESSAGE);
      }
      outcome = 'pending';
    }
    if (outcome === 'paid') {
      await markPaid(withReceipt);
      return;
    }
    // No answer, or an answer that is not "paid": ask what happened before saying anything.
    await markUnknown(attempt.id);
    const settled = await settle({ ...withReceipt, state: 'unknown' });
    if (settled === 'paid') return;
    if (settled === 'not_paid') throw new AppError('payment_unavailable', PROCESSOR_DOWN_MESSAGE);
    throw new AppError('payment_unavailable', SETTLING_MESSAGE);
  }

  async function orderOf(userId: number, number: string): Promise<OrderRow> {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.number, number)));
    // Someone else's order looks exactly like a missing one.
    if (!order) throw notFound('Order not found');
    return order;
  }

  async function rendered(order: OrderRow, lang: Language): Promise<Order> {
    const answer = await loadOrder(db, order.id, lang);
    if (!answer) throw notFound('Order not found');
    return answer;
  }

  async function payOrder(
    userId: number,
    number: string,
    cardId: number,
    lang: Language,
  ): Promise<Order> {
    const order = await orderOf(userId, number);
    const problem = payableProblem(order, deps.now());
    if (problem) throw problem;
    const card = await deps.cards.cardForPayment(userId, cardId);

    // A charge whose answer never came is settled before anything else: a retry after a
    // timeout must find the first charge, not make a second one.
    const now = deps.now();
    const inFlight = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.state, IN_FLIGHT)));
    for (const attempt of inFlight) {
      const stale = now.getTime() - attempt.updatedAt.getTime() >= STALE_PAYING_MS;
      if (attempt.state === 'unknown' || stale) {
        if ((await settle(attempt)) === 'paid') return rendered(order, lang);
      }
    }

    let attempt: AttemptRow;
    try {
      attempt = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, order.id))
          .for('update');
        if (!locked) throw notFound('Order not found');
        const lockedProblem = payableProblem(locked, deps.now());
        if (lockedProblem) throw lockedProblem;
        const busy = await tx
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(
            and(eq(paymentAttempts.orderId, locked.id), inArray(paymentAttempts.state, IN_FLIGHT)),
          )
          .limit(1);
        if (busy.length > 0) throw inProgress();
        const at = deps.now();
        const [inserted] = await tx
          .insert(paymentAttempts)
          .values({
            orderId: locked.id,
            cardId: card.id,
            // The order's own total from the database, never a number from the client.
            amount: toTiyin(locked.total),
            state: 'paying',
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        if (!inserted) throw new Error('Attempt insert returned nothing');
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw inProgress();
      throw error;
    }
    await charge(attempt, card.providerToken, order.number);
    return rendered(order, lang);
  }

  /** Settles unanswered charges (and 'paying' ones whose request died), a batch at a time. */
  async function settleDue(): Promise<number> {
    const now = deps.now();
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(paymentAttempts)
        .where(
          or(
            and(
              eq(paymentAttempts.state, 'unknown'),
              lte(paymentAttempts.updatedAt, new Date(now.getTime() - SETTLE_LEASE_MS)),
            ),
            and(
              eq(paymentAttempts.state, 'paying'),
              lte(paymentAttempts.updatedAt, new Date(now.getTime() - STALE_PAYING_MS)),
            ),
          ),
        )
        .orderBy(asc(paymentAttempts.updatedAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      // The lease: another instance's sweep skips these for a while.
      await tx
        .update(paymentAttempts)
        .set({ state: 'unknown', updatedAt: now })
        .where(
          inArray(
            paymentAttempts.id,
            due.map((row) => row.id),
          ),
        );
      return due.map((row) => ({ ...row, state: 'unknown', updatedAt: now }));
    });
    for (const attempt of claimed) await settle(attempt);
    return claimed.length;
  }

  /**
   * Cancels unpaid card orders whose hold has passed and puts their stock back, in one
   * transaction per batch. Orders are claimed with SKIP LOCKED, so several instances sweeping at
   * once each take different orders, and an order with a charge in flight is never touched.
   */
  async function expireHolds(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = deps.now();
      const batch = await db.transaction(async (tx) => {
        const due = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.paymentStatus, 'unpaid'),
              // The hold never undoes an order that is over (completed by the operator).
              inArray(orders.status, OPEN_ORDER_STATUSES),
              lte(orders.payUntil, now),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(paymentAttempts)
                  .where(
                    and(
                      eq(paymentAttempts.orderId, orders.id),
                      inArray(paymentAttempts.state, IN_FLIGHT),
                    ),
                  ),
              ),
            ),
          )
          .orderBy(asc(orders.payUntil))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        if (due.length === 0) return { cancelled: 0, more: false };
        const dueIds = due.map((row) => row.id);
        // Asked again now that the rows are locked: a pay request that committed its attempt
        // after this transaction's first look is seen here, and its order is left alone.
        const busy = await tx
          .select({ orderId: paymentAttempts.orderId })
          .from(paymentAttempts)
          .where(
            and(
              inArray(paymentAttempts.orderId, dueIds),
              inArray(paymentAttempts.state, IN_FLIGHT),
            ),
          );
        const ids = dueIds.filter((id) => !busy.some((row) => row.orderId === id));
        if (ids.length === 0) return { cancelled: 0, more: due.length === BATCH };
        const cancelledIds = await cancelOrders(tx, ids, now, eq(orders.paymentStatus, 'unpaid'));
        if (cancelledIds.length === 0) return { cancelled: 0, more: due.length === BATCH };
        return { cancelled: cancelledIds.length, more: due.length === BATCH };
      });
      total += batch.cancelled;
      if (!batch.more) break;
    }
    if (total > 0) {
      log.info({ orders: total }, 'unpaid card orders cancelled after their hold');
      deps.onOrderEvents?.();
      deps.onStockReturned?.();
    }
    return total;
  }

  /** One round of background work: settle unanswered charges, then expire holds. */
  async function sweep(): Promise<{ settled: number; expired: number }> {
    const settled = await settleDue();
    const expired = await expireHolds();
    return { settled, expired };
  }

  return { payOrder, settleDue, expireHolds, sweep };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

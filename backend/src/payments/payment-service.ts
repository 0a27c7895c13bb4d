// Paying a card order, settling charges whose answer never came, and cancelling card orders left
// unpaid past their hold (hold-expiry.ts).
//
// A charge is a row first (payment_attempts), written in a short transaction that holds the
// order's row lock; the processor is called only after that commits, outside any transaction
// (charge.ts). The database allows one attempt in flight and one paid attempt per order (partial
// unique indexes), so however many "Pay" taps arrive at once, one charge is made. An attempt
// whose pay call got no answer is 'unknown' and is settled with receipts.check — paid, or
// cancelled so it can never be paid late — before anything else is charged for that order
// (attempt-outcomes.ts).
import { toTiyin, type Language, type Order } from '@shop/shared';
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders, paymentAttempts } from '../db/schema';
import { ShopError, notFound } from '@shop/shared/server';
import { loadOrder, type OrderRow } from '../orders/order-view';
import { createAttemptOutcomes, type AttemptRow } from './attempt-outcomes';
import type { CardProcessor } from './card-processor';
import type { CardService } from './card-service';
import { charge } from './charge';
import { expireHolds } from './hold-expiry';
import { hasChargeInFlight, IN_FLIGHT } from './in-flight';

/** A 'paying' attempt this old lost the request that made it (a crash): settle it. */
const STALE_PAYING_MS = 5 * 60_000;
/** An 'unknown' attempt checked this recently is left to whoever checked it. */
const SETTLE_LEASE_MS = 30_000;
/** Attempts settled per sweep. */
const BATCH = 20;

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

function notPayable(message: string): ShopError {
  return new ShopError('order_not_payable', message);
}

/** Why this order cannot take a card payment now, or null when it can. */
function payableProblem(order: OrderRow, now: Date): ShopError | null {
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

const inProgress = () =>
  new ShopError(
    'payment_in_progress',
    'A payment for this order is already under way. Wait for its result before paying again.',
  );

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db } = deps;
  const outcomes = createAttemptOutcomes(deps);

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

  /** Settles the order's unanswered (or stale) attempts; answers whether one of them paid it. */
  async function settleInFlight(order: OrderRow): Promise<boolean> {
    const now = deps.now();
    const inFlight = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.state, IN_FLIGHT)));
    for (const attempt of inFlight) {
      const stale = now.getTime() - attempt.updatedAt.getTime() >= STALE_PAYING_MS;
      if (attempt.state === 'unknown' || stale) {
        if ((await outcomes.settle(attempt)) === 'paid') return true;
      }
    }
    return false;
  }

  /**
   * The 'paying' row of a new attempt, committed under the order's row lock after the order is
   * checked again; a second attempt in flight is refused, by this check or by the unique index.
   */
  async function openAttempt(orderId: number, cardId: number): Promise<AttemptRow> {
    try {
      return await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
        if (!locked) throw notFound('Order not found');
        const lockedProblem = payableProblem(locked, deps.now());
        if (lockedProblem) throw lockedProblem;
        if (await hasChargeInFlight(tx, locked.id)) throw inProgress();
        const at = deps.now();
        const [inserted] = await tx
          .insert(paymentAttempts)
          .values({
            orderId: locked.id,
            cardId,
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
    if (await settleInFlight(order)) return rendered(order, lang);
    const attempt = await openAttempt(order.id, card.id);
    await charge({ ...deps, outcomes }, attempt, card.providerToken, order.number);
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
    for (const attempt of claimed) await outcomes.settle(attempt);
    return claimed.length;
  }

  /** One round of background work: settle unanswered charges, then expire holds. */
  async function sweep(): Promise<{ settled: number; expired: number }> {
    const settled = await settleDue();
    const expired = await expireHolds(deps);
    return { settled, expired };
  }

  return { payOrder, expireHolds: () => expireHolds(deps), sweep };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

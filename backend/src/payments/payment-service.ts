// Paying a card order, settling charges whose answer never came, and cancelling card orders left
// unpaid past their hold (hold-expiry.ts).
//
// A charge is a row first (payment_attempts), written in a short transaction that holds the
// order's row lock; the processor is called only after that commits, outside any transaction
// (charge.ts). The database allows one attempt in flight and one paid attempt per order (partial
// unique indexes), so however many "Pay" taps arrive at once, one charge is made. An attempt
// whose pay call got no answer is 'unknown' and is settled with receipts.check — paid, or
// cancelled so it can never be paid late — before anything else is charged for that order
// (settle-attempts.ts, attempt-outcomes.ts). The attempt's row is opened in open-attempt.ts.
import type { Language, Order, PaymentProvider } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { notFound } from '@shop/shared/server';
import { loadOrder, type OrderRow } from '../orders/order-view';
import { createAttemptOutcomes } from './attempt-outcomes';
import type { CardProcessor } from './card-processor';
import type { CardService } from './card-service';
import { charge } from './charge';
import { expireHolds } from './hold-expiry';
import { openAttempt, payableProblem } from './open-attempt';
import { settleDue, settleInFlight } from './settle-attempts';
import { createRefundWorker, type Refunder } from './refunds/refund-worker';
import { expireStalePaymeTransactions } from './payme-merchant';
import type { RefundRow } from './refunds/refund-rows';

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
  /** Who gives money back besides the card processor (Click's reversal of app payments). */
  refunders?: Partial<Record<PaymentProvider, Refunder>>;
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db } = deps;
  const outcomes = createAttemptOutcomes(deps);
  const settling = { db, now: deps.now, outcomes };
  const refunds = createRefundWorker({
    db,
    now: deps.now,
    log: deps.log,
    refunders: {
      ...deps.refunders,
      [deps.processor.provider]: (refund: RefundRow) =>
        deps.processor.refundPayment(refund.transactionId),
    },
    onOrderEvents: deps.onOrderEvents,
  });

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
    if (await settleInFlight(settling, order)) return rendered(order, lang);
    const attempt = await openAttempt(deps, order.id, card.id);
    await charge({ ...deps, outcomes }, attempt, card.providerToken, order.number);
    return rendered(order, lang);
  }

  /** One round of background work: settle unanswered charges, expire holds, give money back. */
  async function sweep(): Promise<{ settled: number; expired: number; refunded: number }> {
    const settled = await settleDue(settling);
    const expired = await expireHolds(deps);
    // Payme cancels a transaction not performed in 12 hours; so does the shop's own record.
    await expireStalePaymeTransactions(db, deps.now());
    const refunded = await refunds.runDue();
    return { settled, expired, refunded };
  }

  return {
    payOrder,
    expireHolds: () => expireHolds(deps),
    sweep,
    /** Asks for the refunds due now (after a cancel); a round under way is joined. */
    refundDue: () => refunds.runDue(),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

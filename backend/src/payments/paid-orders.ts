// The one way an order becomes paid by a provider that calls the shop back (the Click and Payme
// apps, Telegram's sheet): under the order's row lock, once. A payment that arrives for an order
// that can no longer take it (cancelled, paid another way, its hold over) is kept, and its money
// is owed back: a refund due, which staff see on the order's card.
import type { PaymentProvider } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { recordOrderEvent } from '../order-events/outbox';
import { loadOrderForEvent, type OrderRow } from '../orders/order-view';
import { hasChargeInFlight } from './in-flight';
import { owePaymentBack } from './refunds/refund-rows';

/** Why an order cannot take a payment now; `payable` when it can. */
export type Payability =
  | 'payable'
  | 'on_receipt'
  | 'cancelled'
  | 'paid'
  | 'expired'
  /** A saved card's charge is under way: another payment now could take the money twice. */
  | 'charge_in_flight';

/** Whether `order` (read under its row lock) may take a payment at `now`. */
export async function payability(tx: Db, order: OrderRow, now: Date): Promise<Payability> {
  if (order.paymentType === 'on_receipt' || order.paymentStatus === 'not_required') {
    return 'on_receipt';
  }
  if (order.status === 'cancelled') return 'cancelled';
  if (order.paymentStatus === 'paid') return 'paid';
  if (order.payUntil !== null && order.payUntil.getTime() <= now.getTime()) return 'expired';
  if (await hasChargeInFlight(tx, order.id)) return 'charge_in_flight';
  return 'payable';
}

/** The order numbered `number`, its row locked for the rest of `tx`; undefined when none. */
export async function lockOrderByNumber(tx: Db, number: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
  return order;
}

/**
 * A shopper has started paying in a provider's app: the order stays held at least `graceMs`
 * more, so a hold that would end mid-payment does not cancel it under them.
 */
export async function holdWhilePaying(
  tx: Db,
  order: OrderRow,
  now: Date,
  graceMs: number,
): Promise<void> {
  if (order.payUntil === null) return;
  const until = new Date(now.getTime() + graceMs);
  if (order.payUntil.getTime() >= until.getTime()) return;
  await tx.update(orders).set({ payUntil: until }).where(eq(orders.id, order.id));
}

export interface ReceivedPayment {
  provider: PaymentProvider;
  /** The provider's id of the payment, shown to staff and in the report. */
  transactionId: string;
  /** Tiyin. */
  amount: number;
  /** The provider_payments row that took it. */
  providerPaymentId: number;
  /** The id that makes its event's id: one payment, one "paid" message. */
  eventKey: string;
}

/**
 * Records money a provider took for `order` (locked by the caller): the order is paid with it
 * when it can take it, else the money is owed back. Answers which.
 */
export async function receivePayment(
  tx: Db,
  order: OrderRow,
  payment: ReceivedPayment,
  at: Date,
): Promise<'paid' | 'refund_due'> {
  const state = await payability(tx, order, at);
  const canTake = state === 'payable' || state === 'expired';
  if (canTake && order.status !== 'cancelled') {
    const [paid] = await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        paidAt: at,
        paidProvider: payment.provider,
        paidTransactionId: payment.transactionId,
      })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'unpaid')))
      .returning({ id: orders.id });
    if (paid) {
      await recordOrderEvent(
        tx,
        await loadOrderForEvent(tx, order.id),
        { type: 'payment_received', attempt: payment.eventKey },
        at,
      );
      return 'paid';
    }
  }
  await owePaymentBack(
    tx,
    {
      orderId: order.id,
      provider: payment.provider,
      transactionId: payment.transactionId,
      amount: payment.amount,
      source: { providerPaymentId: payment.providerPaymentId },
    },
    at,
  );
  await recordOrderEvent(
    tx,
    await loadOrderForEvent(tx, order.id),
    { type: 'payment_received', attempt: payment.eventKey },
    at,
  );
  return 'refund_due';
}

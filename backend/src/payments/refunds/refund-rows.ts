// The rows of refunds: owing a payment back (a paid order cancelled, a payment that came too
// late), and recording that the money went back. Both run inside the caller's transaction, so a
// refund is owed exactly when the cancel that owes it commits, and one payment is owed back once
// (unique per card charge and per provider payment) however many cancels race.
import { PAYMENT_PROVIDERS, type PaymentProvider } from '@shop/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, paymentAttempts, providerPayments, refunds } from '../../db/schema';
import { recordOrderEvent } from '../../order-events/outbox';
import { loadOrderForEvent } from '../../orders/order-view';

/**
 * Providers the shop can ask for money back itself: Payme's receipts.cancel and Click's
 * payment/reversal. The others (the Payme checkout, Telegram's sheet) are refunded by staff in
 * the provider's office.
 */
export const AUTOMATIC_REFUND_PROVIDERS: readonly PaymentProvider[] = [
  'payme_card',
  'click_card',
  'click',
];

export type RefundRow = typeof refunds.$inferSelect;

export interface OwedPayment {
  orderId: number;
  provider: PaymentProvider;
  transactionId: string;
  /** Tiyin. */
  amount: number;
  source: { attemptId: number } | { providerPaymentId: number };
}

/** Owes `payment` back; a payment already owed back is left as it is. */
export async function owePaymentBack(tx: Db, payment: OwedPayment, at: Date): Promise<void> {
  await tx
    .insert(refunds)
    .values({
      orderId: payment.orderId,
      attemptId: 'attemptId' in payment.source ? payment.source.attemptId : null,
      providerPaymentId:
        'providerPaymentId' in payment.source ? payment.source.providerPaymentId : null,
      provider: payment.provider,
      transactionId: payment.transactionId,
      amount: payment.amount,
      automatic: AUTOMATIC_REFUND_PROVIDERS.includes(payment.provider),
      state: 'due',
      createdAt: at,
    })
    .onConflictDoNothing();
}

function providerOf(value: string | null): PaymentProvider | undefined {
  return PAYMENT_PROVIDERS.find((provider) => provider === value);
}

/**
 * Owes back what paid each of `orderIds` that is paid (orders just cancelled): the card charge or
 * the provider payment that paid it. Answers how many refunds it owes.
 */
export async function owePaidOrdersBack(
  tx: Db,
  orderIds: readonly number[],
  at: Date,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const paid = await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), eq(orders.paymentStatus, 'paid')));
  let owed = 0;
  for (const order of paid) {
    const provider = providerOf(order.paidProvider);
    if (provider === undefined) continue;
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.state, 'paid')));
    if (attempt) {
      await owePaymentBack(
        tx,
        {
          orderId: order.id,
          provider,
          transactionId: order.paidTransactionId ?? attempt.receiptId ?? String(attempt.id),
          amount: attempt.amount,
          source: { attemptId: attempt.id },
        },
        at,
      );
      owed += 1;
      continue;
    }
    const [performed] = await tx
      .select()
      .from(providerPayments)
      .where(and(eq(providerPayments.orderId, order.id), eq(providerPayments.state, 'performed')));
    if (!performed) continue;
    await owePaymentBack(
      tx,
      {
        orderId: order.id,
        provider,
        transactionId: order.paidTransactionId ?? performed.providerId,
        amount: performed.amount,
        source: { providerPaymentId: performed.id },
      },
      at,
    );
    owed += 1;
  }
  return owed;
}

/**
 * Records that the money of refund `refundId` went back, once: the shopper is told through the
 * outbox. Answers whether this call made the change.
 */
export async function markRefundMade(tx: Db, refundId: number, at: Date): Promise<boolean> {
  const [made] = await tx
    .update(refunds)
    .set({ state: 'made', madeAt: at, leaseUntil: null, lastError: null })
    .where(and(eq(refunds.id, refundId), eq(refunds.state, 'due')))
    .returning({ orderId: refunds.orderId });
  if (!made) return false;
  await recordOrderEvent(
    tx,
    await loadOrderForEvent(tx, made.orderId),
    { type: 'refund_made', refund: refundId },
    at,
  );
  return true;
}

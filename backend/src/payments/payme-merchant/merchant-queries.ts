// CheckTransaction and GetStatement, which read and change nothing, and the sweep's cancel of
// transactions Payme created and never performed within 12 hours.
import { and, asc, between, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, providerPayments } from '../../db/schema';
import type { MerchantContext } from './merchant-context';
import { CANCEL_REASON, TRANSACTION_TIMEOUT_MS, type MerchantParams } from './merchant-protocol';
import { PAYME, checkAnswer, requireTransaction } from './merchant-rows';

export async function checkTransaction(
  context: MerchantContext,
  params: MerchantParams<'CheckTransaction'>,
) {
  return checkAnswer(await requireTransaction(context.db, params.id));
}

/** Every transaction whose Payme time lies in [from, to], oldest first. */
export async function getStatement(
  context: MerchantContext,
  params: MerchantParams<'GetStatement'>,
) {
  const rows = await context.db
    .select({ payment: providerPayments, orderNumber: orders.number })
    .from(providerPayments)
    .innerJoin(orders, eq(orders.id, providerPayments.orderId))
    .where(
      and(
        eq(providerPayments.provider, PAYME),
        between(providerPayments.providerTime, params.from, params.to),
      ),
    )
    .orderBy(asc(providerPayments.providerTime), asc(providerPayments.id));
  return {
    transactions: rows.map(({ payment, orderNumber }) => ({
      id: payment.providerId,
      time: payment.providerTime,
      amount: payment.amount,
      account: { order_id: orderNumber },
      ...checkAnswer(payment),
      receivers: null,
    })),
  };
}

/**
 * Cancels (reason 4) Payme transactions created more than 12 hours before `now` and never
 * performed, as Payme itself does; answers how many.
 */
export async function expireStalePaymeTransactions(db: Db, now: Date): Promise<number> {
  const stale = await db
    .update(providerPayments)
    .set({ state: 'cancelled', cancelledAt: now, cancelReason: CANCEL_REASON.timeout })
    .where(
      and(
        eq(providerPayments.provider, PAYME),
        eq(providerPayments.state, 'created'),
        lte(providerPayments.createdAt, new Date(now.getTime() - TRANSACTION_TIMEOUT_MS)),
      ),
    )
    .returning({ id: providerPayments.id });
  return stale.length;
}

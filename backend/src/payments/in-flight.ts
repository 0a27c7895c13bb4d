// A charge in flight: an attempt whose money may still move ('paying', or 'unknown' until it is
// settled). The database allows one per order; paying, cancelling and the hold expiry each ask
// whether an order has one before they touch it.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentAttempts } from '../db/schema';

/** The attempt states of a charge in flight. */
export const IN_FLIGHT = ['paying', 'unknown'];

/** Whether the order has a charge in flight; ask inside the transaction that locked its row. */
export async function hasChargeInFlight(tx: Db, orderId: number): Promise<boolean> {
  const busy = await tx
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.state, IN_FLIGHT)))
    .limit(1);
  return busy.length > 0;
}

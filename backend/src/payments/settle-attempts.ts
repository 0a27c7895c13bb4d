// Settling charges whose answer never came, with receipts.check (attempt-outcomes.ts): an
// order's own before it is charged again, and in the sweep those due, a batch at a time, leased
// so another instance's sweep skips them for a while.
import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentAttempts } from '../db/schema';
import type { OrderRow } from '../orders/order-view';
import type { AttemptOutcomes } from './attempt-outcomes';
import { IN_FLIGHT } from './in-flight';

/** A 'paying' attempt this old lost the request that made it (a crash): settle it. */
const STALE_PAYING_MS = 5 * 60_000;
/** An 'unknown' attempt checked this recently is left to whoever checked it. */
const SETTLE_LEASE_MS = 30_000;
/** Attempts settled per sweep. */
const BATCH = 20;

export interface SettleDeps {
  db: Db;
  now: () => Date;
  outcomes: AttemptOutcomes;
}

/** Settles the order's unanswered (or stale) attempts; answers whether one of them paid it. */
export async function settleInFlight(deps: SettleDeps, order: OrderRow): Promise<boolean> {
  const now = deps.now();
  const inFlight = await deps.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.state, IN_FLIGHT)));
  for (const attempt of inFlight) {
    const stale = now.getTime() - attempt.updatedAt.getTime() >= STALE_PAYING_MS;
    if (attempt.state === 'unknown' || stale) {
      if ((await deps.outcomes.settle(attempt)) === 'paid') return true;
    }
  }
  return false;
}

/** Settles unanswered charges (and 'paying' ones whose request died), a batch at a time. */
export async function settleDue(deps: SettleDeps): Promise<number> {
  const now = deps.now();
  const claimed = await deps.db.transaction(async (tx) => {
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
  for (const attempt of claimed) await deps.outcomes.settle(attempt);
  return claimed.length;
}

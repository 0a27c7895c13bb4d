// Claiming due events for one delivery: the rows are leased in the database, so a second
// deliverer (another instance on the same PostgreSQL database) skips them until the lease ends.
import { and, asc, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderEvents } from '../db/schema';

export interface ClaimedEvent {
  id: string;
  seq: number;
  orderId: number;
  payload: unknown;
  /** Delivery attempts, this one included. */
  attempts: number;
}

export interface ClaimLimits {
  batchSize: number;
  /** How long claimed events are kept from other deliverers while one is sent. */
  leaseMs: number;
}

/**
 * Takes up to a batch of due events, oldest first, and leases them. Rows another deliverer
 * holds are skipped (SKIP LOCKED); an event is taken only with every earlier undelivered event
 * of its order, so one order's events never overtake each other.
 */
export async function claimDueEvents(
  db: Db,
  at: Date,
  limits: ClaimLimits,
): Promise<ClaimedEvent[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: orderEvents.id,
        seq: orderEvents.seq,
        orderId: orderEvents.orderId,
        payload: orderEvents.payload,
        attempts: orderEvents.attempts,
      })
      .from(orderEvents)
      .where(and(isNull(orderEvents.deliveredAt), lte(orderEvents.availableAt, at)))
      .orderBy(asc(orderEvents.seq))
      .limit(limits.batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const lastSeq = Math.max(...due.map((row) => row.seq));
    const earlier = await tx
      .select({ id: orderEvents.id, seq: orderEvents.seq, orderId: orderEvents.orderId })
      .from(orderEvents)
      .where(
        and(
          isNull(orderEvents.deliveredAt),
          inArray(orderEvents.orderId, [...new Set(due.map((row) => row.orderId))]),
          lt(orderEvents.seq, lastSeq),
        ),
      )
      .orderBy(asc(orderEvents.seq));
    const claimedIds = new Set(due.map((row) => row.id));
    const blocked = new Map<number, number>(); // order id → seq of its first event not claimed
    for (const row of earlier) {
      if (!claimedIds.has(row.id) && !blocked.has(row.orderId)) blocked.set(row.orderId, row.seq);
    }
    const taken = due.filter((row) => {
      const firstMissing = blocked.get(row.orderId);
      return firstMissing === undefined || row.seq < firstMissing;
    });
    if (taken.length === 0) return [];
    await tx
      .update(orderEvents)
      .set({
        availableAt: new Date(at.getTime() + limits.leaseMs),
        attempts: sql`${orderEvents.attempts} + 1`,
      })
      .where(
        inArray(
          orderEvents.id,
          taken.map((row) => row.id),
        ),
      );
    return taken.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

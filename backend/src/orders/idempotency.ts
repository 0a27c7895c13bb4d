// Idempotency-Key for order creation, on Stripe's rules (one key, one request body, one answer
// replayed for 24 hours). The key is bound to the request body's hash by a row committed before the
// attempt does anything, so a second body under the same key is refused whatever became of the
// first attempt, a failed one included. A retry of the same body while the first runs is told to
// come back (409); once the first created its order, the retry gets that answer again. A refused
// attempt took nothing (its transaction rolled back), so the same body may run again under its key,
// e.g. after a restock.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ShopError } from '@shop/shared/server';

/** Keys are kept, and their answers replayed, this long after their first use. */
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

/**
 * How long a started attempt counts as running. An order's transaction takes well under a second;
 * one "running" for longer died with its process, and a retry of the same request takes it over.
 * An attempt that does outlive it cannot record its order any more (see `recordIdempotentAnswer`).
 */
export const IDEMPOTENCY_ATTEMPT_LEASE_MS = 60_000;

/** `status_code` of a key whose attempt is running. */
const RUNNING = 0;

export interface IdempotencyRequest {
  key: string;
  /** The hash of the request body (fingerprint.ts). */
  fingerprint: string;
}

export type KeyClaim =
  /** This attempt holds the key: run the request, then record its answer or its failure. */
  | { kind: 'run'; attemptId: string }
  /** The request already succeeded under this key: answer the same again. */
  | { kind: 'replay'; status: number; response: unknown };

type KeyRow = typeof idempotencyKeys.$inferSelect;

function keyOf(userId: number, key: string): SQL | undefined {
  return and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
}

function attemptIs(attemptId: string | null): SQL {
  return attemptId === null
    ? isNull(idempotencyKeys.attemptId)
    : eq(idempotencyKeys.attemptId, attemptId);
}

function isRunning(row: KeyRow, now: Date): boolean {
  return (
    row.statusCode === RUNNING &&
    row.attemptStartedAt !== null &&
    now.getTime() - row.attemptStartedAt.getTime() < IDEMPOTENCY_ATTEMPT_LEASE_MS
  );
}

/**
 * Takes (user, key) for a new attempt of `request`, or says why not: another body under the key
 * (422 idempotency_conflict), the first attempt still running (409 conflict), or the request
 * already answered (a replay). Each write commits on its own, before the order's transaction.
 */
export async function claimIdempotencyKey(
  db: Db,
  userId: number,
  request: IdempotencyRequest,
  now: Date,
): Promise<KeyClaim> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  const attemptId = randomUUID();
  const attempt = { statusCode: RUNNING, response: {}, attemptId, attemptStartedAt: now };
  // Anyone's keys past their 24 hours: a key used again after that starts a new request.
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
  // A few rounds, for the rare loser of a race with another instance over the same row.
  for (let round = 0; round < 3; round += 1) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        userId,
        key: request.key,
        requestHash: request.fingerprint,
        createdAt: now,
        ...attempt,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'run', attemptId };

    const [existing] = await db.select().from(idempotencyKeys).where(keyOf(userId, request.key));
    if (!existing) continue;
    if (existing.createdAt < cutoff) {
      await db
        .delete(idempotencyKeys)
        .where(and(keyOf(userId, request.key), eq(idempotencyKeys.createdAt, existing.createdAt)));
      continue;
    }
    if (existing.requestHash !== request.fingerprint) {
      throw new ShopError(
        'idempotency_conflict',
        'This Idempotency-Key was already used with a different request.',
      );
    }
    if (existing.statusCode >= 200 && existing.statusCode < 300) {
      return { kind: 'replay', status: existing.statusCode, response: existing.response };
    }
    if (isRunning(existing, now)) {
      throw new ShopError(
        'conflict',
        'A request with this Idempotency-Key is still being processed. Retry in a moment.',
      );
    }
    // The earlier attempt was refused (it took nothing) or died: this one runs the request
    // again. Conditional on the row as read, so of two retries only one takes it.
    const taken = await db
      .update(idempotencyKeys)
      .set(attempt)
      .where(
        and(
          keyOf(userId, request.key),
          eq(idempotencyKeys.statusCode, existing.statusCode),
          attemptIs(existing.attemptId),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (taken.length > 0) return { kind: 'run', attemptId };
  }
  throw new ShopError('conflict', 'Retry the request.');
}

/**
 * Records the answer of a successful attempt, inside the transaction that made it. If a retry
 * took the key over meanwhile (this attempt outlived its lease), it throws, so that transaction
 * rolls back and only one of the two creates the order.
 */
export async function recordIdempotentAnswer(
  tx: Db,
  userId: number,
  key: string,
  attemptId: string,
  answer: { status: number; response: unknown },
): Promise<void> {
  const recorded = await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.status, response: answer.response })
    .where(
      and(
        keyOf(userId, key),
        eq(idempotencyKeys.attemptId, attemptId),
        eq(idempotencyKeys.statusCode, RUNNING),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (recorded.length === 0) {
    throw new ShopError('conflict', 'This request was retried meanwhile. Retry it again.');
  }
}

/**
 * Marks a refused or failed attempt as over: the key stays bound to its body, and the same
 * request may run again at once rather than wait out the lease.
 */
export async function recordIdempotentFailure(
  db: Db,
  userId: number,
  key: string,
  attemptId: string,
  status: number,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: status })
    .where(
      and(
        keyOf(userId, key),
        eq(idempotencyKeys.attemptId, attemptId),
        eq(idempotencyKeys.statusCode, RUNNING),
      ),
    );
}

// Asking providers for owed money back. A due automatic refund is claimed with a lease (SKIP
// LOCKED, then `lease_until`), so two workers never ask for one refund at once; the provider is
// asked outside any transaction, and the refund is marked made only when it answers. A worker that
// dies mid-call leaves the lease to run out and the next round asks again: each refunder treats
// "already refunded" as done, so the money goes back once.
import type { PaymentProvider } from '@shop/shared';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { refunds } from '../../db/schema';
import { markRefundMade, type RefundRow } from './refund-rows';

/** Gives one payment's money back at its provider; throws when it could not (yet). */
export type Refunder = (refund: RefundRow) => Promise<void>;

export interface RefundWorkerDeps {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Who can give money back, per provider; a due automatic refund with none waits. */
  refunders: Partial<Record<PaymentProvider, Refunder>>;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
  /** How long a claimed refund is left to its worker (longer than a provider call takes). */
  leaseMs?: number;
}

/** The wait before refund `tries` is asked again: 30 s doubling, at most an hour. */
export function retryDelayMs(tries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, tries - 1), 3_600_000);
}

/** Claims the oldest due automatic refund no worker holds, leasing it for `leaseMs`. */
async function claimDueRefund(db: Db, now: Date, leaseMs: number): Promise<RefundRow | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.state, 'due'),
          eq(refunds.automatic, true),
          or(isNull(refunds.leaseUntil), lte(refunds.leaseUntil, now)),
        ),
      )
      .orderBy(asc(refunds.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    const [claimed] = await tx
      .update(refunds)
      .set({
        leaseUntil: new Date(now.getTime() + leaseMs),
        tries: sql`${refunds.tries} + 1`,
      })
      .where(eq(refunds.id, due.id))
      .returning();
    return claimed;
  });
}

export function createRefundWorker(deps: RefundWorkerDeps) {
  const { db, log } = deps;
  const leaseMs = deps.leaseMs ?? 120_000;

  async function attempt(refund: RefundRow): Promise<boolean> {
    const refunder = deps.refunders[refund.provider as PaymentProvider];
    try {
      if (!refunder) throw new Error(`no refunder for ${refund.provider}`);
      await refunder(refund);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'error';
      log.warn({ refundId: refund.id, orderId: refund.orderId, error: message }, 'refund failed');
      await db
        .update(refunds)
        .set({
          lastError: message.slice(0, 500),
          leaseUntil: new Date(deps.now().getTime() + retryDelayMs(refund.tries)),
        })
        .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'due')));
      return false;
    }
    const made = await db.transaction((tx) => markRefundMade(tx, refund.id, deps.now()));
    if (made) {
      log.info(
        { refundId: refund.id, orderId: refund.orderId, provider: refund.provider },
        'refund made',
      );
      deps.onOrderEvents?.();
    }
    return made;
  }

  let running: Promise<number> | null = null;

  /** Asks for every due refund it can claim now; answers how many were made. */
  async function runDue(): Promise<number> {
    let made = 0;
    const tried = new Set<number>();
    for (;;) {
      const refund = await claimDueRefund(db, deps.now(), leaseMs);
      if (!refund || tried.has(refund.id)) break;
      tried.add(refund.id);
      if (await attempt(refund)) made += 1;
    }
    return made;
  }

  return {
    /** One round; a round already running is joined, not doubled. */
    runDue(): Promise<number> {
      running ??= runDue().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

export type RefundWorker = ReturnType<typeof createRefundWorker>;

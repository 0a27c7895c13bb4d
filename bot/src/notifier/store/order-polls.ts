// Order polling (order-poller.ts): one row per order the notifier has an event of, until it is
// completed or cancelled; `next_poll_at` is both when it is due and the lease of a claim.
import { isFinalStatus, type OrderEvent } from '@shop/shared';
import type { SqlClient, SqlRunner } from '../sql';

export interface OrderToPoll {
  orderNumber: string;
  /** The backend's order id and its customer (the shop account): the details call's path. */
  orderId: number;
  userId: number;
  /** Failed polls in a row before this claim. */
  attempts: number;
}

export type OrderPollOutcome =
  /** Asked, still open: next poll at `nextPollAt`. */
  | { kind: 'polled'; nextPollAt: Date }
  /** Finished (completed, cancelled) or gone from the backend: never polled again. */
  | { kind: 'closed'; reason: string | null }
  /** The backend failed: back off until `nextPollAt`. */
  | { kind: 'failed'; nextPollAt: Date; error: string }
  /** Not asked after all (the poller is stopping): due again at once. */
  | { kind: 'released' };

export interface OrderPollRow {
  orderNumber: string;
  userId: number;
  orderId: number;
  closed: boolean;
  nextPollAt: Date;
  attempts: number;
  lastError: string | null;
}

export interface OrderPolls {
  /**
   * Claims up to `limit` open orders due for a poll by pushing their next poll `leaseMs` ahead,
   * in one statement: another instance skips rows being claimed (FOR UPDATE SKIP LOCKED) and then
   * sees them as not due, so two instances never poll one order at once; a claimer that dies
   * leaves them due again when the lease runs out.
   */
  claimOrdersToPoll(options: { now: Date; leaseMs: number; limit: number }): Promise<OrderToPoll[]>;
  finishOrderPoll(orderNumber: string, outcome: OrderPollOutcome, now: Date): Promise<void>;
  /** Every tracked order, for tests and operators. */
  orderPolls(): Promise<OrderPollRow[]>;
}

/** A stored event's order is polled from now on, until an event shows it finished. */
export async function trackOrderForPolling(
  tx: SqlRunner,
  event: OrderEvent,
  now: Date,
): Promise<void> {
  // Once an order is over it changes no more, so it is not polled again.
  const finished =
    isFinalStatus(event.order.status) ||
    (event.status !== undefined && isFinalStatus(event.status));
  await tx.query(
    `insert into notifier.order_polls (order_number, user_id, order_id, closed_at, next_poll_at)
     values ($1, $2, $3, $4::timestamptz, $5::timestamptz)
     on conflict (order_number) do update
       set closed_at = coalesce(notifier.order_polls.closed_at, excluded.closed_at)`,
    [
      event.order.number,
      event.user_id,
      event.order.id,
      finished ? now.toISOString() : null,
      now.toISOString(),
    ],
  );
}

/** Stores how a poll went: when to ask next, or never again. */
async function finishOrderPoll(
  sql: SqlClient,
  orderNumber: string,
  outcome: OrderPollOutcome,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  switch (outcome.kind) {
    case 'polled':
      await sql.query(
        `update notifier.order_polls
         set next_poll_at = $2::timestamptz, attempts = 0, last_error = null,
             last_polled_at = $3::timestamptz
         where order_number = $1`,
        [orderNumber, outcome.nextPollAt.toISOString(), at],
      );
      return;
    case 'closed':
      await sql.query(
        `update notifier.order_polls
         set closed_at = coalesce(closed_at, $2::timestamptz), last_polled_at = $2::timestamptz,
             last_error = $3
         where order_number = $1`,
        [orderNumber, at, outcome.reason],
      );
      return;
    case 'failed':
      await sql.query(
        `update notifier.order_polls
         set next_poll_at = $2::timestamptz, attempts = attempts + 1, last_error = $3,
             last_polled_at = $4::timestamptz
         where order_number = $1`,
        [orderNumber, outcome.nextPollAt.toISOString(), outcome.error.slice(0, 500), at],
      );
      return;
    case 'released':
      await sql.query(
        `update notifier.order_polls set next_poll_at = $2::timestamptz where order_number = $1`,
        [orderNumber, at],
      );
      return;
  }
}

/** The order_polls table. */
export function createOrderPolls(sql: SqlClient): OrderPolls {
  return {
    async claimOrdersToPoll({ now, leaseMs, limit }) {
      const rows = await sql.query<{
        order_number: string;
        user_id: string;
        order_id: string;
        attempts: number;
      }>(
        `update notifier.order_polls poll
         set next_poll_at = $2::timestamptz
         from (
           select order_number from notifier.order_polls
           where closed_at is null and next_poll_at <= $1::timestamptz
           order by next_poll_at, order_number
           limit $3
           for update skip locked
         ) due
         where poll.order_number = due.order_number
         returning poll.order_number, poll.user_id::text as user_id,
                   poll.order_id::text as order_id, poll.attempts`,
        [now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit],
      );
      return rows
        .map((row) => ({
          orderNumber: row.order_number,
          orderId: Number(row.order_id),
          userId: Number(row.user_id),
          attempts: row.attempts,
        }))
        .sort((a, b) =>
          a.orderNumber < b.orderNumber ? -1 : a.orderNumber > b.orderNumber ? 1 : 0,
        );
    },

    finishOrderPoll: (orderNumber, outcome, now) => finishOrderPoll(sql, orderNumber, outcome, now),

    async orderPolls() {
      const rows = await sql.query<{
        order_number: string;
        user_id: string;
        order_id: string;
        closed: boolean;
        next_poll_at: string | Date;
        attempts: number;
        last_error: string | null;
      }>(
        `select order_number, user_id::text as user_id, order_id::text as order_id,
                closed_at is not null as closed, next_poll_at, attempts, last_error
         from notifier.order_polls order by order_number`,
      );
      return rows.map((row) => ({
        orderNumber: row.order_number,
        userId: Number(row.user_id),
        orderId: Number(row.order_id),
        closed: row.closed,
        nextPollAt: new Date(row.next_poll_at),
        attempts: row.attempts,
        lastError: row.last_error,
      }));
    },
  };
}

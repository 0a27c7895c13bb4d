// Where an order's status may go, in one place, and the one code path that moves it: the
// operator call, the demo flow and the payment-hold expiry all change statuses through here, so
// each change is recorded in order_status_history and in the order-event outbox in the same
// transaction, and a cancelled order's stock comes back exactly once.
import {
  DEFAULT_LANGUAGE,
  OPEN_ORDER_STATUSES,
  isOpenStatus,
  isLanguage,
  isOrderStatus,
  nextStatus,
  transitionAllowed,
  type Order,
  type OrderStatus,
} from '@shop/shared';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orderStatusHistory, orders, variants } from '../db/schema';
import { ShopError, notFound } from '@shop/shared/server';
import { recordOrderEvent } from '../order-events/outbox';
import { hasChargeInFlight } from '../payments/in-flight';
import { owePaidOrdersBack } from '../payments/refunds/refund-rows';
import { loadOrder, loadOrderForEvent } from './order-view';

/**
 * Writes the history row and the event of a status an order has just reached, with who moved it
 * (null: the shop itself, e.g. a payment hold running out).
 */
async function recordStatus(
  tx: Db,
  orderId: number,
  status: OrderStatus,
  at: Date,
  actor: string | null,
): Promise<void> {
  await tx.insert(orderStatusHistory).values({ orderId, status, at, actor });
  await recordOrderEvent(
    tx,
    await loadOrderForEvent(tx, orderId),
    { type: 'status_changed', status, by: actor },
    at,
  );
}

/** An order's last move: the status it reached, when, and who made it. */
export interface LastMove {
  status: OrderStatus;
  at: string;
  by: string | null;
}

async function lastMove(tx: Db, orderId: number, status: OrderStatus): Promise<LastMove | null> {
  const [row] = await tx
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return row ? { status, at: row.at.toISOString(), by: row.actor } : null;
}

/**
 * The order was no longer where the caller saw it: someone moved it first. `current` says where
 * it is, and who moved it there, so a second press can be told who was first.
 */
export class MovedMeanwhileError extends ShopError {
  constructor(
    number: string,
    readonly current: LastMove,
  ) {
    const message = `Order ${number} is already ${current.status}${current.by ? ` (moved by ${current.by})` : ''}.`;
    super('conflict', message, {
      details: [{ field: 'status', message, rule: 'status_changed_meanwhile' }],
    });
  }
}

/**
 * Cancels those of `ids` that are still open (and match `also`, when given), records each
 * cancellation and puts their stock back; answers the ids it cancelled. The status update is
 * conditional, so an order two callers cancel at once is cancelled, and restocked, once.
 */
export async function cancelOrders(
  tx: Db,
  ids: readonly number[],
  at: Date,
  also?: SQL,
  actor: string | null = null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const cancelled = await tx
    .update(orders)
    .set({ status: 'cancelled' })
    .where(
      and(inArray(orders.id, [...ids]), inArray(orders.status, [...OPEN_ORDER_STATUSES]), also),
    )
    .returning({ id: orders.id });
  const cancelledIds = cancelled.map((row) => row.id).sort((a, b) => a - b);
  if (cancelledIds.length === 0) return [];
  const items = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, cancelledIds));
  const back = new Map<number, number>();
  for (const item of items) {
    back.set(item.variantId, (back.get(item.variantId) ?? 0) + item.quantity);
  }
  // In id order, as orders take stock, so a cancellation and an order cannot deadlock.
  for (const [variantId, quantity] of [...back].sort(([a], [b]) => a - b)) {
    await tx
      .update(variants)
      .set({ quantity: sql`${variants.quantity} + ${quantity}` })
      .where(eq(variants.id, variantId));
  }
  // A paid order's money is owed back in the same transaction as its cancel.
  await owePaidOrdersBack(tx, cancelledIds, at);
  for (const orderId of cancelledIds) await recordStatus(tx, orderId, 'cancelled', at, actor);
  return cancelledIds;
}

export interface OrderStatusServiceDeps {
  db: Db;
  now: () => Date;
  /** Stock went back on sale (an order was cancelled). */
  onStockReturned?: () => void;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
}

export interface StatusChange {
  from: OrderStatus;
  order: Order;
}

function refused(number: string, from: OrderStatus, to: OrderStatus, deliveryType: string) {
  const next = nextStatus(from, deliveryType);
  const allowed = [...(next ? [next] : []), ...(isOpenStatus(from) ? ['cancelled'] : [])];
  const message =
    allowed.length === 0
      ? `Order ${number} is ${from}: its status can no longer change.`
      : `Order ${number} is ${from}: it can go to ${allowed.join(' or ')}, not ${to}.`;
  return new ShopError('conflict', message, {
    details: [{ field: 'status', message, rule: 'status_transition_not_allowed' }],
  });
}

export function createOrderStatusService(deps: OrderStatusServiceDeps) {
  const { db } = deps;

  /**
   * Moves order `number` to `to` if the rules allow it from where it is now (and, when
   * `expectedFrom` is given, only if it is still there: MovedMeanwhileError otherwise); else
   * throws and changes nothing. `actor` names who moved it, kept with the move.
   */
  async function changeStatus(
    number: string,
    to: OrderStatus,
    { expectedFrom, actor = null }: { expectedFrom?: OrderStatus; actor?: string | null } = {},
  ): Promise<StatusChange> {
    const at = deps.now();
    const change = await db.transaction(async (tx): Promise<StatusChange> => {
      const [row] = await tx.select().from(orders).where(eq(orders.number, number)).for('update');
      if (!row) throw notFound(`There is no order ${number}.`);
      if (!isOrderStatus(row.status))
        throw new Error(`Unknown status in the database: ${row.status}`);
      const from = row.status;
      if (expectedFrom !== undefined && from !== expectedFrom) {
        // The row is locked, so the move that got here first has committed: name it.
        const current = (await lastMove(tx, row.id, from)) ?? {
          status: from,
          at: row.createdAt.toISOString(),
          by: null,
        };
        throw new MovedMeanwhileError(number, current);
      }
      if (!transitionAllowed(from, to, row.deliveryType)) {
        throw refused(number, from, to, row.deliveryType);
      }
      if (to === 'cancelled') {
        // A charge under way could still succeed: cancelling now would keep the money of an
        // order that is not sent. The charge settles within minutes; cancel after it.
        if (await hasChargeInFlight(tx, row.id)) {
          throw new ShopError(
            'conflict',
            `A card payment for order ${number} is under way: cancel it once the payment has settled.`,
          );
        }
        await cancelOrders(tx, [row.id], at, undefined, actor);
      } else {
        await tx.update(orders).set({ status: to }).where(eq(orders.id, row.id));
        await recordStatus(tx, row.id, to, at, actor);
      }
      const order = await loadOrder(tx, row.id, isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE);
      if (!order) throw new Error('Order vanished');
      return { from, order };
    });
    deps.onOrderEvents?.();
    if (to === 'cancelled') deps.onStockReturned?.();
    return change;
  }

  return { changeStatus };
}

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;

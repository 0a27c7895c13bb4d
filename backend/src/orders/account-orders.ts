// A shopper's own orders, rendered: one by its number or id, or a page of them, newest first.
// Someone else's order looks exactly like a missing one.
import type { Language, Order } from '@shop/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { notFound } from '@shop/shared/server';
import { pageMeta } from '../http/paging';
import { loadOrders } from './order-view';

/** The account's order that `which` picks, rendered. */
async function ownOrder(db: Db, userId: number, which: SQL, lang: Language): Promise<Order> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), which));
  const [order] = await loadOrders(db, rows, lang);
  if (!order) throw notFound('Order not found');
  return order;
}

export function orderByNumber(
  db: Db,
  userId: number,
  number: string,
  lang: Language,
): Promise<Order> {
  return ownOrder(db, userId, eq(orders.number, number), lang);
}

export function orderById(db: Db, userId: number, orderId: number, lang: Language): Promise<Order> {
  return ownOrder(db, userId, eq(orders.id, orderId), lang);
}

export async function ordersPage(
  db: Db,
  userId: number,
  page: number,
  perPage: number,
  lang: Language,
) {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(orders)
      .where(eq(orders.userId, userId)),
  ]);
  const total = counted?.total ?? 0;
  return {
    data: await loadOrders(db, rows, lang),
    meta: pageMeta(total, page, perPage),
  };
}

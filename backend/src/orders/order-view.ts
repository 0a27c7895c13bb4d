// The order as the shopper and the outbox see it. Fetching (loadOrders) is kept apart from the
// pure mapping of stored rows to the contract's Order (toOrder), so whatever records an order's
// events can render it without importing the code that places orders.
import {
  DEFAULT_LANGUAGE,
  PAYMENT_PROVIDERS,
  PAYMENT_TYPES,
  fromTiyin,
  isLanguage,
  isOrderStatus,
  type Language,
  type Order,
  type PaymentProvider,
} from '@shop/shared';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderItems, orderStatusHistory, orders, refunds, stores } from '../db/schema';
import { toStore } from '../content/stores';

export type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type OrderStatusRow = typeof orderStatusHistory.$inferSelect;
type StoreRow = typeof stores.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

function asDeliveryType(value: string): Order['delivery_type'] {
  if (value === 'pickup' || value === 'courier' || value === 'express') return value;
  throw new Error(`Unknown delivery type in the database: ${value}`);
}

function asPaymentType(value: string): Order['payment_type'] {
  const known = PAYMENT_TYPES.find((type) => type === value);
  if (known) return known;
  throw new Error(`Unknown payment type in the database: ${value}`);
}

function asProvider(value: string): PaymentProvider {
  const known = PAYMENT_PROVIDERS.find((provider) => provider === value);
  if (known) return known;
  throw new Error(`Unknown payment provider in the database: ${value}`);
}

function paidWith(row: OrderRow): Order['paid_with'] {
  if (row.paidProvider === null || row.paidTransactionId === null || row.paidAt === null) {
    return null;
  }
  return {
    provider: asProvider(row.paidProvider),
    transaction_id: row.paidTransactionId,
    at: row.paidAt.toISOString(),
  };
}

function refundOf(refund: RefundRow | null): Order['refund'] {
  if (refund === null) return null;
  return {
    status: refund.state === 'made' ? 'made' : 'due',
    amount: fromTiyin(refund.amount),
    provider: asProvider(refund.provider),
    transaction_id: refund.transactionId,
    automatic: refund.automatic,
    made_at: refund.madeAt?.toISOString() ?? null,
  };
}

function asReceiptPayment(value: string | null): Order['receipt_payment'] {
  if (value === null || value === 'cash' || value === 'card') return value;
  throw new Error(`Unknown receipt payment in the database: ${value}`);
}

function asPaymentStatus(value: string): Order['payment_status'] {
  if (value === 'not_required' || value === 'unpaid' || value === 'paid') return value;
  throw new Error(`Unknown payment status in the database: ${value}`);
}

/** What one order is stored as: its row, its lines, its status history and its pickup shop. */
export interface StoredOrder {
  row: OrderRow;
  /** In their positions. */
  items: readonly OrderItemRow[];
  /** Oldest first. */
  statuses: readonly OrderStatusRow[];
  store: StoreRow | null;
  /** The order's latest refund, if it has one. */
  refund?: RefundRow | null;
}

/**
 * The contract's Order from its stored parts. Items keep the names they were bought under, in
 * `lang` when the line kept that language (lines from before then have only the order's own).
 */
export function toOrder(
  { row, items, statuses, store, refund = null }: StoredOrder,
  lang: Language,
): Order {
  return {
    id: row.id,
    number: row.number,
    status: isOrderStatus(row.status) ? row.status : 'new',
    created_at: row.createdAt.toISOString(),
    items: items.map((item) => ({
      product_id: item.variantId,
      slug: item.slug,
      name: item.names?.[lang]?.name ?? item.name,
      attributes: item.names?.[lang]?.attributes ?? item.attributes,
      ...(item.names ? { names: item.names } : {}),
      price: item.price,
      quantity: item.quantity,
      total: item.total,
      mxik: item.mxik,
      package_code: item.packageCode,
      img_url: item.imgUrl,
    })),
    subtotal: row.subtotal,
    delivery_price: row.deliveryPrice,
    total: row.total,
    delivery_type: asDeliveryType(row.deliveryType),
    store: store ? toStore(store, lang) : null,
    address: row.address,
    recipient: {
      name: row.recipientName,
      surname: row.recipientSurname,
      phone: row.recipientPhone,
    },
    location: row.location,
    payment_type: asPaymentType(row.paymentType),
    receipt_payment: asReceiptPayment(row.receiptPayment),
    payment_status: asPaymentStatus(row.paymentStatus),
    pay_until: row.payUntil?.toISOString() ?? null,
    paid_with: paidWith(row),
    refund: refundOf(refund),
    statuses: statuses.flatMap((s) =>
      isOrderStatus(s.status) ? [{ status: s.status, at: s.at.toISOString() }] : [],
    ),
  };
}

/** Renders stored orders in the shopper's language, in the order of `rows`. */
export async function loadOrders(
  db: Db,
  rows: readonly OrderRow[],
  lang: Language,
): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const storeIds = rows.flatMap((row) => (row.storeId === null ? [] : [row.storeId]));
  const [itemRows, statusRows, storeRows, refundRows] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.position)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id)),
    storeIds.length > 0
      ? db.select().from(stores).where(inArray(stores.id, storeIds))
      : Promise.resolve([]),
    db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(desc(refunds.id)),
  ]);
  return rows.map((row) =>
    toOrder(
      {
        row,
        items: itemRows.filter((item) => item.orderId === row.id),
        statuses: statusRows.filter((status) => status.orderId === row.id),
        store: storeRows.find((store) => store.id === row.storeId) ?? null,
        refund: refundRows.find((refund) => refund.orderId === row.id) ?? null,
      },
      lang,
    ),
  );
}

/** One order as it is now (inside `db`'s transaction, when it is one), or null when it is gone. */
export async function loadOrder(db: Db, orderId: number, lang: Language): Promise<Order | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await loadOrders(db, rows, lang);
  return order ?? null;
}

/**
 * An order in the language it was placed in, with its customer: what an order event carries.
 * Throws when the order is gone, which inside the transaction that changed it cannot happen.
 */
export async function loadOrderForEvent(
  db: Db,
  orderId: number,
): Promise<{ order: Order; userId: number }> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`Order ${orderId} vanished while recording its event`);
  const [order] = await loadOrders(db, [row], isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE);
  if (!order) throw new Error(`Order ${orderId} could not be rendered`);
  return { order, userId: row.userId };
}

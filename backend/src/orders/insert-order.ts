// Writing a placed order inside its transaction: the order row (totals, delivery, recipient,
// payment and the card hold), its lines and its first status; and the courier address the
// shopper is offered again at the next checkout.
import { isPrepaid, type Language, type OrderTotals } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  orderItems,
  orderStatusHistory,
  orders,
  users,
  type StoredAddress,
  type StoredLastAddress,
} from '../db/schema';
import type { CreateOrderInput } from './order-input';
import type { OrderLine } from './order-lines';
import type { OrderRow } from './order-view';

export interface NewOrder {
  userId: number;
  input: CreateOrderInput;
  lang: Language;
  now: Date;
  storeId: number | null;
  lines: readonly OrderLine[];
  totals: OrderTotals;
  /** How long a card order may stay unpaid before it is cancelled. */
  paymentHoldMinutes: number;
}

/** Inserts the order with its lines and its 'new' status; answers the order's row. */
export async function insertOrder(tx: Db, order: NewOrder): Promise<OrderRow> {
  const { input, now, totals } = order;
  const [row] = await tx
    .insert(orders)
    .values({
      userId: order.userId,
      status: 'new',
      lang: order.lang,
      subtotal: totals.subtotal,
      deliveryPrice: totals.delivery_price,
      total: totals.total,
      deliveryType: input.delivery_type,
      storeId: order.storeId,
      address: storedAddress(input),
      location: input.delivery_type === 'pickup' ? null : (input.location ?? null),
      recipientName: input.name,
      recipientSurname: input.surname,
      recipientPhone: input.phone,
      paymentType: input.payment_type,
      receiptPayment:
        input.payment_type === 'on_receipt' ? (input.receipt_payment ?? 'cash') : null,
      paymentStatus: isPrepaid(input.payment_type) ? 'unpaid' : 'not_required',
      payUntil: isPrepaid(input.payment_type)
        ? new Date(now.getTime() + order.paymentHoldMinutes * 60_000)
        : null,
      comment: input.comment ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('Order insert returned nothing');
  await tx.insert(orderItems).values(order.lines.map((line) => ({ ...line, orderId: row.id })));
  await tx.insert(orderStatusHistory).values({ orderId: row.id, status: 'new', at: now });
  return row;
}

/** Keeps a courier or express order's address on the account; the newest order's wins. */
export async function rememberLastAddress(
  tx: Db,
  userId: number,
  input: CreateOrderInput,
): Promise<void> {
  const address = storedAddress(input);
  if (!address?.region || !address.address) return;
  // Offered again at the next checkout (GET /api/profile/address).
  const lastAddress: StoredLastAddress = {
    region: address.region,
    city: address.city,
    address: address.address,
    flat: address.flat,
    entrance: address.entrance,
    floor: address.floor,
    intercom: address.intercom,
    comment: address.comment,
    location: input.location ?? null,
  };
  await tx.update(users).set({ lastAddress }).where(eq(users.id, userId));
}

/** The delivery address of the request; a pickup order has none. */
function storedAddress(input: CreateOrderInput): StoredAddress | null {
  if (input.delivery_type === 'pickup') return null;
  return {
    region: input.region ?? null,
    city: input.city ?? null,
    address: input.address ?? null,
    flat: input.flat ?? null,
    entrance: input.entrance ?? null,
    floor: input.floor ?? null,
    intercom: input.intercom ?? null,
    comment: input.address_comment ?? null,
  };
}

// Click's Prepare: the shopper confirmed the payment at Click, and Click asks whether the order
// takes it. Under the order's row lock: the order must exist, be prepaid, unpaid, still held and
// cost exactly the amount; then the transaction is recorded (once per click_trans_id: Click's
// retry of the same Prepare gets the same prepare id) and the order is held long enough for the
// shopper to finish paying.
import { toTiyin } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { providerPayments } from '../../../db/schema';
import { holdWhilePaying, lockOrderByNumber, payability } from '../../paid-orders';
import { CLICK_ACTION, CLICK_ERROR, type ClickOutcome } from '../click-protocol';
import type { ClickCallback } from './click-callback';
import { isSignedForUs, type ClickService } from './click-signature';

export interface ClickPrepareDeps extends ClickService {
  db: Db;
  now: () => Date;
  /** How long at least an order stays held once Click prepares its payment. */
  payingGraceMs: number;
}

type ClickRow = typeof providerPayments.$inferSelect;

export async function findClickRow(tx: Db, clickTransId: string): Promise<ClickRow | undefined> {
  const [row] = await tx
    .select()
    .from(providerPayments)
    .where(
      and(eq(providerPayments.provider, 'click'), eq(providerPayments.providerId, clickTransId)),
    );
  return row;
}

/** The row of `callback`'s transaction for `orderId`, made now unless Click prepared it before. */
async function preparedRow(
  tx: Db,
  callback: ClickCallback,
  orderId: number,
  at: Date,
): Promise<ClickRow | undefined> {
  await tx
    .insert(providerPayments)
    .values({
      orderId,
      provider: 'click',
      providerId: callback.clickTransId,
      providerRef: callback.clickPaydocId,
      amount: callback.amountTiyin,
      state: 'created',
      createdAt: at,
    })
    .onConflictDoNothing();
  return findClickRow(tx, callback.clickTransId);
}

export async function prepareClickPayment(
  deps: ClickPrepareDeps,
  callback: ClickCallback,
): Promise<ClickOutcome> {
  if (!isSignedForUs(callback, deps)) return { error: CLICK_ERROR.signFailed };
  if (callback.action !== CLICK_ACTION.prepare) return { error: CLICK_ERROR.actionNotFound };
  const at = deps.now();
  return deps.db.transaction(async (tx): Promise<ClickOutcome> => {
    const order = await lockOrderByNumber(tx, callback.merchantTransId);
    if (!order) return { error: CLICK_ERROR.orderNotFound };
    const state = await payability(tx, order, at);
    // An order paid on receipt is no account Click can pay into.
    if (state === 'on_receipt') return { error: CLICK_ERROR.orderNotFound };
    const earlier = await findClickRow(tx, callback.clickTransId);
    // One click_trans_id is one transaction, of one order.
    if (earlier && earlier.orderId !== order.id) return { error: CLICK_ERROR.badRequest };
    if (order.paymentStatus === 'paid') return { error: CLICK_ERROR.alreadyPaid };
    if (callback.amountTiyin !== toTiyin(order.total)) return { error: CLICK_ERROR.wrongAmount };
    // Cancelled, its hold over, or a saved card being charged for it right now.
    if (state !== 'payable' || earlier?.state === 'cancelled') {
      return { error: CLICK_ERROR.cancelled };
    }
    const row = earlier ?? (await preparedRow(tx, callback, order.id, at));
    if (!row || row.orderId !== order.id) return { error: CLICK_ERROR.badRequest };
    await holdWhilePaying(tx, order, at, deps.payingGraceMs);
    return { error: CLICK_ERROR.ok, id: row.id };
  });
}

// Click's Complete: Click took the shopper's money (error 0) or gave up (error < 0), for a
// transaction the shop prepared. Under the order's row lock, then the transaction's: a payment
// the order still takes pays it, once (the one way, receivePayment); anything else is refused
// and the transaction cancelled, and Click, hearing a refusal, gives the shopper's money back
// itself. A Complete repeated after the order was paid is answered "already paid" and changes
// nothing, so twenty at once pay once.
import { toTiyin } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { providerPayments } from '../../../db/schema';
import { isPgInt } from '../../../http/database-input';
import type { OrderRow } from '../../../orders/order-view';
import { lockOrderByNumber, payability, receivePayment, type Payability } from '../../paid-orders';
import { CLICK_ACTION, CLICK_ERROR, type ClickOutcome, type ClickRefusal } from '../click-protocol';
import type { ClickCallback } from './click-callback';
import { isSignedForUs, type ClickService } from './click-signature';

export interface ClickCompleteDeps extends ClickService {
  db: Db;
  now: () => Date;
}

type ClickRow = typeof providerPayments.$inferSelect;

/** Our prepared row `callback` names, locked; undefined unless it is this transaction's. */
async function lockPreparedRow(
  tx: Db,
  callback: ClickCallback,
  orderId: number,
): Promise<ClickRow | undefined> {
  const prepareId = Number(callback.merchantPrepareId);
  if (!isPgInt(prepareId)) return undefined;
  const [row] = await tx
    .select()
    .from(providerPayments)
    .where(eq(providerPayments.id, prepareId))
    .for('update');
  const ours =
    row?.provider === 'click' &&
    row.providerId === callback.clickTransId &&
    row.orderId === orderId;
  return ours ? row : undefined;
}

async function cancelRow(tx: Db, row: ClickRow, at: Date): Promise<void> {
  await tx
    .update(providerPayments)
    .set({ state: 'cancelled', cancelledAt: at })
    .where(and(eq(providerPayments.id, row.id), eq(providerPayments.state, 'created')));
}

/** Why the order cannot take this prepared payment now; null when it can. */
function refusal(
  callback: ClickCallback,
  order: OrderRow,
  row: ClickRow,
  state: Payability,
): ClickRefusal | null {
  if (callback.error < 0) return CLICK_ERROR.cancelled;
  if (order.paymentStatus === 'paid') return CLICK_ERROR.alreadyPaid;
  if (callback.amountTiyin !== row.amount || row.amount !== toTiyin(order.total)) {
    return CLICK_ERROR.wrongAmount;
  }
  if (row.state === 'cancelled' || state !== 'payable') return CLICK_ERROR.cancelled;
  return null;
}

async function takePayment(
  tx: Db,
  order: OrderRow,
  row: ClickRow,
  at: Date,
): Promise<ClickOutcome> {
  await tx
    .update(providerPayments)
    .set({ state: 'performed', performedAt: at })
    .where(eq(providerPayments.id, row.id));
  await receivePayment(
    tx,
    order,
    {
      provider: 'click',
      // Click's payment id: its reversal call names the payment by it.
      transactionId: row.providerRef ?? row.providerId,
      amount: row.amount,
      providerPaymentId: row.id,
      eventKey: `click-${String(row.id)}`,
    },
    at,
  );
  return { error: CLICK_ERROR.ok, id: row.id };
}

export async function completeClickPayment(
  deps: ClickCompleteDeps,
  callback: ClickCallback,
): Promise<ClickOutcome> {
  if (!isSignedForUs(callback, deps)) return { error: CLICK_ERROR.signFailed };
  if (callback.action !== CLICK_ACTION.complete) return { error: CLICK_ERROR.actionNotFound };
  const at = deps.now();
  return deps.db.transaction(async (tx): Promise<ClickOutcome> => {
    const order = await lockOrderByNumber(tx, callback.merchantTransId);
    if (!order) return { error: CLICK_ERROR.orderNotFound };
    const state = await payability(tx, order, at);
    if (state === 'on_receipt') return { error: CLICK_ERROR.orderNotFound };
    const row = await lockPreparedRow(tx, callback, order.id);
    if (!row) return { error: CLICK_ERROR.transactionNotFound };
    // Already taken: a repeat of the Complete that paid.
    if (row.state === 'performed') return { error: CLICK_ERROR.alreadyPaid };
    const refused = refusal(callback, order, row, state);
    if (refused !== null) {
      await cancelRow(tx, row, at);
      return { error: refused };
    }
    return takePayment(tx, order, row, at);
  });
}

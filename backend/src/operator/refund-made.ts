// Staff gave an order's money back by hand, in the provider's office (Telegram's sheet, the Payme
// checkout refunded outside it): the refund owed is recorded made, once, and the shopper is told.
// A refund the shop asks the provider for itself is never recorded this way: the provider's own
// answer records it, and a hand-made record would hide a refund that never happened.
import type { Order, PaymentsReportLine } from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refunds } from '../db/schema';
import { loadOrderForEvent } from '../orders/order-view';
import { lockOrderByNumber } from '../payments/paid-orders';
import { toLine } from './payments-report-query';
import { markRefundMade, type RefundRow } from '../payments/refunds/refund-rows';

export interface RefundMadeDeps {
  db: Db;
  now: () => Date;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
}

export interface RefundMadeResult {
  order: Order;
  /** False when it had been recorded already. */
  recorded: boolean;
  refund: PaymentsReportLine;
}

/** The refund a hand-made refund settles: the oldest due by hand, else why there is none. */
function refundToRecord(number: string, rows: readonly RefundRow[]): RefundRow {
  const manual = rows.find((row) => row.state === 'due' && !row.automatic);
  if (manual) return manual;
  if (rows.some((row) => row.state === 'due')) {
    throw new ShopError(
      'conflict',
      `Order ${number}'s refund is automatic: the shop asks the provider for it itself. Nothing was recorded.`,
    );
  }
  const made = rows.findLast((row) => row.state === 'made');
  if (made) return made;
  throw new ShopError('conflict', `Order ${number} has no refund due. Nothing was recorded.`);
}

export async function recordRefundMade(
  deps: RefundMadeDeps,
  number: string,
): Promise<RefundMadeResult> {
  const result = await deps.db.transaction(async (tx) => {
    const order = await lockOrderByNumber(tx, number);
    if (!order) throw new ShopError('not_found', 'No order has this number');
    const rows = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, order.id))
      .orderBy(asc(refunds.id));
    const refund = refundToRecord(order.number, rows);
    const at = deps.now();
    const recorded = refund.state === 'due' && (await markRefundMade(tx, refund.id, at));
    const [stored] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
    const shown = await loadOrderForEvent(tx, order.id);
    return {
      order: shown.order,
      recorded,
      refund: toLine({
        provider: refund.provider,
        transactionId: refund.transactionId,
        orderNumber: order.number,
        amount: refund.amount,
        at: stored?.madeAt ?? at,
      }),
    };
  });
  if (result.recorded) deps.onOrderEvents?.();
  return result;
}

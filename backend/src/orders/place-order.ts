// Placing one order, in one transaction: the account's limits (order-limits.ts), the variants
// asked for and their stock, the lines priced from the catalogue (a client's price is never
// read), the order row, its event in the outbox and the answer kept for its Idempotency-Key.
import { orderTotals, type AccountType, type Language, type OrderResponse } from '@shop/shared';
import type { Db } from '../db/client';
import type { ContentService } from '../content/content-service';
import { recordOrderEvent } from '../order-events/outbox';
import { accountTypeOf } from '../profile/users';
import type { OrderLimits } from '../abuse-limits';
import { recordIdempotentAnswer } from './idempotency';
import { insertOrder, rememberLastAddress } from './insert-order';
import { accountOrderRefusal } from './order-limits';
import { checkOrderChoices } from './order-choices';
import type { CreateOrderInput } from './order-input';
import { orderLines, orderedVariants } from './order-lines';
import { loadOrders, type OrderRow } from './order-view';
import { takeStock } from './take-stock';

export type CreateOrderResult =
  | { kind: 'created'; status: 201; body: OrderResponse }
  | { kind: 'replayed'; status: number; body: OrderResponse };

/** The attempt holding an Idempotency-Key: only it may record the key's answer. */
export interface KeyAttempt {
  key: string;
  attemptId: string;
}

export interface PlacingDeps {
  db: Db;
  content: ContentService;
  /** Category ids an account type may buy from (legal-only ones are hidden from individuals). */
  visibleCategoryIds: (accountType: AccountType) => Promise<ReadonlySet<number>>;
  /** Called after an order has committed: stock changed, and in-stock counts too when a variant
   * sold out. */
  onStockChanged?: (change: { soldOut: boolean }) => void;
  /** Events were committed to the outbox (an order was placed). */
  onOrderEvents?: () => void;
}

export interface PlaceRequest {
  userId: number;
  input: CreateOrderInput;
  lang: Language;
  now: Date;
}

/**
 * The placed order as it is answered, told to the outbox and kept as the answer a retry under
 * the same key gets, all in the order's transaction.
 */
async function answerPlacedOrder(
  tx: Db,
  order: OrderRow,
  lang: Language,
  now: Date,
  attempt: KeyAttempt | null,
): Promise<OrderResponse> {
  const [rendered] = await loadOrders(tx, [order], lang);
  if (!rendered) throw new Error('Order vanished');
  await recordOrderEvent(
    tx,
    { order: rendered, userId: order.userId },
    { type: 'order_placed' },
    now,
  );
  const body: OrderResponse = { data: rendered };
  if (attempt) {
    await recordIdempotentAnswer(tx, order.userId, attempt.key, attempt.attemptId, {
      status: 201,
      response: body,
    });
  }
  return body;
}

export async function placeOrder(
  deps: PlacingDeps,
  limits: OrderLimits,
  request: PlaceRequest,
  attempt: KeyAttempt | null,
): Promise<CreateOrderResult> {
  const { db } = deps;
  const { userId, input, lang, now } = request;
  const choices = await checkOrderChoices(deps.content, input, lang, limits.lineQuantity);
  // Read before the transaction: PGlite has one connection, so any query on `db` inside a
  // transaction would wait for that transaction forever.
  const visible = await deps.visibleCategoryIds(await accountTypeOf(db, userId));

  const placed = await db.transaction(async (tx) => {
    const refusal = await accountOrderRefusal(tx, userId, input.items, limits, now);
    if (refusal) throw refusal;
    const found = await orderedVariants(tx, input.items, visible);
    const stock = await takeStock(tx, input.items);
    const lines = await orderLines(tx, input.items, found, lang);
    const order = await insertOrder(tx, {
      userId,
      input,
      lang,
      now,
      storeId: choices.storeId,
      lines,
      totals: orderTotals(lines, choices.method),
      paymentHoldMinutes: choices.paymentHoldMinutes,
    });
    await rememberLastAddress(tx, userId, input);
    const body = await answerPlacedOrder(tx, order, lang, now, attempt);
    return { body, soldOut: stock.soldOut };
  });
  deps.onStockChanged?.({ soldOut: placed.soldOut });
  deps.onOrderEvents?.();
  return { kind: 'created', status: 201, body: placed.body };
}

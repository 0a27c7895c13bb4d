// Orders: prices and totals come from the catalogue (a client's price is never read), stock is
// taken with one conditional UPDATE per item inside the order's transaction, after the account's
// limits were checked in it (order-limits.ts). The Idempotency-Key is taken before the attempt
// starts and its answer recorded in that same transaction (idempotency.ts).
import {
  orderTotals,
  OrderResponseSchema,
  type AccountType,
  type Language,
  type Order,
  type OrderResponse,
} from '@shop/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { ShopError, notFound } from '@shop/shared/server';
import { pageMeta } from '../http/paging';
import type { ContentService } from '../content/content-service';
import { recordOrderEvent } from '../order-events/outbox';
import { accountTypeOf } from '../profile/users';
import { loadOrders, type OrderRow } from './order-view';
import {
  claimIdempotencyKey,
  recordIdempotentAnswer,
  recordIdempotentFailure,
  type IdempotencyRequest,
} from './idempotency';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from '../abuse-limits';
import { accountOrderRefusal } from './order-limits';
import { checkOrderChoices } from './order-choices';
import type { CreateOrderInput } from './order-input';
import { orderLines, orderedVariants } from './order-lines';
import { takeStock } from './take-stock';
import { insertOrder, rememberLastAddress } from './insert-order';

export type CreateOrderResult =
  | { kind: 'created'; status: 201; body: OrderResponse }
  | { kind: 'replayed'; status: number; body: OrderResponse };

/** The attempt holding an Idempotency-Key: only it may record the key's answer. */
interface KeyAttempt {
  key: string;
  attemptId: string;
}

export interface OrderServiceDeps {
  db: Db;
  now: () => Date;
  content: ContentService;
  /** Category ids an account type may buy from (legal-only ones are hidden from individuals). */
  visibleCategoryIds: (accountType: AccountType) => Promise<ReadonlySet<number>>;
  /** Called after an order has committed: stock changed, and in-stock counts too when a variant
   * sold out. */
  onStockChanged?: (change: { soldOut: boolean }) => void;
  /** Events were committed to the outbox (an order was placed). */
  onOrderEvents?: () => void;
  /** Per-account caps and the most of one item per order; DEFAULT_ORDER_LIMITS when left out. */
  limits?: OrderLimits;
}

function statusOfFailure(error: unknown): number {
  return error instanceof ShopError ? error.status : 500;
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

export function createOrderService(deps: OrderServiceDeps) {
  const { db } = deps;
  const limits = deps.limits ?? DEFAULT_ORDER_LIMITS;

  async function createOrder(
    userId: number,
    input: CreateOrderInput,
    lang: Language,
    idempotency: IdempotencyRequest | null,
  ): Promise<CreateOrderResult> {
    const now = deps.now();
    if (!idempotency) return placeOrder(userId, input, lang, now, null);
    // The key is taken before anything else, so a finished request is replayed even if settings
    // changed in between, and a refused one still binds the key to its body.
    const claim = await claimIdempotencyKey(db, userId, idempotency, now);
    if (claim.kind === 'replay') {
      return {
        kind: 'replayed',
        status: claim.status,
        body: OrderResponseSchema.parse(claim.response),
      };
    }
    try {
      return await placeOrder(userId, input, lang, now, {
        key: idempotency.key,
        attemptId: claim.attemptId,
      });
    } catch (error) {
      await recordIdempotentFailure(
        db,
        userId,
        idempotency.key,
        claim.attemptId,
        statusOfFailure(error),
      ).catch(() => {
        // The attempt's own error is the answer; its key is freed when its lease runs out.
      });
      throw error;
    }
  }

  async function placeOrder(
    userId: number,
    input: CreateOrderInput,
    lang: Language,
    now: Date,
    attempt: KeyAttempt | null,
  ): Promise<CreateOrderResult> {
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

  /** The account's order that `which` picks, rendered. */
  async function ownOrder(userId: number, which: SQL, lang: Language): Promise<Order> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), which));
    const [order] = await loadOrders(db, rows, lang);
    // Someone else's order looks exactly like a missing one.
    if (!order) throw notFound('Order not found');
    return order;
  }

  function orderByNumber(userId: number, number: string, lang: Language): Promise<Order> {
    return ownOrder(userId, eq(orders.number, number), lang);
  }

  async function customerOrders(customerId: number, page: number, perPage: number, lang: Language) {
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(eq(orders.userId, customerId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db
        .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
        .from(orders)
        .where(eq(orders.userId, customerId)),
    ]);
    const total = counted?.total ?? 0;
    return {
      data: await loadOrders(db, rows, lang),
      meta: pageMeta(total, page, perPage),
    };
  }

  function customerOrder(customerId: number, orderId: number, lang: Language): Promise<Order> {
    return ownOrder(customerId, eq(orders.id, orderId), lang);
  }

  return { createOrder, orderByNumber, customerOrders, customerOrder };
}

export type OrderService = ReturnType<typeof createOrderService>;

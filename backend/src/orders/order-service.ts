// Orders: prices and totals come from the catalogue (a client's price is never read), stock is
// taken with one conditional UPDATE per item inside the order's transaction, after the account's
// limits were checked in it (order-limits.ts; the placing is place-order.ts). The
// Idempotency-Key is taken before the attempt starts and its answer recorded in that same
// transaction (idempotency.ts). A shopper's own orders are read in account-orders.ts.
import { OrderResponseSchema, type Language } from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from '../abuse-limits';
import { orderById, orderByNumber, ordersPage } from './account-orders';
import {
  claimIdempotencyKey,
  recordIdempotentFailure,
  type IdempotencyRequest,
} from './idempotency';
import type { CreateOrderInput } from './order-input';
import { placeOrder, type CreateOrderResult, type PlacingDeps } from './place-order';

export interface OrderServiceDeps extends PlacingDeps {
  now: () => Date;
  /** Per-account caps and the most of one item per order; DEFAULT_ORDER_LIMITS when left out. */
  limits?: OrderLimits;
}

function statusOfFailure(error: unknown): number {
  return error instanceof ShopError ? error.status : 500;
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
    const request = { userId, input, lang, now };
    if (!idempotency) return placeOrder(deps, limits, request, null);
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
      return await placeOrder(deps, limits, request, {
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

  return {
    createOrder,
    orderByNumber: (userId: number, number: string, lang: Language) =>
      orderByNumber(db, userId, number, lang),
    customerOrders: (customerId: number, page: number, perPage: number, lang: Language) =>
      ordersPage(db, customerId, page, perPage, lang),
    customerOrder: (customerId: number, orderId: number, lang: Language) =>
      orderById(db, customerId, orderId, lang),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

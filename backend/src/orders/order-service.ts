// Orders: prices and totals come from the catalogue (a client's price is never read), stock is
// taken with one conditional UPDATE per item inside the order's transaction, after the account's
// limits were checked in it (order-limits.ts). The Idempotency-Key is taken before the attempt
// starts and its answer recorded in that same transaction (idempotency.ts).
import {
  lineTotal,
  orderChoiceViolations,
  orderTotals,
  ORDER_RULE_MESSAGES,
  OrderResponseSchema,
  type CreateOrderRequestSchema,
  type AccountType,
  type FieldError,
  type Language,
  type Order,
  type OrderResponse,
} from '@shop/shared';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import {
  orderItems,
  orderStatusHistory,
  orders,
  productImages,
  products,
  users,
  variants,
  type StoredAddress,
  type StoredLastAddress,
} from '../db/schema';
import { AppError, notFound } from '../errors';
import { pageMeta } from '../http/paging';
import { isPgInt } from '../http/database-input';
import { localizeAttributes, pick } from '../catalog/localize';
import { productImageUrl } from '../catalog/product-rows';
import type { ContentService } from '../content/content-service';
import { recordOrderEvent } from '../order-events/outbox';
import { loadOrders } from './order-view';
import {
  claimIdempotencyKey,
  recordIdempotentAnswer,
  recordIdempotentFailure,
  type IdempotencyRequest,
} from './idempotency';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from '../abuse-limits';
import { accountOrderRefusal, lineQuantityViolations } from './order-limits';

export type { IdempotencyRequest } from './idempotency';

export type CreateOrderInput = z.output<typeof CreateOrderRequestSchema>;

export type CreateOrderResult =
  | { kind: 'created'; status: 201; body: OrderResponse }
  | { kind: 'replayed'; status: number; body: OrderResponse };

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
  return error instanceof AppError ? error.status : 500;
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
    attempt: { key: string; attemptId: string } | null,
  ): Promise<CreateOrderResult> {
    const settings = await deps.content.deliverySettings(lang);
    const violations = [
      ...orderChoiceViolations(settings, input).map((violation) => ({
        field: violation.field,
        message: ORDER_RULE_MESSAGES[violation.rule],
        rule: violation.rule,
      })),
      ...lineQuantityViolations(input.items, limits.lineQuantity),
    ];
    const [firstViolation] = violations;
    if (firstViolation) {
      throw new AppError('order_refused', firstViolation.message, { details: violations });
    }
    const method = settings.methods.find((m) => m.type === input.delivery_type);
    if (!method) throw new Error('Checked by orderChoiceViolations');
    let storeId: number | null = null;
    if (input.delivery_type === 'pickup') {
      const store =
        input.store_id === undefined || !isPgInt(input.store_id)
          ? undefined
          : await deps.content.findStore(input.store_id);
      if (!store) {
        throw new AppError('order_refused', 'Choose one of our shops to pick up from.', {
          details: [{ field: 'store_id', message: 'Unknown shop', rule: 'store_required' }],
        });
      }
      storeId = store.id;
    }

    // Read before the transaction: PGlite has one connection, so any query on `db` inside a
    // transaction would wait for that transaction forever.
    const [user] = await db
      .select({ userType: users.userType })
      .from(users)
      .where(eq(users.id, userId));
    const accountType: AccountType = user?.userType === 'legal' ? 'legal' : 'individual';
    const visible = await deps.visibleCategoryIds(accountType);

    // Set inside the transaction callback, read after it commits.
    const stock = { soldOut: false };
    const result = await db.transaction(async (tx): Promise<CreateOrderResult> => {
      const refusal = await accountOrderRefusal(tx, userId, limits, now);
      if (refusal) throw refusal;

      const ids = input.items.map((item) => item.product_id).filter(isPgInt);
      const found =
        ids.length === 0
          ? []
          : await tx
              .select({
                variant: variants,
                slug: products.slug,
                name: products.name,
                active: products.active,
                mxik: products.mxik,
                packageCode: products.packageCode,
                categoryId: products.categoryId,
              })
              .from(variants)
              .innerJoin(products, eq(products.id, variants.productId))
              .where(inArray(variants.id, ids));
      const unavailable: FieldError[] = [];
      input.items.forEach((item, index) => {
        const row = found.find((f) => f.variant.id === item.product_id);
        if (!row?.active || !visible.has(row.categoryId)) {
          unavailable.push({
            field: `items.${index}.product_id`,
            message: `Product ${item.product_id} is not available`,
          });
        }
      });
      if (unavailable.length > 0) {
        throw new AppError('product_unavailable', 'Some products are no longer sold.', {
          details: unavailable,
        });
      }

      // Updating in id order means two orders over the same items lock rows in the same order and
      // cannot deadlock each other.
      const sorted = [...input.items].sort((a, b) => a.product_id - b.product_id);
      const short: number[] = [];
      for (const item of sorted) {
        const taken = await tx
          .update(variants)
          .set({ quantity: sql`${variants.quantity} - ${item.quantity}` })
          .where(and(eq(variants.id, item.product_id), gte(variants.quantity, item.quantity)))
          .returning({ id: variants.id, quantity: variants.quantity });
        if (taken.length === 0) short.push(item.product_id);
        if (taken.some((row) => row.quantity === 0)) stock.soldOut = true;
      }
      if (short.length > 0) {
        const left = await tx
          .select({ id: variants.id, quantity: variants.quantity })
          .from(variants)
          .where(inArray(variants.id, short));
        throw new AppError(
          'out_of_stock',
          'Some items are not in stock in the quantity asked for.',
          {
            details: input.items.flatMap((item, index) => {
              if (!short.includes(item.product_id)) return [];
              const available = left.find((l) => l.id === item.product_id)?.quantity ?? 0;
              return [
                {
                  field: `items.${index}.quantity`,
                  message: `Only ${available} left of product ${item.product_id}`,
                  available,
                },
              ];
            }),
          },
        );
      }

      const images = await tx
        .select()
        .from(productImages)
        .where(
          inArray(
            productImages.productId,
            found.map((f) => f.variant.productId),
          ),
        );
      const lines = input.items.map((item, position) => {
        const row = found.find((f) => f.variant.id === item.product_id);
        if (!row) throw new Error('Checked above');
        const image =
          images.find(
            (i) => i.productId === row.variant.productId && i.color === row.variant.color,
          ) ?? images.find((i) => i.productId === row.variant.productId);
        return {
          variantId: row.variant.id,
          position,
          slug: row.slug,
          name: pick(row.name, lang),
          attributes: localizeAttributes(row.variant.attributes, lang),
          price: row.variant.price,
          quantity: item.quantity,
          total: lineTotal({ price: row.variant.price, quantity: item.quantity }),
          mxik: row.mxik,
          packageCode: row.packageCode,
          imgUrl: image ? productImageUrl(row.slug, image.position) : null,
        };
      });
      const totals = orderTotals(lines, method);
      const address: StoredAddress | null =
        input.delivery_type === 'pickup'
          ? null
          : {
              region: input.region ?? null,
              city: input.city ?? null,
              address: input.address ?? null,
              flat: input.flat ?? null,
              entrance: input.entrance ?? null,
              floor: input.floor ?? null,
              intercom: input.intercom ?? null,
              comment: input.address_comment ?? null,
            };

      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          status: 'new',
          lang,
          subtotal: totals.subtotal,
          deliveryPrice: totals.delivery_price,
          total: totals.total,
          deliveryType: input.delivery_type,
          storeId,
          address,
          location: input.delivery_type === 'pickup' ? null : (input.location ?? null),
          recipientName: input.name,
          recipientSurname: input.surname,
          recipientPhone: input.phone,
          paymentType: input.payment_type,
          receiptPayment:
            input.payment_type === 'on_receipt' ? (input.receipt_payment ?? 'cash') : null,
          paymentStatus: input.payment_type === 'card' ? 'unpaid' : 'not_required',
          payUntil:
            input.payment_type === 'card'
              ? new Date(now.getTime() + settings.payment_hold_minutes * 60_000)
              : null,
          comment: input.comment ?? null,
          createdAt: now,
        })
        .returning();
      if (!order) throw new Error('Order insert returned nothing');
      await tx.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: order.id })));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, status: 'new', at: now });
      if (address?.region && address.address) {
        // Offered again at the next checkout (GET /api/profile/address); the newest order wins.
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

      const [rendered] = await loadOrders(tx, [order], lang);
      if (!rendered) throw new Error('Order vanished');
      await recordOrderEvent(tx, { order: rendered, userId }, { type: 'order_placed' }, now);
      const body: OrderResponse = { data: rendered };
      if (attempt) {
        await recordIdempotentAnswer(tx, userId, attempt.key, attempt.attemptId, {
          status: 201,
          response: body,
        });
      }
      return { kind: 'created', status: 201, body };
    });
    deps.onStockChanged?.({ soldOut: stock.soldOut });
    deps.onOrderEvents?.();
    return result;
  }

  async function orderByNumber(userId: number, number: string, lang: Language): Promise<Order> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.number, number)));
    const [order] = await loadOrders(db, rows, lang);
    // Someone else's order looks exactly like a missing one.
    if (!order) throw notFound('Order not found');
    return order;
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

  async function customerOrder(
    customerId: number,
    orderId: number,
    lang: Language,
  ): Promise<Order> {
    const rows = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, customerId), eq(orders.id, orderId)));
    const [order] = await loadOrders(db, rows, lang);
    if (!order) throw notFound('Order not found');
    return order;
  }

  return { createOrder, orderByNumber, customerOrders, customerOrder };
}

export type OrderService = ReturnType<typeof createOrderService>;

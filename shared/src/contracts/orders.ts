import * as z from 'zod/mini';
import { AttributeSchema } from './cart';
import { MoneyAmountSchema, PageMetaSchema } from './common';
import { PersonNameSchema, StoreSchema } from './ecommerce';
import { PhoneSchema } from '../validation/phone';
import { RegionSlugSchema } from '../regions';
import {
  addressViolations,
  DELIVERY_TYPES,
  ORDER_RULE_MESSAGES,
  PAYMENT_PROVIDERS,
  PAYMENT_TYPES,
  RECEIPT_PAYMENTS,
} from '../order-rules';
import { ORDER_STATUSES } from '../order-lifecycle';
import type { Language } from '../languages';

// ---- Delivery settings ---------------------------------------------------------------------

export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES);
export const PaymentTypeSchema = z.enum(PAYMENT_TYPES);
export const ReceiptPaymentSchema = z.enum(RECEIPT_PAYMENTS);

/** Everything the shared order rules (order-rules.ts) need, plus what the shopper reads. */
export const DeliveryMethodSchema = z.object({
  type: DeliveryTypeSchema,
  name: z.string(),
  description: z.string(),
  price: MoneyAmountSchema,
  /** Order subtotal from which this method is free; null when it never is. */
  free_from: z.nullable(MoneyAmountSchema),
  enabled: z.boolean(),
  /** Regions whose addresses it reaches (express, a taxi: Tashkent city only); pickup: all. */
  regions: z.array(RegionSlugSchema),
  /** Payment types allowed with this method. */
  payment_types: z.array(PaymentTypeSchema),
  /** How an on-receipt payment is made: cash only to a courier, cash or card in a shop. */
  receipt_payments: z.array(ReceiptPaymentSchema),
});
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

export const DeliverySettingsSchema = z.object({
  methods: z.array(DeliveryMethodSchema),
  payment_types: z.array(
    z.object({ type: PaymentTypeSchema, name: z.string(), enabled: z.boolean() }),
  ),
  /** Minutes an unpaid card order is held before it is cancelled and its stock returned. */
  payment_hold_minutes: z.int().check(z.positive()),
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;
export const DeliverySettingsResponseSchema = z.object({ data: DeliverySettingsSchema });

// ---- Orders --------------------------------------------------------------------------------

const OptionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/** A point on the map (WGS 84), e.g. from "Use my location" or a pin on the map. */
export const LocationSchema = z.strictObject({
  lat: z.number().check(z.minimum(-90), z.maximum(90)),
  lng: z.number().check(z.minimum(-180), z.maximum(180)),
});
export type GeoLocation = z.infer<typeof LocationSchema>;

export const MAX_ORDER_LINES = 50;

export const CreateOrderRequestSchema = z
  .strictObject({
    items: z
      .array(
        z.strictObject({
          product_id: z.int().check(z.positive()),
          quantity: z.int().check(z.minimum(1), z.maximum(999)),
        }),
      )
      .check(z.minLength(1, 'The order has no items'), z.maxLength(MAX_ORDER_LINES)),
    delivery_type: DeliveryTypeSchema,
    store_id: z.optional(z.int().check(z.positive())),
    region: z.optional(RegionSlugSchema),
    city: OptionalText(100),
    address: OptionalText(300),
    flat: OptionalText(20),
    entrance: OptionalText(20),
    floor: OptionalText(20),
    intercom: OptionalText(20),
    address_comment: OptionalText(500),
    location: z.optional(LocationSchema),
    name: PersonNameSchema,
    surname: PersonNameSchema,
    phone: PhoneSchema,
    payment_type: PaymentTypeSchema,
    /** With payment on receipt: cash (the default) or card, which only a shop's till takes. */
    receipt_payment: z.optional(ReceiptPaymentSchema),
    comment: OptionalText(500),
  })
  .check(
    z.superRefine((order, ctx) => {
      for (const violation of addressViolations(order)) {
        ctx.addIssue({
          code: 'custom',
          path: [violation.field],
          message: ORDER_RULE_MESSAGES[violation.rule],
          params: { rule: violation.rule },
        });
      }
      const ids = new Set<number>();
      order.items.forEach((item, index) => {
        if (ids.has(item.product_id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['items', index, 'product_id'],
            message: 'Duplicate item',
          });
        }
        ids.add(item.product_id);
      });
    }),
  );
export type CreateOrderRequest = z.input<typeof CreateOrderRequestSchema>;

export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * not_required: paid on receipt. unpaid: a prepaid order waiting for its payment (a declined card
 * leaves it so, for another card or way). paid: paid once, for the order's total (a refund since
 * is told by `refund`).
 */
export const PAYMENT_STATUSES = ['not_required', 'unpaid', 'paid'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const PaymentProviderSchema = z.enum(PAYMENT_PROVIDERS);

/** Who took a paid order's money, and the provider's id of that payment. */
export const OrderPaymentSchema = z.object({
  provider: PaymentProviderSchema,
  /** The provider's own id: Payme's receipt or transaction, Click's payment, Telegram's charge. */
  transaction_id: z.string(),
  at: z.string(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

/**
 * A paid order's money going back: `due` until the provider has returned it (at once where the
 * shop can ask the provider itself, else when staff do it in the provider's office and the
 * provider reports it), then `made`.
 */
export const REFUND_STATUSES = ['due', 'made'] as const;
export const OrderRefundSchema = z.object({
  status: z.enum(REFUND_STATUSES),
  amount: MoneyAmountSchema,
  provider: PaymentProviderSchema,
  /** The provider's id of the payment being returned, for staff matching its statement. */
  transaction_id: z.string(),
  /** Whether the shop returns it itself (a card), or staff must in the provider's office. */
  automatic: z.boolean(),
  made_at: z.nullable(z.string()),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

/** What an order line is called in one language: its product's name and its variant's labels. */
export const OrderItemNamingSchema = z.object({
  name: z.string(),
  attributes: z.array(AttributeSchema),
});
export type OrderItemNaming = z.infer<typeof OrderItemNamingSchema>;

export const OrderItemSchema = z.object({
  product_id: z.int().check(z.positive()),
  slug: z.string(),
  /** In the language the order is read in (`x-lang`), else in the one it was placed in. */
  name: z.string(),
  attributes: z.array(AttributeSchema),
  /**
   * The line in every language the backend keeps it in, so a message about the order (the bot's)
   * can name it in the chat's language. Optional: without it, `name` and `attributes` serve all.
   */
  names: z.optional(
    z.object({
      uz: z.optional(OrderItemNamingSchema),
      ru: z.optional(OrderItemNamingSchema),
      en: z.optional(OrderItemNamingSchema),
    }),
  ),
  price: MoneyAmountSchema,
  quantity: z.int().check(z.positive()),
  total: MoneyAmountSchema,
  mxik: z.string(),
  package_code: z.string(),
  img_url: z.nullable(z.string()),
});

export type OrderItem = z.infer<typeof OrderItemSchema>;

/** A line's name and attributes in `lang` when the order carries them, else as the order has them. */
export function orderItemNaming(item: OrderItem, lang: Language): OrderItemNaming {
  return item.names?.[lang] ?? { name: item.name, attributes: item.attributes };
}

export const OrderSchema = z.object({
  id: z.int().check(z.positive()),
  number: z.string(),
  status: OrderStatusSchema,
  created_at: z.string(),
  items: z.array(OrderItemSchema),
  subtotal: MoneyAmountSchema,
  delivery_price: MoneyAmountSchema,
  total: MoneyAmountSchema,
  delivery_type: DeliveryTypeSchema,
  store: z.nullable(StoreSchema),
  address: z.nullable(
    z.object({
      region: z.nullable(z.string()),
      city: z.nullable(z.string()),
      address: z.nullable(z.string()),
      flat: z.nullable(z.string()),
      entrance: z.nullable(z.string()),
      floor: z.nullable(z.string()),
      intercom: z.nullable(z.string()),
      comment: z.nullable(z.string()),
    }),
  ),
  recipient: z.object({ name: z.string(), surname: z.string(), phone: z.string() }),
  location: z.nullable(LocationSchema),
  payment_type: PaymentTypeSchema,
  /** On-receipt orders: how the shopper will pay (cash, or card at a shop's till). */
  receipt_payment: z.nullable(ReceiptPaymentSchema),
  payment_status: PaymentStatusSchema,
  /** Unpaid prepaid orders: when the order is cancelled if still unpaid. */
  pay_until: z.nullable(z.string()),
  /** Paid orders: who took the money (absent from backends that do not say). */
  paid_with: z.optional(z.nullable(OrderPaymentSchema)),
  /** A paid order cancelled: its money going back (absent from backends that do not say). */
  refund: z.optional(z.nullable(OrderRefundSchema)),
  statuses: z.array(z.object({ status: OrderStatusSchema, at: z.string() })),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderResponseSchema = z.object({ data: OrderSchema });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/**
 * A positive integer in a query string: plain decimal digits only, so '0x10', '1e3' or ' 7' are
 * refused rather than read as numbers the way Number() would.
 */
const QueryInt = (max: number) =>
  z.pipe(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'Must be a whole number')),
      z.transform(Number),
    ),
    z.int().check(z.minimum(1), z.maximum(max)),
  );

/** Catalogue backend: a customer's orders, newest first. */
export const CustomerOrdersQuerySchema = z.strictObject({
  page: z.optional(QueryInt(10_000)),
  per_page: z.optional(QueryInt(100)),
});
export const CustomerOrdersResponseSchema = z.object({
  data: z.array(OrderSchema),
  meta: PageMetaSchema,
});
export const CustomerOrderDetailsResponseSchema = OrderResponseSchema;

/** A signed-in shopper's last delivery address, offered again at the next checkout. */
export const SavedAddressSchema = z.object({
  region: RegionSlugSchema,
  city: z.nullable(z.string()),
  address: z.string(),
  flat: z.nullable(z.string()),
  entrance: z.nullable(z.string()),
  floor: z.nullable(z.string()),
  intercom: z.nullable(z.string()),
  address_comment: z.nullable(z.string()),
  location: z.nullable(LocationSchema),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;
export const SavedAddressResponseSchema = z.object({ data: z.nullable(SavedAddressSchema) });

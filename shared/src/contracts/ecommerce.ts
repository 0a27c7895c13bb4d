import * as z from 'zod/mini';
import { AttributeSchema, CartSchema } from './cart';
import { AccountTypeSchema, ImageSchema, MoneyAmountSchema, PageMetaSchema } from './common';
import { PhoneSchema } from '../validation/phone';
import { OtpSchema } from '../validation/otp';
import { CARD_EXPIRY_MESSAGES, CardNumberSchema } from '../validation/card';
import { RegionSlugSchema } from '../regions';
import {
  addressViolations,
  DELIVERY_TYPES,
  ORDER_RULE_MESSAGES,
  PAYMENT_TYPES,
  RECEIPT_PAYMENTS,
} from '../order-rules';

// ---- Sign-in -------------------------------------------------------------------------------

export const SendOtpRequestSchema = z.strictObject({
  phone: PhoneSchema,
  // The spec's client sends its stored user type, whose initial value is the string "null".
  user_type: z.pipe(
    z.optional(z.union([AccountTypeSchema, z.literal('null'), z.null()])),
    z.transform((v) => (v === 'legal' ? 'legal' : 'individual')),
  ),
});
export type SendOtpRequest = z.input<typeof SendOtpRequestSchema>;

export const SendOtpResponseSchema = z.object({
  message: z.string(),
  /** Seconds before another code may be requested for this phone. */
  resend_after: z.int().check(z.nonnegative()),
  /** Seconds the code stays valid. */
  expires_in: z.int().check(z.positive()),
  code_length: z.int().check(z.positive()),
});
export type SendOtpResponse = z.infer<typeof SendOtpResponseSchema>;

export const VerifyOtpRequestSchema = z.strictObject({ phone: PhoneSchema, otp: OtpSchema });
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequestSchema>;

export const UserSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.nullable(z.string()),
  surname: z.nullable(z.string()),
  phone: z.string(),
  photo: z.nullable(z.string()),
  email: z.nullable(z.string()),
  company: z.nullable(z.string()),
  user_type: AccountTypeSchema,
});
export type User = z.infer<typeof UserSchema>;

export const VerifyOtpResponseSchema = z.object({
  access_token: z.string().check(z.minLength(32)),
  token_type: z.literal('Bearer'),
  expires_in: z.int().check(z.positive()),
  user: UserSchema,
});
export type VerifyOtpResponse = z.infer<typeof VerifyOtpResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

const PersonNameSchema = z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(60));

export const ProfileUpdateSchema = z.strictObject({
  name: PersonNameSchema,
  surname: PersonNameSchema,
  email: z.optional(z.nullable(z.email().check(z.maxLength(200)))),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

// ---- Cart ----------------------------------------------------------------------------------

export const CartResponseSchema = CartSchema;
export const SaveCartRequestSchema = z.strictObject({ cart_data: CartSchema });
export type SaveCartRequest = z.infer<typeof SaveCartRequestSchema>;

// ---- Content and settings -------------------------------------------------------------------

export const StoreSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
});
export type Store = z.infer<typeof StoreSchema>;
export const StoresResponseSchema = z.object({ data: z.array(StoreSchema) });

export const SlideSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  subtitle: z.nullable(z.string()),
  image: ImageSchema,
  /** An in-app path ('/products?...') or an absolute URL, or null for a banner without a link. */
  link: z.nullable(z.string()),
});
export type Slide = z.infer<typeof SlideSchema>;
export const SlidesResponseSchema = z.object({ data: z.array(SlideSchema) });

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

// ---- Blog and info pages (content of the ecommerce backend, like the slides) --------------

export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: z.nullable(ImageSchema),
  published_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** Bodies are plain text: paragraphs separated by a blank line. No HTML ever reaches the page. */
export const BlogPostSchema = z.extend(BlogPostSummarySchema, { body: z.string() });
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogsQuerySchema = z.strictObject({
  page: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,3}$/, 'Must be a whole number')),
      z.transform(Number),
    ),
  ),
});
export const BlogsResponseSchema = z.object({
  data: z.array(BlogPostSummarySchema),
  meta: PageMetaSchema,
});
export const BlogResponseSchema = z.object({ data: BlogPostSchema });

export const INFO_PAGE_SLUGS = [
  'about',
  'contacts',
  'delivery',
  'how-to-buy',
  'public-offer',
  'return',
] as const;
export const InfoPageSlugSchema = z.enum(INFO_PAGE_SLUGS);
export type InfoPageSlug = z.infer<typeof InfoPageSlugSchema>;

export const InfoPageSchema = z.object({
  slug: InfoPageSlugSchema,
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type InfoPage = z.infer<typeof InfoPageSchema>;
export const InfoPagesResponseSchema = z.object({
  data: z.array(z.pick(InfoPageSchema, { slug: true, title: true })),
});
export const InfoPageResponseSchema = z.object({ data: InfoPageSchema });

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

export const ORDER_STATUSES = [
  'new',
  'confirmed',
  'assembling',
  'ready_for_pickup',
  'delivering',
  'completed',
  'cancelled',
] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * not_required: paid on receipt. unpaid: a card order waiting for its charge (a declined card
 * leaves it so, for another card). paid: charged once, for the order's total.
 */
export const PAYMENT_STATUSES = ['not_required', 'unpaid', 'paid'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const OrderItemSchema = z.object({
  product_id: z.int().check(z.positive()),
  slug: z.string(),
  name: z.string(),
  attributes: z.array(AttributeSchema),
  price: MoneyAmountSchema,
  quantity: z.int().check(z.positive()),
  total: MoneyAmountSchema,
  mxik: z.string(),
  package_code: z.string(),
  img_url: z.nullable(z.string()),
});

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
  /** Unpaid card orders: when the order is cancelled if still unpaid. */
  pay_until: z.nullable(z.string()),
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

// ---- Payment cards and card payments ---------------------------------------------------------

export const CARD_BRANDS = ['uzcard', 'humo', 'visa', 'mastercard', 'unknown'] as const;
export const CardBrandSchema = z.enum(CARD_BRANDS);

/**
 * A saved card as the shopper sees it. The processor's token stays on the server; the number is
 * masked to its first 6 and last 4 digits, the most card rules allow to be shown.
 */
export const SavedCardSchema = z.object({
  id: z.int().check(z.positive()),
  masked_number: z.string().check(z.regex(/^\d{6}\*{2,9}\d{4}$/)),
  /** MM/YY as printed on the card. */
  expiry: z.string().check(z.regex(/^\d{2}\/\d{2}$/)),
  brand: CardBrandSchema,
  is_default: z.boolean(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;
export const SavedCardsResponseSchema = z.object({ data: z.array(SavedCardSchema) });

export const CardIdSchema = z.int().check(z.positive(), z.maximum(2_147_483_647));

/** Step one of adding a card: its number, expiry and the phone its bank texts the code to. */
export const CreateCardRequestSchema = z.strictObject({
  card_number: CardNumberSchema,
  // The format here; whether it has passed depends on today, which the server judges.
  expiry: z.string().check(z.regex(/^\s*\d{2}\s*\/\s*\d{2}\s*$/, CARD_EXPIRY_MESSAGES.format)),
  phone: PhoneSchema,
});
export type CreateCardRequest = z.input<typeof CreateCardRequestSchema>;

/** A code is on its way; `card_id` names the pending card in the confirm and resend calls. */
export const CardCodeSentResponseSchema = z.object({
  card_id: CardIdSchema,
  /** Where the processor sent the code, masked: '99890*****31'. */
  phone: z.string(),
  /** Seconds before another code may be asked for. */
  resend_after: z.int().check(z.nonnegative()),
  code_length: z.int().check(z.positive()),
});
export type CardCodeSentResponse = z.infer<typeof CardCodeSentResponseSchema>;
export const CreateCardResponseSchema = CardCodeSentResponseSchema;

export const ResendCardCodeRequestSchema = z.strictObject({ card_id: CardIdSchema });

export const CARD_CODE_LENGTH = 6;
export const ConfirmCardRequestSchema = z.strictObject({
  card_id: CardIdSchema,
  code: z.string().check(z.regex(/^\d{6}$/, 'The code is 6 digits')),
});
export const ConfirmCardResponseSchema = z.object({ data: SavedCardSchema });

export const CardParamsSchema = z.object({
  id: z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'Not a card id')),
});

/** Pays an unpaid card order with a saved card; the server charges the order's own total. */
export const PayOrderRequestSchema = z.strictObject({ card_id: CardIdSchema });
export type PayOrderRequest = z.infer<typeof PayOrderRequestSchema>;

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

import * as z from 'zod/mini';
import { CATALOG_PREFIX, NoQuery, SHOP_CALLS, type CallDef } from './calls';
import {
  CardCodeSentResponseSchema,
  CardParamsSchema,
  ConfirmCardRequestSchema,
  ConfirmCardResponseSchema,
  CreateCardRequestSchema,
  CreateCardResponseSchema,
  PayOrderRequestSchema,
  ResendCardCodeRequestSchema,
  SavedCardsResponseSchema,
} from './cards';
import { ProfileUpdateSchema, UserSchema } from './ecommerce';
import {
  CreateOrderRequestSchema,
  CustomerOrderDetailsResponseSchema,
  CustomerOrdersQuerySchema,
  CustomerOrdersResponseSchema,
  DeliverySettingsResponseSchema,
  OrderResponseSchema,
  SavedAddressResponseSchema,
} from './orders';
import {
  SendOtpRequestSchema,
  SendOtpResponseSchema,
  VerifyOtpRequestSchema,
  VerifyOtpResponseSchema,
} from './sign-in';

// A module of its own, apart from calls.ts: a browser page that makes only the shop's calls does
// not bundle the rules these calls' schemas carry (phone numbers, regions, card numbers).

/** A card call: two processor calls (e.g. create and send the code). */
const CARD_CALL_TIMEOUT_MS = 25_000;
/** A charge: receipt, payment, and a check when the payment's answer is late. */
const CHARGE_TIMEOUT_MS = 40_000;

const OrderTidParams = z.object({
  tid: z.string().check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'Not an order number')),
});
const CustomerParams = z.object({
  customerId: z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'Not a customer id')),
});
const CustomerOrderParams = z.extend(CustomerParams, {
  orderId: z.string().check(z.regex(/^[1-9]\d{0,15}$/, 'Not an order id')),
});
const StatusesQuery = z.strictObject({
  'resources[]': z.optional(z.union([z.literal('statuses'), z.array(z.literal('statuses'))])),
});

/**
 * The calls of sign-in, the profile, checkout, payment, cards and orders. The browser loads their
 * schemas with the first page that needs them (webapp/src/lib/api/client.ts), not before home.
 */
export const ORDERING_CALLS = {
  sendOtp: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/auth/send-otp',
    auth: 'none',
    body: SendOtpRequestSchema,
    response: SendOtpResponseSchema,
  },
  verifyOtp: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/auth/verify-otp',
    auth: 'none',
    body: VerifyOtpRequestSchema,
    response: VerifyOtpResponseSchema,
  },
  updateProfile: {
    backend: 'ecommerce',
    method: 'PUT',
    path: '/api/profile',
    auth: 'bearer',
    body: ProfileUpdateSchema,
    response: UserSchema,
  },
  uploadPhoto: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/profile/upload-photo',
    auth: 'bearer',
    body: 'multipart',
    response: UserSchema,
  },
  createOrder: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/orders',
    auth: 'bearer',
    body: CreateOrderRequestSchema,
    response: OrderResponseSchema,
  },
  getOrder: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/orders/:tid',
    auth: 'bearer',
    params: OrderTidParams,
    query: NoQuery,
    response: OrderResponseSchema,
  },
  payOrder: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/orders/:tid/pay',
    auth: 'bearer',
    params: OrderTidParams,
    body: PayOrderRequestSchema,
    response: OrderResponseSchema,
    minTimeoutMs: CHARGE_TIMEOUT_MS,
  },
  createCard: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/payments/card/create',
    auth: 'bearer',
    body: CreateCardRequestSchema,
    response: CreateCardResponseSchema,
    minTimeoutMs: CARD_CALL_TIMEOUT_MS,
  },
  // Not among the shop's original backend calls: the card form offers "Send the code again"
  // after a countdown, and the account page removes a card and picks the default one.
  resendCardCode: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/payments/card/resend',
    auth: 'bearer',
    body: ResendCardCodeRequestSchema,
    response: CardCodeSentResponseSchema,
    minTimeoutMs: CARD_CALL_TIMEOUT_MS,
  },
  confirmCard: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/payments/card/confirm',
    auth: 'bearer',
    body: ConfirmCardRequestSchema,
    response: ConfirmCardResponseSchema,
    minTimeoutMs: CARD_CALL_TIMEOUT_MS,
  },
  cards: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/payments/cards',
    auth: 'bearer',
    query: NoQuery,
    response: SavedCardsResponseSchema,
  },
  removeCard: {
    backend: 'ecommerce',
    method: 'DELETE',
    path: '/api/payments/cards/:id',
    auth: 'bearer',
    params: CardParamsSchema,
    response: SavedCardsResponseSchema,
  },
  setDefaultCard: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/payments/cards/:id/default',
    auth: 'bearer',
    params: CardParamsSchema,
    response: SavedCardsResponseSchema,
  },
  // Not among the shop's original backend calls: the last delivery address, kept by the
  // backend from the shopper's last courier order and offered again at the next checkout.
  savedAddress: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/profile/address',
    auth: 'bearer',
    query: NoQuery,
    response: SavedAddressResponseSchema,
  },
  deliverySettings: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/settings/delivery',
    auth: 'none',
    query: NoQuery,
    response: DeliverySettingsResponseSchema,
  },
  customerOrders: {
    backend: 'catalog',
    method: 'GET',
    path: `${CATALOG_PREFIX}/customers/:customerId/orders`,
    auth: 'bearer',
    params: CustomerParams,
    query: CustomerOrdersQuerySchema,
    response: CustomerOrdersResponseSchema,
    customerScoped: true,
  },
  customerOrderDetails: {
    backend: 'catalog',
    method: 'GET',
    path: `${CATALOG_PREFIX}/customers/:customerId/orders/:orderId/details`,
    auth: 'bearer',
    params: CustomerOrderParams,
    query: StatusesQuery,
    response: CustomerOrderDetailsResponseSchema,
    customerScoped: true,
  },
} as const satisfies Record<string, CallDef>;

/** Every call the storefront makes, as the relay and the backends know them. */
export const CALLS = { ...SHOP_CALLS, ...ORDERING_CALLS } as const;

export type CallId = keyof typeof CALLS;

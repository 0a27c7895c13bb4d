import * as z from 'zod/mini';
import {
  CategoriesResponseSchema,
  HomeResponseSchema,
  ProductQuerySchema,
  ProductResponseSchema,
  ProductsFilterSchema,
  ProductsResponseSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from './catalog';
import { SlugSchema } from './common';
import {
  BlogResponseSchema,
  BlogsQuerySchema,
  BlogsResponseSchema,
  CartResponseSchema,
  CardCodeSentResponseSchema,
  CardParamsSchema,
  ConfirmCardRequestSchema,
  ConfirmCardResponseSchema,
  CreateCardRequestSchema,
  CreateCardResponseSchema,
  PayOrderRequestSchema,
  ResendCardCodeRequestSchema,
  SavedAddressResponseSchema,
  CreateOrderRequestSchema,
  CustomerOrderDetailsResponseSchema,
  CustomerOrdersQuerySchema,
  CustomerOrdersResponseSchema,
  DeliverySettingsResponseSchema,
  InfoPageResponseSchema,
  InfoPageSlugSchema,
  InfoPagesResponseSchema,
  MessageResponseSchema,
  OrderResponseSchema,
  ProfileUpdateSchema,
  SaveCartRequestSchema,
  SavedCardsResponseSchema,
  SendOtpRequestSchema,
  SendOtpResponseSchema,
  SlidesResponseSchema,
  StoresResponseSchema,
  UserSchema,
  VerifyOtpRequestSchema,
  VerifyOtpResponseSchema,
} from './ecommerce';

export type BackendName = 'ecommerce' | 'catalog';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of spec §7. The relay lets through only these, checks each request and answer against
 * the schemas here, and the backend serves exactly these shapes.
 */
export interface CallDef {
  readonly backend: BackendName;
  readonly method: HttpMethod;
  /** Path as the browser calls it, with `:param` placeholders. */
  readonly path: string;
  /** Path on the backend when it differs (the `/api/categories` alias of the catalogue call). */
  readonly upstreamPath?: string;
  readonly auth: 'none' | 'bearer';
  readonly params?: z.ZodMiniType<Record<string, string>>;
  readonly query?: z.ZodMiniType;
  /** A JSON body schema, or 'multipart' for file uploads. */
  readonly body?: z.ZodMiniType | 'multipart';
  readonly response: z.ZodMiniType;
  /** Calls under /customers/{customerId}: only that customer's bearer token may make them. */
  readonly customerScoped?: boolean;
  /**
   * How long the call may take at least, for calls that wait on the card processor: a charge is
   * a receipt, a payment and maybe a check, each allowed several seconds. The relay and the
   * browser wait this long when their own default is shorter, so a slow but successful charge
   * is not reported as a failure while it goes through.
   */
  readonly minTimeoutMs?: number;
}

/** A card call: two processor calls (e.g. create and send the code). */
const CARD_CALL_TIMEOUT_MS = 25_000;
/** A charge: receipt, payment, and a check when the payment's answer is late. */
const CHARGE_TIMEOUT_MS = 40_000;

export const CATALOG_PREFIX = '/backend/api/ext/v1';

const NoQuery = z.strictObject({});
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

export const CALLS = {
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
  authUser: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/auth/user',
    auth: 'bearer',
    query: NoQuery,
    response: UserSchema,
  },
  logout: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'bearer',
    response: MessageResponseSchema,
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
  stores: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/store/stores',
    auth: 'none',
    query: NoQuery,
    response: StoresResponseSchema,
  },
  slides: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/content/slides',
    auth: 'none',
    query: NoQuery,
    response: SlidesResponseSchema,
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
  // Beyond spec §7: the card form offers "Send the code again" after a countdown, and the
  // account page removes a card and picks the default one.
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
  // Beyond spec §7: the last delivery address, kept by the backend from the shopper's last
  // courier order and offered again at the next checkout.
  savedAddress: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/profile/address',
    auth: 'bearer',
    query: NoQuery,
    response: SavedAddressResponseSchema,
  },
  getCart: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/profile/cart',
    auth: 'bearer',
    query: NoQuery,
    response: CartResponseSchema,
  },
  saveCart: {
    backend: 'ecommerce',
    method: 'POST',
    path: '/api/profile/cart',
    auth: 'bearer',
    body: SaveCartRequestSchema,
    response: CartResponseSchema,
  },
  // Beyond spec §7, which lists no call for them: the blog and info pages of spec §2 need their
  // content from a backend, and it lives beside the slides, on the ecommerce backend.
  blogs: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/content/blogs',
    auth: 'none',
    query: BlogsQuerySchema,
    response: BlogsResponseSchema,
  },
  blog: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/content/blogs/:slug',
    auth: 'none',
    params: z.object({ slug: SlugSchema }),
    query: NoQuery,
    response: BlogResponseSchema,
  },
  infoPages: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/content/pages',
    auth: 'none',
    query: NoQuery,
    response: InfoPagesResponseSchema,
  },
  infoPage: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/content/pages/:slug',
    auth: 'none',
    params: z.object({ slug: InfoPageSlugSchema }),
    query: NoQuery,
    response: InfoPageResponseSchema,
  },
  deliverySettings: {
    backend: 'ecommerce',
    method: 'GET',
    path: '/api/settings/delivery',
    auth: 'none',
    query: NoQuery,
    response: DeliverySettingsResponseSchema,
  },
  categories: {
    backend: 'catalog',
    method: 'GET',
    path: `${CATALOG_PREFIX}/resources/categories`,
    auth: 'none',
    query: NoQuery,
    response: CategoriesResponseSchema,
  },
  categoriesAlias: {
    backend: 'catalog',
    method: 'GET',
    path: '/api/categories',
    upstreamPath: `${CATALOG_PREFIX}/resources/categories`,
    auth: 'none',
    query: NoQuery,
    response: CategoriesResponseSchema,
  },
  home: {
    backend: 'catalog',
    method: 'GET',
    path: `${CATALOG_PREFIX}/resources/home`,
    auth: 'none',
    query: NoQuery,
    response: HomeResponseSchema,
  },
  products: {
    backend: 'catalog',
    method: 'POST',
    path: `${CATALOG_PREFIX}/resources/products`,
    auth: 'none',
    body: ProductsFilterSchema,
    response: ProductsResponseSchema,
  },
  product: {
    backend: 'catalog',
    method: 'GET',
    path: `${CATALOG_PREFIX}/resources/product/:slug`,
    auth: 'none',
    params: z.object({ slug: SlugSchema }),
    query: ProductQuerySchema,
    response: ProductResponseSchema,
  },
  search: {
    backend: 'catalog',
    method: 'GET',
    path: `${CATALOG_PREFIX}/resources/products/search`,
    auth: 'none',
    query: SearchQuerySchema,
    response: SearchResponseSchema,
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

export type CallId = keyof typeof CALLS;

/** Fills `:param` placeholders, encoding each value as one path segment. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

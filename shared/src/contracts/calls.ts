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
  InfoPageResponseSchema,
  InfoPageSlugSchema,
  InfoPagesResponseSchema,
  MessageResponseSchema,
  SaveCartRequestSchema,
  SlidesResponseSchema,
  StoresResponseSchema,
  UserSchema,
} from './ecommerce';

export type BackendName = 'ecommerce' | 'catalog';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call the storefront makes to a backend. The relay lets through only these, checks each
 * request and answer against the schemas here, and the backend serves exactly these shapes.
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

export const CATALOG_PREFIX = '/backend/api/ext/v1';

/** A call that takes no query parameters at all. */
export const NoQuery = z.strictObject({});

/**
 * The calls home and browsing may make: the catalogue and content reads, the session and the cart.
 * The browser bundles these with its start.
 */
export const SHOP_CALLS = {
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
  // Not among the calls the shop's original backends offer: the blog and info pages need their
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
} as const satisfies Record<string, CallDef>;

export type ShopCallId = keyof typeof SHOP_CALLS;

/** Fills `:param` placeholders, encoding each value as one path segment. */
export function callPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

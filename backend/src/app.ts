// buildBackend(deps): the reference ecommerce + catalogue backend as a Fastify app. No side
// effects here: the caller supplies the database, SMS provider, clock and API key, and decides
// whether and where to listen (tests use app.inject).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { HEADERS, type PaymentProvider } from '@shop/shared';
import type { Db } from './db/client';
import { installValue } from './db/install-state';
import { ShopError } from '@shop/shared/server';
import {
  DEFAULT_ORDER_LIMITS,
  DEFAULT_SIGN_IN_LIMITS,
  withDefaults,
  type OrderLimits,
  type SignInLimits,
} from './abuse-limits';

import type { CallRouteOptions } from './http/call-route';
import { sendFrameworkError, setErrorReplies } from './http/error-replies';
import { loggerOptions } from './http/logger-options';
import { installRequestTextRule } from './http/request-text';
import { bindRoute } from './http/route-binder';
import { authenticateToken } from './auth/tokens';
import { createOtpService } from './auth/otp-service';
import { registerAuthRoutes } from './auth/auth-routes';
import { trustedSignIn } from './auth/trusted-sign-in';
import { createCatalogService } from './catalog/catalog-service';
import { registerCatalogRoutes } from './catalog/catalog-routes';
import { createContentService } from './content/content-service';
import { registerContentRoutes } from './content/content-routes';
import { registerMediaRoutes } from './media/media-routes';
import { createOrderService } from './orders/order-service';
import { registerOrderRoutes } from './orders/order-routes';
import { createOrderStatusService, type OrderStatusService } from './orders/order-status';
import { registerOperatorRoutes } from './operator/operator-routes';
import type { CardProcessor } from './payments/card-processor';
import { createCardService } from './payments/card-service';
import { createPaymentService, type PaymentService } from './payments/payment-service';
import { registerPaymentRoutes } from './payments/payment-routes';
import { registerClickShopRoutes } from './payments/click/shop-api/click-shop-routes';
import { registerPaymeMerchantRoutes } from './payments/payme-merchant/merchant-routes';
import type { Refunder } from './payments/refunds/refund-worker';
import { registerPhotoRoutes } from './photos/photo-routes';
import { registerProfileRoutes } from './profile/profile-routes';
import type { SmsProvider } from './sms/sms-provider';

export interface BackendDeps {
  db: Db;
  /** Required in x-api-key on every call under /backend/api/ext/v1. */
  catalogApiKey: string;
  sms: SmsProvider;
  /** The card processor: Payme's Subscribe API, or the local sandbox speaking its protocol. */
  payments: CardProcessor;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Check every answer against the shared contract (tests); a mismatch becomes a 500. */
  validateResponses?: boolean;
  /** How long listing totals, facet counts and the category tree are reused; 0 turns it off. */
  catalogCacheTtlMs?: number;
  /** Minutes an unpaid card order is held before it is cancelled and its stock returned. */
  paymentHoldMinutes?: number;
  /** The secret of the operator's calls (`/operator/...`); without it they are not served. */
  operatorSecret?: string;
  /** A consistent copy of the database for the operator's backups (embedded PGlite only). */
  dumpDatabase?: () => Promise<Buffer>;
  /** Where uploaded profile photos are kept; without it the upload call is not served (404). */
  photoDir?: string;
  /** Who gives money back besides the card processor (Click's reversal of app payments). */
  refunders?: Partial<Record<PaymentProvider, Refunder>>;
  /** Caps on one account's orders and on one item per order; unset ones keep their defaults. */
  orderLimits?: Partial<OrderLimits>;
  /** Wrong sign-in codes per phone across days; unset ones keep their defaults. */
  signInLimits?: Partial<SignInLimits>;
  /** Our service at Click: with it, Click's Prepare and Complete URLs are served. */
  clickShop?: { serviceId: string; secretKey: string };
  /** Payme's Merchant API at POST /payments/payme; `key` is the cashbox key. Unset: not served. */
  paymeMerchant?: { key: string };
}

export const DEFAULT_PAYMENT_HOLD_MINUTES = 30;

/** The app and the services that also run outside a request (the payment sweep). */
export interface Backend {
  app: FastifyInstance;
  payments: PaymentService;
  /** Order status changes (the operator call and the demo flow use it). */
  statuses: OrderStatusService;
  /** Calls `listener` after order events were committed to the outbox; answers an unsubscribe. */
  onOrderEvents: (listener: () => void) => () => void;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Every service of the backend, wired to each other and to the deps. */
function createServices(deps: BackendDeps, now: () => Date, log: FastifyBaseLogger) {
  const { db } = deps;
  let hmacKey: Promise<string> | undefined;
  const otp = createOtpService({
    db,
    sms: deps.sms,
    now,
    hmacKey: () => {
      hmacKey ??= installValue(db, 'otp_hmac_key', () => randomBytes(32).toString('hex')).catch(
        (error: unknown) => {
          hmacKey = undefined; // let the next request try again
          throw error;
        },
      );
      return hmacKey;
    },
    limits: withDefaults(DEFAULT_SIGN_IN_LIMITS, deps.signInLimits),
    log,
  });
  const catalog = createCatalogService(db, { cacheTtlMs: deps.catalogCacheTtlMs });
  const eventListeners = new Set<() => void>();
  const notifyEvents = () => {
    for (const listener of eventListeners) listener();
  };
  const content = createContentService(db, {
    paymentHoldMinutes: deps.paymentHoldMinutes ?? DEFAULT_PAYMENT_HOLD_MINUTES,
  });
  const orders = createOrderService({
    db,
    now,
    content,
    visibleCategoryIds: (accountType) => catalog.visibleCategoryIds(accountType),
    // Cached products and counts must not outlive the stock an order took.
    onStockChanged: (change) => {
      catalog.stockChanged(change);
    },
    onOrderEvents: notifyEvents,
    limits: withDefaults(DEFAULT_ORDER_LIMITS, deps.orderLimits),
  });
  const statuses = createOrderStatusService({
    db,
    now,
    onStockReturned: () => {
      catalog.stockChanged({ soldOut: true });
    },
    onOrderEvents: notifyEvents,
  });
  const cards = createCardService({
    db,
    now,
    processor: deps.payments,
    log: log.child({ module: 'cards' }),
  });
  const payments = createPaymentService({
    db,
    now,
    processor: deps.payments,
    cards,
    log: log.child({ module: 'payments' }),
    // Stock put back may bring a sold-out variant back on sale: in-stock counts change too.
    onStockReturned: () => {
      catalog.stockChanged({ soldOut: true });
    },
    onOrderEvents: notifyEvents,
    refunders: deps.refunders,
  });
  // A cancel that owes money back commits events; asking for the refund then makes it at once
  // rather than at the next sweep.
  eventListeners.add(() => {
    payments.refundDue().catch((error: unknown) => {
      log.error({ err: error }, 'refund round failed');
    });
  });
  const onOrderEvents = (listener: () => void) => {
    eventListeners.add(listener);
    return () => eventListeners.delete(listener);
  };
  return { otp, catalog, content, orders, statuses, cards, payments, onOrderEvents, notifyEvents };
}

type Services = ReturnType<typeof createServices>;

function registerRoutes(
  app: FastifyInstance,
  deps: BackendDeps,
  services: Services,
  now: () => Date,
): void {
  const { db } = deps;
  // Compared as digests: equal lengths for timingSafeEqual, and the key's length does not leak.
  const apiKeyDigest = digest(deps.catalogApiKey);
  const routeOptions: CallRouteOptions = {
    authenticate: (token) => authenticateToken(db, token, now()),
    validateResponses: deps.validateResponses ?? false,
    checkApiKey: (request) => {
      const given = request.headers[HEADERS.apiKey];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), apiKeyDigest)) {
        throw new ShopError('unauthorized', 'A valid API key is required');
      }
    },
  };
  const route = bindRoute(app, routeOptions);

  registerAuthRoutes(route, db, services.otp, now);
  registerProfileRoutes(route, db, now);
  registerContentRoutes(route, services.content);
  registerOrderRoutes(route, services.orders);
  registerPaymentRoutes(route, services.cards, services.payments);
  registerCatalogRoutes(route, services.catalog, services.orders);
  registerMediaRoutes(app, db);
  if (deps.paymeMerchant !== undefined) {
    registerPaymeMerchantRoutes(app, {
      db,
      now,
      log: app.log.child({ module: 'payme-merchant' }),
      key: deps.paymeMerchant.key,
      onOrderEvents: services.notifyEvents,
      onStockReturned: () => {
        services.catalog.stockChanged({ soldOut: true });
      },
    });
  }
  if (deps.operatorSecret !== undefined) {
    registerOperatorRoutes(app, {
      secret: deps.operatorSecret,
      statuses: services.statuses,
      dumpDatabase: deps.dumpDatabase,
      signIn: (phone) => trustedSignIn(db, phone, now()),
      telegramPayments: { db, now, onOrderEvents: services.notifyEvents },
      payments: { db, now, onOrderEvents: services.notifyEvents },
    });
  }
  if (deps.photoDir !== undefined) {
    registerPhotoRoutes(app, { db, photoDir: deps.photoDir, routeOptions });
  }
  if (deps.clickShop) {
    registerClickShopRoutes(app, {
      db,
      now,
      log: app.log.child({ module: 'click-shop' }),
      ...deps.clickShop,
      onOrderEvents: services.notifyEvents,
    });
  }
  app.get('/healthz', () => ({ status: 'ok' }));
}

export function buildBackend(deps: BackendDeps): FastifyInstance {
  return createBackend(deps).app;
}

export function createBackend(deps: BackendDeps): Backend {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: loggerOptions(deps.logger),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // The relay sends its own request's id: the lines both servers write about one call match.
    requestIdHeader: 'x-request-id',
    bodyLimit: 512 * 1024,
    frameworkErrors: (error, _request, reply) => {
      sendFrameworkError(error, reply);
    },
  });
  installRequestTextRule(app);
  const services = createServices(deps, now, app.log);
  registerRoutes(app, deps, services, now);
  setErrorReplies(app);
  const { payments, statuses, onOrderEvents } = services;
  return { app, payments, statuses, onOrderEvents };
}

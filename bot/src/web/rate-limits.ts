import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { ApiErrorSchema, ERROR_STATUS, TELEGRAM_LINK_PATHS, type CallId } from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import { matchCall, requestPathname } from '../relay/call-table';
import { memoryCounters, redisCounters, type Counted } from './rate-counters';

/** The account a request is made for (`account:<id>`), or null when the backend cannot say. */
export type AccountOf = (request: FastifyRequest) => Promise<string | null>;

/** At most `max` requests per `windowMs`; null turns the limit off. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * The server's rate limits: what one client, one account or everyone together may ask for, so
 * nobody runs up the SMS bill or floods the backends. Each counts in its own window; what a
 * client is, is its address (`request.ip`: the socket's, or the one a trusted proxy names, see
 * TRUST_PROXY).
 */
export interface RateLimits {
  /**
   * Sign-in codes asked for from one client address: each costs an SMS. One the SMS gateway did
   * not take (the backend answers sms_unavailable) costs nothing and is given back.
   */
  signInCodesPerClient: Limit | null;
  /** Sign-in codes asked for by everyone together: caps what a flood from many addresses costs. */
  signInCodesOverall: Limit | null;
  /** Code checks from one client address: guessing across many phones. */
  codeChecksPerClient: Limit | null;
  /**
   * Orders placed by one account, whichever of its sign-ins (by its token when the backend cannot
   * say whose it is; by address when there is none).
   */
  ordersPerAccount: Limit | null;
  /** Every call to the shop's API from one client address: generous, against scripted floods. */
  requestsPerClient: Limit | null;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInCodesPerClient: { max: 10, windowMs: 10 * 60_000 },
  signInCodesOverall: { max: 60, windowMs: 60_000 },
  codeChecksPerClient: { max: 30, windowMs: 10 * 60_000 },
  ordersPerAccount: { max: 10, windowMs: 10 * 60_000 },
  requestsPerClient: { max: 600, windowMs: 60_000 },
};

export interface RateLimitOptions {
  limits: RateLimits;
  /** Shared by every instance when set (REDIS_URL); each instance counts alone without it. */
  redis: Redis | null;
  /** Where this shop's counters live in Redis, so two shops (or test runs) never share them. */
  redisPrefix?: string;
  /** Told of each refusal (the operator's figures): which limit, and the call it refused. */
  onRefused?: (limit: LimitName, call: CallId | null) => void;
  /** Whose account a request's token is; without it orders count per token. */
  accountOf?: AccountOf;
}

export type LimitName = keyof RateLimits;

/**
 * Route patterns whose requests are the shop's API: the relayed calls and the server's own
 * (/tg/...). Pages, assets and pictures are cached by the browser and the worker, and a listing
 * loads dozens of pictures.
 */
const API_ROUTE_PREFIXES = ['/api/', '/backend/', '/tg/'];

function isApiRoute(routeUrl: string): boolean {
  return API_ROUTE_PREFIXES.some((prefix) => routeUrl.startsWith(prefix));
}

/**
 * Which limits a request to an API route counts against, in the order they are checked. Read off
 * the route that answers it, which the router matched on the decoded path, so every spelling of
 * a route ("/%74g/link" is "/tg/link") counts as that route.
 */
function limitsOf(routeUrl: string, request: FastifyRequest): LimitName[] {
  const names: LimitName[] = ['requestsPerClient'];
  // A sign-in with the Telegram phone is a sign-in try like a code check.
  if (routeUrl === TELEGRAM_LINK_PATHS.phoneSignIn) names.push('codeChecksPerClient');
  if (routeUrl.startsWith('/tg/')) return names;
  // A relayed call, matched on the path exactly as the relay's gate matches it: a spelling the
  // gate takes for a call counts as that call, and one it refuses as no call reaches no backend.
  const match = matchCall(request.method, requestPathname(request.url));
  const id = match.kind === 'call' ? match.id : null;
  request.shopCall = id;
  if (id === 'sendOtp') names.push('signInCodesPerClient', 'signInCodesOverall');
  if (id === 'verifyOtp') names.push('codeChecksPerClient');
  if (id === 'createOrder') names.push('ordersPerAccount');
  return names;
}

/** A bearer token, hashed: the counter key never holds a usable credential. */
function accountKey(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.startsWith('Bearer ')) {
    return `token:${createHash('sha256').update(authorization.slice(7)).digest('hex').slice(0, 32)}`;
  }
  return `address:${request.ip}`;
}

const KEYS: Readonly<Record<LimitName, (request: FastifyRequest) => string>> = {
  signInCodesPerClient: (request) => request.ip,
  // One counter for everyone.
  signInCodesOverall: () => 'all',
  codeChecksPerClient: (request) => request.ip,
  ordersPerAccount: accountKey,
  requestsPerClient: (request) => request.ip,
};

/** What a refused client reads: the shop's error shape, with the wait. */
const MESSAGES: Readonly<Record<LimitName, string>> = {
  signInCodesPerClient: 'Too many sign-in codes asked for from this address. Try again later.',
  signInCodesOverall: 'Too many sign-in codes are being asked for. Try again in a minute.',
  codeChecksPerClient: 'Too many code checks from this address. Try again later.',
  ordersPerAccount: 'Too many orders in a short time. Try again later.',
  requestsPerClient: 'Too many requests. Try again later.',
};

/** What the counters' keys in Redis start with, unless RATE_LIMIT_REDIS_PREFIX says otherwise. */
export const DEFAULT_REDIS_PREFIX = 'shop-rate-limit:';

/** The error code of an answer the server is about to send, if it is one of the shop's errors. */
function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const answer = ApiErrorSchema.safeParse(JSON.parse(payload));
    return answer.success ? answer.data.code : null;
  } catch {
    return null;
  }
}

/**
 * Counts each request an API route takes against its limits before anything else of the route
 * runs (onRequest: before the body is read), and refuses one over a limit with 429
 * `rate_limited`, `retry_after` and the `retry-after` header. A limit already over is checked
 * before the next is counted, so a client refused by its own limit does not use up the overall
 * one.
 */
export function installRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const counters = options.redis
    ? redisCounters(options.redis, options.redisPrefix ?? DEFAULT_REDIS_PREFIX)
    : memoryCounters();
  const { accountOf } = options;
  const keyOf = async (name: LimitName, request: FastifyRequest): Promise<string> =>
    name === 'ordersPerAccount' && accountOf
      ? `${name}:${(await accountOf(request)) ?? KEYS[name](request)}`
      : `${name}:${KEYS[name](request)}`;
  /** The key each sign-in code request was counted under, to give back if no code went out. */
  const countedCodes = new WeakMap<FastifyRequest, string>();
  let redisWarned = false;
  options.redis?.on('error', (error: unknown) => {
    if (redisWarned) return;
    redisWarned = true;
    app.log.warn({ err: error }, 'Redis unreachable: rate limits are not counted meanwhile');
  });
  options.redis?.on('ready', () => {
    redisWarned = false;
  });

  const countAgainstLimits =
    (routeUrl: string): onRequestAsyncHookHandler =>
    async (request) => {
      for (const name of limitsOf(routeUrl, request)) {
        const limit = options.limits[name];
        if (!limit) continue;
        const key = await keyOf(name, request);
        let counted: Counted;
        try {
          counted = await counters.take(key, limit.windowMs);
        } catch {
          // Redis away: the shop keeps selling, unlimited, and says so in the log (above).
          continue;
        }
        if (name === 'signInCodesPerClient') countedCodes.set(request, key);
        if (counted.count <= limit.max) continue;
        const retryAfter = Math.max(1, Math.ceil(counted.msLeft / 1000));
        options.onRefused?.(name, request.shopCall);
        throw new ShopError('rate_limited', MESSAGES[name], { retryAfter });
      }
    };
  // Each API route counts its requests, first among its own hooks; a request no route takes is
  // answered 404 by the server alone and counts against nothing.
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const own = countAgainstLimits(route.url);
    const hooks = route.onRequest;
    route.onRequest =
      hooks === undefined ? [own] : [own, ...(Array.isArray(hooks) ? hooks : [hooks])];
  });

  // A shopper trying again through an SMS gateway outage is not locked out once it is over.
  app.addHook('onSend', async (request, reply, payload) => {
    const key = countedCodes.get(request);
    if (key === undefined || reply.statusCode !== ERROR_STATUS.sms_unavailable) return payload;
    if (errorCodeOf(payload) === 'sms_unavailable') {
      // Redis away: the code stays counted, as if it had gone out.
      await counters.giveBack(key).catch(() => undefined);
    }
    return payload;
  });
}

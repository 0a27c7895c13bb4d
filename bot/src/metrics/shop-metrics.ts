// The operator's figures, in a registry of the server's own (two servers in one process, as in
// tests, never share one): requests, backend calls, what shoppers got done (orders, sign-in codes,
// card charges), the bot's messages, rate-limit refusals, and the process itself. Every figure is
// labelled by a closed list (route patterns, call names, error codes), never by a URL, an order
// number or a phone, so the number of series stays small whatever shoppers send.
import { CALLS, type CallId } from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SendOutcome } from '../notifier/sender';
import type { NotifierStore } from '../notifier/store';
import type { UpstreamAnswer, UpstreamObserver } from '../relay/upstream-client';
import type { LimitName } from '../web/rate-limits';
import { createCallFigures } from './call-figures';

/** Request times: a page or a cached read takes milliseconds, a card charge up to half a minute. */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface ShopMetrics {
  readonly registry: Registry;
  /** One answered request: its route pattern, method, status and time taken in seconds. */
  readonly observeRequest: (route: string, method: string, status: number, seconds: number) => void;
  /** One backend call over (the upstream client's observer). */
  readonly observeBackendCall: UpstreamObserver;
  /** A request refused by one of the server's rate limits, with the call it asked for. */
  readonly observeRateLimited: (limit: LimitName, call: CallId | null) => void;
  /** What became of one attempt to send a bot message. */
  readonly observeBotMessage: (outcome: SendOutcome) => void;
  /** The body of a scrape, and its content type. */
  readonly scrape: () => Promise<{ contentType: string; body: string }>;
}

export interface ShopMetricsOptions {
  /** The notifier's store: the waiting messages are counted in it on each scrape. */
  sendQueue?: Pick<NotifierStore, 'waitingSends'>;
  /** Told when counting the waiting messages failed (the two figures are then NaN). */
  onQueueError?: (error: unknown) => void;
}

/** The server limits by the names the figures give them. */
const LIMIT_LABELS: Readonly<Record<LimitName, string>> = {
  signInCodesPerClient: 'sign_in_codes_per_client',
  signInCodesOverall: 'sign_in_codes_overall',
  codeChecksPerClient: 'code_checks_per_client',
  ordersPerAccount: 'orders_per_account',
  requestsPerClient: 'requests_per_client',
};

type Key = string | number;

/** The inner map of `outer` under `key`, made on first use. */
function inner<V>(outer: Map<Key, Map<Key, V>>, key: Key): Map<Key, V> {
  let map = outer.get(key);
  if (map === undefined) {
    map = new Map();
    outer.set(key, map);
  }
  return map;
}

/**
 * A label set per combination of values, made once by `make`: a request looks its labels up (a
 * few map reads) instead of building an object, or a key string, each time.
 */
function labelCache<A extends Key, B extends Key, C extends Key, L>(
  make: (a: A, b: B, c: C) => L,
): (a: A, b: B, c: C) => L {
  const root = new Map<Key, Map<Key, Map<Key, L>>>();
  return (a, b, c) => {
    const last = inner(inner(root, a), b);
    let labels = last.get(c);
    if (labels === undefined) {
      labels = make(a, b, c);
      last.set(c, labels);
    }
    return labels;
  };
}

type WaitingSends = Awaited<ReturnType<NotifierStore['waitingSends']>>;

/**
 * Waiting bot messages and the oldest one's age, counted in the store on each scrape: one query
 * for both gauges, which a scrape collects together.
 */
function registerQueueFigures(registry: Registry, options: ShopMetricsOptions): void {
  const { sendQueue } = options;
  if (!sendQueue) return;
  let reading: Promise<WaitingSends | null> | null = null;
  const read = (): Promise<WaitingSends | null> => {
    reading ??= sendQueue
      .waitingSends()
      .catch((error: unknown) => {
        options.onQueueError?.(error);
        return null;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  new Gauge({
    name: 'shop_bot_messages_waiting',
    help: 'Bot messages waiting to be sent (retries included), in the shared store.',
    registers: [registry],
    async collect() {
      const summary = await read();
      // Not a number rather than a stale or made-up one when the store cannot be read.
      this.set(summary === null ? Number.NaN : summary.count);
    },
  });
  new Gauge({
    name: 'shop_bot_messages_oldest_waiting_age_seconds',
    help: 'How long the oldest waiting bot message has waited since its event came in; 0 when none waits.',
    registers: [registry],
    async collect() {
      const summary = await read();
      this.set(summary === null ? Number.NaN : (summary.oldestAgeSeconds ?? 0));
    },
  });
}

export function createShopMetrics(options: ShopMetricsOptions = {}): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route pattern (a relayed call by its path), method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const backendCalls = new Counter({
    name: 'shop_backend_requests_total',
    help:
      'Backend calls by backend, call and outcome: ok, refused (a 4xx answer), error (a 5xx ' +
      'answer passed on), timeout, unavailable, invalid (broke the contract), cancelled.',
    labelNames: ['backend', 'call', 'outcome'],
    registers: [registry],
  });
  const backendSeconds = new Histogram({
    name: 'shop_backend_request_duration_seconds',
    help: 'Time a backend call took, answer read and checked, by backend and call.',
    labelNames: ['backend', 'call'],
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'shop_rate_limit_refusals_total',
    help:
      "Requests refused for asking too often: by the server's limit, or by the backend's code " +
      '(otp_resend_too_soon, otp_daily_limit...).',
    labelNames: ['limit'],
    registers: [registry],
  });
  const botMessages = new Counter({
    name: 'shop_bot_messages_sent_total',
    help: 'Bot messages Telegram accepted, sent by this instance.',
    registers: [registry],
  });
  const botFailures = new Counter({
    name: 'shop_bot_messages_failed_total',
    help: 'Bot messages given up by this instance: blocked (the chat blocked the bot), refused, gave_up (too many failures).',
    labelNames: ['reason'],
    registers: [registry],
  });
  const botRetries = new Counter({
    name: 'shop_bot_message_retries_total',
    help: 'Bot message sends that failed and were put off to be tried again, by this instance.',
    registers: [registry],
  });
  for (const reason of ['blocked', 'refused', 'gave_up']) botFailures.labels(reason).inc(0);
  const calls = createCallFigures(registry);
  registerQueueFigures(registry, options);

  const requestLabels = labelCache((route: string, method: string, status: number) => ({
    route,
    method,
    status: String(status),
  }));
  const timeLabels = labelCache((route: string, method: string, _unused: '') => ({
    route,
    method,
  }));
  const backendLabels = labelCache((backend: string, call: string, outcome: string) => ({
    backend,
    call,
    outcome,
  }));
  const backendTimeLabels = labelCache((backend: string, call: string, _unused: '') => ({
    backend,
    call,
  }));

  return {
    registry,
    observeRequest: (route, method, status, seconds) => {
      requests.inc(requestLabels(route, method, status));
      requestSeconds.observe(timeLabels(route, method, ''), seconds);
    },
    observeBackendCall: (out, result, seconds, cancelled) => {
      const outcome = backendOutcome(result, cancelled);
      const { backend } = out.call;
      backendCalls.inc(backendLabels(backend, out.id, outcome));
      backendSeconds.observe(backendTimeLabels(backend, out.id, ''), seconds);
      if (result instanceof ShopError) {
        calls.refused(out.id, result.code);
      } else if (result.kind === 'error') {
        if (result.status === 429) rateLimited.inc({ limit: result.error.code });
        calls.refused(out.id, result.error.code);
      } else if (!result.replayed) {
        calls.succeeded(out.id, result.data);
      }
    },
    observeRateLimited: (limit, call) => {
      rateLimited.inc({ limit: LIMIT_LABELS[limit] });
      if (call !== null) calls.refused(call, 'rate_limited');
    },
    observeBotMessage: (outcome) => {
      if (outcome === 'sent') botMessages.inc();
      else if (outcome === 'retry') botRetries.inc();
      else botFailures.inc({ reason: outcome });
    },
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** A backend call's outcome label. */
function backendOutcome(result: UpstreamAnswer | ShopError, cancelled: boolean): string {
  if (!(result instanceof ShopError)) {
    if (result.kind === 'ok') return 'ok';
    return result.status >= 500 ? 'error' : 'refused';
  }
  if (cancelled) return 'cancelled';
  if (result.code === 'upstream_timeout') return 'timeout';
  if (result.code === 'upstream_invalid') return 'invalid';
  return 'unavailable';
}

/** The route label of a relayed call: its path pattern, as the contract writes it. */
export function callRoute(call: CallId): string {
  return CALLS[call].path;
}

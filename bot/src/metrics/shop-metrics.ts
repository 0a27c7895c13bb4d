// The operator's figures, in a registry of the server's own (two servers in one process, as in
// tests, never share one): requests, backend calls, what shoppers got done (orders, sign-in codes,
// card charges), the bot's messages, rate-limit refusals, and the process itself. Every figure is
// labelled by a closed list (route patterns, call names, error codes), never by a URL, an order
// number or a phone, so the number of series stays small whatever shoppers send.
import { CALLS, type CallId } from '@shop/shared';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { SendOutcome } from '../notifier/sender';
import type { UpstreamObserver } from '../relay/upstream-client';
import type { LimitName } from '../web/rate-limits';
import { createBackendFigures } from './backend-figures';
import { createBotFigures, type SendQueueOptions } from './bot-figures';
import { createCallFigures } from './call-figures';
import { createRequestFigures } from './request-figures';
import { registerRefundFigures, type RefundFiguresOptions } from './refund-figures';

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

export type ShopMetricsOptions = SendQueueOptions & RefundFiguresOptions;

export function createShopMetrics(options: ShopMetricsOptions = {}): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const observeRequest = createRequestFigures(registry);
  const calls = createCallFigures(registry);
  const backend = createBackendFigures(registry, calls);
  const observeBotMessage = createBotFigures(registry, options);
  registerRefundFigures(registry, options);
  return {
    registry,
    observeRequest,
    observeBackendCall: backend.observeBackendCall,
    observeRateLimited: backend.observeRateLimited,
    observeBotMessage,
    scrape: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** The route label of a relayed call: its path pattern, as the contract writes it. */
export function callRoute(call: CallId): string {
  return CALLS[call].path;
}

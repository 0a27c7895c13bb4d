// Order messages: the key backends sign their order events with, how often a backend that
// cannot push is asked instead, and how long a claimed message stays with its instance.
import { Milliseconds, OrderEventsSecret, optional } from '@shop/shared/server';
import { z } from 'zod';
import { DEFAULT_LEASE_MS } from '../notifier/sender';
import type { Upstreams } from './backends';

/** Outside backends with no ORDER_EVENTS_SECRET cannot push: their orders are asked about this often. */
const DEFAULT_ORDER_POLL_MS = 60_000;

export const NotifierSettings = z.object({
  // The HMAC key backends sign order-event deliveries with (POST /tg/order-events).
  ORDER_EVENTS_SECRET: optional(OrderEventsSecret),
  // How often the server asks a backend that cannot push for its open orders' details; 0: never.
  ORDER_POLL_INTERVAL_MS: optional(
    Milliseconds(0, 86_400_000).pipe(
      z.number().refine((ms) => ms === 0 || ms >= 1000, 'Must be 0 (off) or at least 1000'),
    ),
  ),
  // How long an instance holds a claimed order message before another may send it. It must
  // outlast one send with its retries (about two minutes at most); shorter only for tests.
  NOTIFIER_SEND_LEASE_MS: optional(Milliseconds(5000, 3_600_000)),
});

export interface NotifierConfig {
  /**
   * The key of signed order-event deliveries. Unset: in embedded mode one is generated into the
   * data dir (main.ts); with outside backends nothing can push events.
   */
  orderEventsSecret: string | undefined;
  /**
   * How often open orders' details are polled for status changes (notifier/order-poller.ts);
   * 0: not at all. Default 0 when the backend pushes its events (embedded mode, or
   * ORDER_EVENTS_SECRET set for outside backends), else DEFAULT_ORDER_POLL_MS.
   */
  orderPollIntervalMs: number;
  /**
   * How long a claimed order message stays with the instance that claimed it; one that dies
   * mid-send leaves it to another after this long.
   */
  notifierSendLeaseMs: number;
}

export function notifierConfig(
  e: z.infer<typeof NotifierSettings>,
  upstreams: Upstreams | null,
): NotifierConfig {
  const backendPushes = upstreams === null || e.ORDER_EVENTS_SECRET !== undefined;
  return {
    orderEventsSecret: e.ORDER_EVENTS_SECRET,
    orderPollIntervalMs: e.ORDER_POLL_INTERVAL_MS ?? (backendPushes ? 0 : DEFAULT_ORDER_POLL_MS),
    notifierSendLeaseMs: e.NOTIFIER_SEND_LEASE_MS ?? DEFAULT_LEASE_MS,
  };
}

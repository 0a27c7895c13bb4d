// How the relay talks to the backends: how long it waits, how much it reads, what it caches.
import { Milliseconds, optional } from '@shop/shared/server';
import { z } from 'zod';

/** A backend call that takes longer answers 504 (UPSTREAM_TIMEOUT_MS). */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * The largest backend answer the relay reads (UPSTREAM_MAX_ANSWER_BYTES). The largest legitimate
 * one is a product listing: on the demo catalogue a full page (100 products, per_page's maximum)
 * is about 125 KB and home about 30 KB, so 4 MiB leaves a real catalogue's longer texts some 30
 * times that, while an answer that keeps coming is cut off long before it costs real memory.
 */
export const DEFAULT_UPSTREAM_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * How long one image may take to pass from the catalogue to the shopper (MEDIA_TRANSFER_TIMEOUT_MS):
 * a 1 MB product photo at slow-3G speed (about 400 kbit/s) takes some 20 s, so a minute is
 * generous for a shopper and still frees both sockets from a trickle that never ends.
 */
export const DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS = 60_000;

/** How long public catalogue and content answers are reused (RELAY_CACHE_TTL_MS). */
const DEFAULT_RELAY_CACHE_TTL_MS = 30_000;

export const RelaySettings = z.object({
  UPSTREAM_TIMEOUT_MS: optional(Milliseconds(100, 120_000)),
  // Below 64 KiB even a short listing would not fit; above 256 MiB the cap protects nothing.
  UPSTREAM_MAX_ANSWER_BYTES: optional(
    z.coerce
      .number({ error: 'Must be bytes' })
      .int()
      .min(64 * 1024)
      .max(256 * 1024 * 1024),
  ),
  // One image's whole transfer; its idle limit (no byte for that long) is UPSTREAM_TIMEOUT_MS.
  MEDIA_TRANSFER_TIMEOUT_MS: optional(Milliseconds(1000, 600_000)),
  // 0 turns the relay's cache off; an hour at most, since instances do not share it.
  RELAY_CACHE_TTL_MS: optional(Milliseconds(0, 3_600_000)),
});

export interface RelayConfig {
  upstreamTimeoutMs: number;
  /** The largest backend answer the relay reads; a larger one is refused with a 502. */
  upstreamMaxAnswerBytes: number;
  /** How long one image may take to pass from the catalogue to the shopper. */
  mediaTransferTimeoutMs: number;
  /** How long public catalogue and content answers are reused; 0: not at all. */
  relayCacheTtlMs: number;
}

export function relayConfig(e: z.infer<typeof RelaySettings>): RelayConfig {
  return {
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    upstreamMaxAnswerBytes: e.UPSTREAM_MAX_ANSWER_BYTES ?? DEFAULT_UPSTREAM_MAX_ANSWER_BYTES,
    mediaTransferTimeoutMs: e.MEDIA_TRANSFER_TIMEOUT_MS ?? DEFAULT_MEDIA_TRANSFER_TIMEOUT_MS,
    relayCacheTtlMs: e.RELAY_CACHE_TTL_MS ?? DEFAULT_RELAY_CACHE_TTL_MS,
  };
}

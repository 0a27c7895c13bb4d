import * as z from 'zod/mini';

/** What the server may put into index.html as `<script>window.__SHOP_CONFIG__={…}</script>`. */
export interface ShopConfigInput {
  /** Set when the server has YANDEX_MAPS_API_KEY: the markets page then shows the map. */
  yandexMapsApiKey?: string;
  /** The server's BUILD_POLL_INTERVAL_MS, when set: how often to look for a newer build. */
  buildPollIntervalMs?: number;
}

declare global {
  interface Window {
    __SHOP_CONFIG__?: ShopConfigInput;
  }
}

export interface ShopConfig {
  yandexMapsApiKey: string | null;
  /** Null: the app's own default (DEFAULT_BUILD_POLL_INTERVAL_MS). */
  buildPollIntervalMs: number | null;
}

// The key goes into a script URL: only the characters Yandex keys have (a UUID) may pass.
const ConfigSchema = z.object({
  yandexMapsApiKey: z.catch(
    z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9-]{8,100}$/))),
    undefined,
  ),
  // The server's own bounds (bot/src/config/webapp.ts); anything else is no setting.
  buildPollIntervalMs: z.catch(
    z.optional(z.int().check(z.minimum(1000), z.maximum(86_400_000))),
    undefined,
  ),
});

/**
 * Reads the injected configuration; absent, malformed or partly wrong, it falls back value by
 * value to "not configured" instead of failing the page (it is a trust boundary like storage).
 */
export function readShopConfig(source: unknown): ShopConfig {
  const parsed = ConfigSchema.safeParse(source);
  if (!parsed.success) return { yandexMapsApiKey: null, buildPollIntervalMs: null };
  return {
    yandexMapsApiKey: parsed.data.yandexMapsApiKey ?? null,
    buildPollIntervalMs: parsed.data.buildPollIntervalMs ?? null,
  };
}

/** The page's configuration, as the server injected it. */
export function shopConfig(): ShopConfig {
  return readShopConfig(typeof window === 'undefined' ? undefined : window.__SHOP_CONFIG__);
}

import { MAX_ITEM_QUANTITY, ORDER_LINE_QUANTITY_LIMIT } from '@shop/shared';
import * as z from 'zod/mini';

/** What the server may put into index.html as `<script>window.__SHOP_CONFIG__={…}</script>`. */
export interface ShopConfigInput {
  /** Set when the server has YANDEX_MAPS_API_KEY: the markets page then shows the map. */
  yandexMapsApiKey?: string;
  /** The server's BUILD_POLL_INTERVAL_MS, when set: how often to look for a newer build. */
  buildPollIntervalMs?: number;
  /** The server's ORDER_LINE_QUANTITY_LIMIT: the most of one item an order line may carry. */
  orderLineQuantityLimit?: number;
  /** The server's BOT_USERNAME and MINI_APP_NAME: where shared links open the Mini App. */
  telegramBotUsername?: string;
  telegramMiniAppName?: string;
  /** Set when the server can sign in with the phone shared from Telegram (POST /tg/phone-sign-in). */
  telegramPhoneSignIn?: boolean;
  /** Click's pay-by-link site and the shop's ids there: "Pay with Click" is offered. */
  clickPay?: { payUrl: string; serviceId: string; merchantId: string };
  /** Payme's checkout and the shop's cashbox: "Pay with Payme" is offered. */
  paymeCheckout?: { checkoutUrl: string; merchantId: string };
  /** Set when the bot can send Telegram invoices: inside Telegram, "Pay in Telegram" is offered. */
  telegramPayments?: boolean;
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
  /** Where quantity steppers stop: past it the backend refuses the order. */
  orderLineQuantityLimit: number;
  /** The bot's username without "@", when set: shared product links then open in Telegram. */
  telegramBotUsername: string | null;
  /** The Mini App's short name (t.me/<bot>/<app>); null: links open the bot's chat. */
  telegramMiniAppName: string | null;
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
  orderLineQuantityLimit: z.catch(
    z.optional(z.int().check(z.minimum(1), z.maximum(MAX_ITEM_QUANTITY))),
    undefined,
  ),
  // They end up in a t.me address: the characters Telegram allows there and nothing else.
  telegramBotUsername: z.catch(
    z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{5,32}$/))),
    undefined,
  ),
  telegramMiniAppName: z.catch(
    z.optional(z.string().check(z.regex(/^[A-Za-z0-9_]{3,30}$/))),
    undefined,
  ),
});

/**
 * Reads the injected configuration; absent, malformed or partly wrong, it falls back value by
 * value to "not configured" instead of failing the page (it is a trust boundary like storage).
 */
export function readShopConfig(source: unknown): ShopConfig {
  const parsed = ConfigSchema.safeParse(source);
  const data = parsed.success ? parsed.data : {};
  return {
    yandexMapsApiKey: data.yandexMapsApiKey ?? null,
    buildPollIntervalMs: data.buildPollIntervalMs ?? null,
    orderLineQuantityLimit: data.orderLineQuantityLimit ?? ORDER_LINE_QUANTITY_LIMIT,
    telegramBotUsername: data.telegramBotUsername ?? null,
    telegramMiniAppName: data.telegramMiniAppName ?? null,
  };
}

let read: { source: unknown; config: ShopConfig } | null = null;

/** The page's configuration, as the server injected it (read once per injected object). */
export function shopConfig(): ShopConfig {
  const source = typeof window === 'undefined' ? undefined : window.__SHOP_CONFIG__;
  if (read === null || read.source !== source) read = { source, config: readShopConfig(source) };
  return read.config;
}

/**
 * Whether sign-in inside Telegram offers "Share my Telegram number" first. Read apart from
 * shopConfig() so the first page, which never asks, does not carry it.
 */
export function telegramPhoneSignInOffered(): boolean {
  return typeof window !== 'undefined' && window.__SHOP_CONFIG__?.telegramPhoneSignIn === true;
}

// Which backends the relay talks to: the three outside ones, or the embedded reference backend
// with its own settings (read by the backend's config module) and where its data lives.
import { resolve } from 'node:path';
import { DEFAULT_DATA_DIR, type BackendSettings } from '@shop/backend';
import { DatabaseUrl, HttpUrl, optional, togetherProblems, type Env } from '@shop/shared/server';
import { z } from 'zod';

export const BackendsSettings = z.object({
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(DatabaseUrl),
  ECOMMERCE_API_URL: optional(HttpUrl),
  CATALOG_API_URL: optional(HttpUrl),
  CATALOG_API_KEY: optional(z.string().min(8, 'Must be at least 8 characters')),
  // With outside backends: where `POST /operator/trusted-sign-in` is served, and its secret.
  TRUSTED_SIGN_IN_URL: optional(HttpUrl),
  TRUSTED_SIGN_IN_SECRET: optional(z.string().min(16, 'Must be at least 16 characters')),
});

export interface Upstreams {
  ecommerceUrl: string;
  catalogUrl: string;
  catalogApiKey: string;
}

export interface BackendsConfig {
  /** The embedded backend's data, the notifier's own store beside it, generated secrets. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** null: no upstreams configured, so main starts the embedded reference backend. */
  upstreams: Upstreams | null;
  /** What the embedded backend runs with (used only when `upstreams` is null). */
  embeddedBackend: BackendSettings;
  /**
   * The most of one item one order may carry (ORDER_LINE_QUANTITY_LIMIT): the embedded backend
   * enforces it; with outside backends it should name theirs. The server tells the webapp, whose
   * quantity steppers stop here.
   */
  orderLineQuantityLimit: number;
  /**
   * An outside backend's sign-in without a code, for the one-tap sign-in with the Telegram phone;
   * null: not offered (embedded mode uses the embedded backend's own).
   */
  trustedSignIn: { url: string; secret: string } | null;
}

const UPSTREAM_KEYS = ['ECOMMERCE_API_URL', 'CATALOG_API_URL', 'CATALOG_API_KEY'];

export function backendsProblems(env: Env): string[] {
  return [
    ...togetherProblems(env, UPSTREAM_KEYS, 'set all three, or none for the embedded backend'),
    ...togetherProblems(
      env,
      ['TRUSTED_SIGN_IN_URL', 'TRUSTED_SIGN_IN_SECRET'],
      'set both, or neither',
    ),
  ];
}

export function backendsConfig(
  e: z.infer<typeof BackendsSettings>,
  embeddedBackend: BackendSettings,
): BackendsConfig {
  const upstreams =
    e.ECOMMERCE_API_URL !== undefined &&
    e.CATALOG_API_URL !== undefined &&
    e.CATALOG_API_KEY !== undefined
      ? {
          ecommerceUrl: e.ECOMMERCE_API_URL,
          catalogUrl: e.CATALOG_API_URL,
          catalogApiKey: e.CATALOG_API_KEY,
        }
      : null;
  return {
    dataDir: resolve(e.DATA_DIR ?? DEFAULT_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    upstreams,
    embeddedBackend,
    orderLineQuantityLimit: embeddedBackend.orderLimits.lineQuantity,
    trustedSignIn:
      upstreams && e.TRUSTED_SIGN_IN_URL !== undefined && e.TRUSTED_SIGN_IN_SECRET !== undefined
        ? { url: e.TRUSTED_SIGN_IN_URL.replace(/\/+$/, ''), secret: e.TRUSTED_SIGN_IN_SECRET }
        : null,
  };
}

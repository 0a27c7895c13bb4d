// The Telegram bot: its token, which Bot API server it talks to, and how updates arrive.
import { isSet, optional, type Env } from '@shop/shared/server';
import { z } from 'zod';

/** How old Telegram init data may be before it is no longer trusted (INIT_DATA_MAX_AGE_SECONDS). */
const DEFAULT_INIT_DATA_MAX_AGE_SECONDS = 3600;

export const TelegramSettings = z.object({
  BOT_TOKEN: optional(
    z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'Must look like 123456:ABC-token from @BotFather'),
  ),
  TELEGRAM_API_ROOT: optional(
    z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
      // grammY refuses an apiRoot with a trailing slash; say so here rather than at start.
      .refine((value) => !value.endsWith('/'), 'Remove the trailing slash'),
  ),
  BOT_MODE: optional(z.enum(['polling', 'webhook'])),
  // Telegram allows 1-256 characters A-Z a-z 0-9 _ - in X-Telegram-Bot-Api-Secret-Token.
  WEBHOOK_SECRET: optional(
    z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'Must be 16-256 characters A-Z a-z 0-9 _ -'),
  ),
  INIT_DATA_MAX_AGE_SECONDS: optional(
    z.coerce.number({ error: 'Must be seconds' }).int().positive(),
  ),
});

export type TelegramConfig =
  | { enabled: false }
  | {
      enabled: true;
      token: string;
      apiRoot: string | undefined;
      mode: 'polling';
    }
  | {
      enabled: true;
      token: string;
      apiRoot: string | undefined;
      mode: 'webhook';
      webhookSecret: string;
    };

export interface BotConfig {
  telegram: TelegramConfig;
  /** How old Telegram init data may be before it is no longer trusted. */
  initDataMaxAgeSeconds: number;
}

/** Webhook mode cannot start without its secret, nor without a bot. */
export function telegramProblems(env: Env): string[] {
  if (env.BOT_MODE !== 'webhook') return [];
  return [
    ...(isSet(env, 'WEBHOOK_SECRET') ? [] : ['WEBHOOK_SECRET: Required when BOT_MODE=webhook']),
    ...(isSet(env, 'BOT_TOKEN') ? [] : ['BOT_TOKEN: Required when BOT_MODE=webhook']),
  ];
}

export function telegramConfig(e: z.infer<typeof TelegramSettings>): BotConfig {
  const initDataMaxAgeSeconds = e.INIT_DATA_MAX_AGE_SECONDS ?? DEFAULT_INIT_DATA_MAX_AGE_SECONDS;
  if (e.BOT_TOKEN === undefined) return { telegram: { enabled: false }, initDataMaxAgeSeconds };
  const bot = { enabled: true, token: e.BOT_TOKEN, apiRoot: e.TELEGRAM_API_ROOT } as const;
  return {
    telegram:
      e.BOT_MODE === 'webhook' && e.WEBHOOK_SECRET !== undefined
        ? { ...bot, mode: 'webhook', webhookSecret: e.WEBHOOK_SECRET }
        : { ...bot, mode: 'polling' },
    initDataMaxAgeSeconds,
  };
}

// What the server hosts of the webapp and tells it at runtime (the page's config script).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Milliseconds, optional } from '@shop/shared/server';
import { z } from 'zod';

/** The repository root, three levels above this file (bot/src/config/webapp.ts). */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const WebappSettings = z.object({
  WEBAPP_DIST: optional(z.string()),
  // The key ends up in a script URL in the browser: the webapp accepts only these characters.
  YANDEX_MAPS_API_KEY: optional(
    z.string().regex(/^[A-Za-z0-9-]{8,100}$/, 'Must be 8-100 characters A-Z a-z 0-9 -'),
  ),
  // How often an open page looks for a newer build of the webapp (/version.json); sent to it.
  BUILD_POLL_INTERVAL_MS: optional(Milliseconds(1000, 86_400_000)),
  // Shared product links open the Mini App: t.me/<BOT_USERNAME>/<MINI_APP_NAME>?startapp=…
  BOT_USERNAME: optional(
    z
      .string()
      .transform((value) => value.replace(/^@/, ''))
      .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, 'Must be a bot @username')),
  ),
  MINI_APP_NAME: optional(
    z.string().regex(/^[A-Za-z0-9_]{3,30}$/, "Must be the Mini App's short name from @BotFather"),
  ),
});

export interface WebappConfig {
  webappDist: string;
  yandexMapsApiKey: string | undefined;
  /** How often an open page looks for a newer build; undefined: the webapp's own 10 minutes. */
  buildPollIntervalMs: number | undefined;
  /** Where a shared product link points inside Telegram; undefined: the web page's address. */
  telegramShare: { botUsername: string; miniAppName: string | undefined } | undefined;
}

export function webappConfig(e: z.infer<typeof WebappSettings>): WebappConfig {
  return {
    webappDist:
      e.WEBAPP_DIST !== undefined ? resolve(e.WEBAPP_DIST) : resolve(REPO_ROOT, 'webapp/dist'),
    yandexMapsApiKey: e.YANDEX_MAPS_API_KEY,
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
    telegramShare:
      e.BOT_USERNAME === undefined
        ? undefined
        : { botUsername: e.BOT_USERNAME, miniAppName: e.MINI_APP_NAME },
  };
}

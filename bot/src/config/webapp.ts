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
});

export interface WebappConfig {
  webappDist: string;
  yandexMapsApiKey: string | undefined;
  /** How often an open page looks for a newer build; undefined: the webapp's own 10 minutes. */
  buildPollIntervalMs: number | undefined;
}

export function webappConfig(e: z.infer<typeof WebappSettings>): WebappConfig {
  return {
    webappDist:
      e.WEBAPP_DIST !== undefined ? resolve(e.WEBAPP_DIST) : resolve(REPO_ROOT, 'webapp/dist'),
    yandexMapsApiKey: e.YANDEX_MAPS_API_KEY,
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
  };
}

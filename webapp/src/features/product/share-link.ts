import { buildPath, type Language } from '@shop/shared';

/** Telegram's limit on a start parameter (startapp / start). */
const START_PARAM_MAX = 64;

export interface ShareTarget {
  telegramBotUsername: string | null;
  telegramMiniAppName: string | null;
}

/**
 * The address a shared product goes out with. Inside Telegram it opens the product in the Mini
 * App (t.me/<bot>/<app>?startapp=product_<slug>), or the bot's chat, whose Start opens it, when
 * no Mini App short name is set; without a bot username, or for a slug too long to be a start
 * parameter, it is the web page, which works everywhere.
 */
export function productShareLink(
  slug: string,
  language: Language,
  origin: string,
  target: ShareTarget,
  inTelegram: boolean,
): string {
  const web = `${origin}${buildPath(language, 'product', { slug })}`;
  const bot = target.telegramBotUsername;
  const payload = `product_${slug}`;
  if (!inTelegram || bot === null || payload.length > START_PARAM_MAX) return web;
  const app = target.telegramMiniAppName;
  return app === null
    ? `https://t.me/${bot}?start=${payload}`
    : `https://t.me/${bot}/${app}?startapp=${payload}`;
}

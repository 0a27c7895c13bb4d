// The buttons that open the shop from a chat: a Mini App over https, a plain link otherwise.
import type { Language } from '@shop/shared';
import { InlineKeyboard } from 'grammy';
import { TEXTS } from './texts';

/** Same alphabet as Telegram's `startapp`; shorter, as our payloads name a product or an order. */
export const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;

export function shopUrl(publicUrl: string, language: Language, startParam?: string): string {
  const url = new URL(`${publicUrl}/${language}`);
  // The Mini App SDK reads the start parameter from tgWebAppStartParam, as Telegram's own
  // t.me/<bot>?startapp= links deliver it.
  if (startParam !== undefined) url.searchParams.set('tgWebAppStartParam', startParam);
  return url.toString();
}

/** Adds a button that opens `url` as the Mini App (https), else as a plain link. */
export function addOpenButton(keyboard: InlineKeyboard, text: string, url: string): InlineKeyboard {
  return url.startsWith('https://') ? keyboard.webApp(text, url) : keyboard.url(text, url);
}

/**
 * Telegram opens web_app buttons only over https; for a local http address a plain link still
 * lets a developer open the shop from the chat.
 */
export function shopButton(
  publicUrl: string,
  language: Language,
  startParam?: string,
): InlineKeyboard {
  return addOpenButton(
    new InlineKeyboard(),
    TEXTS[language].openShop,
    shopUrl(publicUrl, language, startParam),
  );
}

// The chat menu buttons the bot set, as the Bot API stand-in recorded them, and the button the
// shop sets in each language: the Mini App at the public URL in that language.
import type { Language } from '@shop/shared';
import { TEXTS } from '../telegram/texts';
import { TEST_PUBLIC_URL, type FakeBotApi } from './fake-bot-api';

/** Every menu button set for `chatId`, oldest first. */
export function menusOf(api: FakeBotApi, chatId: number): unknown[] {
  return api
    .callsOf('setChatMenuButton')
    .filter((call) => call.payload.chat_id === chatId)
    .map((call) => call.payload.menu_button);
}

/** The menu button that opens the shop in `lang`. */
export const menuIn = (lang: Language) => ({
  type: 'web_app',
  text: TEXTS[lang].menuButton,
  web_app: { url: `${TEST_PUBLIC_URL}/${lang}` },
});

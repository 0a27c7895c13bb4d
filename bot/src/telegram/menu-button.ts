// The menu button next to the message field opens the shop: by default in the shop's default
// language, and in a chat's own language once the bot knows it.
import { DEFAULT_LANGUAGE, type Language } from '@shop/shared';
import type { Bot, Context } from 'grammy';
import type { BotLogger } from './bot-deps';
import { TEXTS } from './texts';

/** The chat's own menu button, in this user's language (the default one is set at start-up). */
export async function setChatMenu(
  ctx: Context,
  publicUrl: string,
  language: Language,
  logger: BotLogger,
): Promise<void> {
  if (!publicUrl.startsWith('https://') || !ctx.chat) return;
  await ctx.api
    .setChatMenuButton({
      chat_id: ctx.chat.id,
      menu_button: {
        type: 'web_app',
        text: TEXTS[language].menuButton,
        web_app: { url: `${publicUrl}/${language}` },
      },
    })
    .catch((error: unknown) => {
      logger.warn({ err: error }, 'Could not set the chat menu button');
    });
}

/** The default menu button of every chat opens the shop; the Mini App then picks the language. */
export async function setDefaultMenuButton(
  bot: Bot,
  publicUrl: string,
  logger: BotLogger,
): Promise<void> {
  if (!publicUrl.startsWith('https://')) {
    logger.info(
      'Chat menu button left unchanged: Telegram needs an https PUBLIC_URL for Mini Apps',
    );
    return;
  }
  try {
    await bot.api.setChatMenuButton({
      menu_button: {
        type: 'web_app',
        text: TEXTS[DEFAULT_LANGUAGE].menuButton,
        web_app: { url: `${publicUrl}/${DEFAULT_LANGUAGE}` },
      },
    });
  } catch (error) {
    logger.warn({ err: error }, 'Could not set the chat menu button');
  }
}

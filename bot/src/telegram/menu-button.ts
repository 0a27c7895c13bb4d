// The menu button next to the message field opens the shop: by default in the shop's default
// language, and in a chat's own language once the bot knows it.
import { DEFAULT_LANGUAGE, type Language } from '@shop/shared';
import type { Api, Bot, Context, Middleware } from 'grammy';
import type { BotChats, BotLogger } from './bot-deps';
import { chatLanguage } from './chat-language';
import { TEXTS } from './texts';

/** A chat's own menu button, in its language; a failure is only logged. */
export async function setChatMenuOf(
  api: Api,
  chatId: number,
  publicUrl: string,
  language: Language,
  logger: BotLogger,
): Promise<void> {
  if (!publicUrl.startsWith('https://')) return;
  await api
    .setChatMenuButton({
      chat_id: chatId,
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

/** Updates whose handler set the chat's menu button already. */
const menuSetBy = new WeakSet<Context>();

/** The chat's own menu button, in this user's language (the default one is set at start-up). */
export async function setChatMenu(
  ctx: Context,
  publicUrl: string,
  language: Language,
  logger: BotLogger,
): Promise<void> {
  if (!ctx.chat) return;
  menuSetBy.add(ctx);
  await setChatMenuOf(ctx.api, ctx.chat.id, publicUrl, language, logger);
}

/** Chats remembered at most, per process; past it the memory starts again. */
const REMEMBERED_CHATS = 50_000;

/**
 * Telegram has one default menu button for every language, so each chat gets its own in its
 * language as soon as an update shows that language (any message or button, not only /start),
 * and again when the language changes; after the update's own handler, which may have set it.
 */
export function menuFollowsChat(
  publicUrl: string,
  chats: BotChats | undefined,
  logger: BotLogger,
): Middleware {
  const shown = new Map<number, Language>();
  return async (ctx, next) => {
    await next();
    const chatId = ctx.chat?.id;
    if (chatId === undefined || !publicUrl.startsWith('https://')) return;
    if (!ctx.from?.language_code && !shown.has(chatId)) return;
    const language = await chatLanguage(ctx, chats, logger);
    if (!menuSetBy.has(ctx)) {
      if (shown.get(chatId) === language) return;
      await setChatMenuOf(ctx.api, chatId, publicUrl, language, logger);
    }
    if (shown.size >= REMEMBERED_CHATS) shown.clear();
    shown.set(chatId, language);
  };
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

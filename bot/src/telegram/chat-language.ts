// The language the bot answers a chat in.
import { DEFAULT_LANGUAGE, languageFromTag, type Language } from '@shop/shared';
import type { Context } from 'grammy';
import type { BotChats, BotLogger } from './bot-deps';

/** The Telegram app's language, when it is one of the shop's; else the default. */
function userLanguage(ctx: Context): Language {
  return languageFromTag(ctx.from?.language_code) ?? DEFAULT_LANGUAGE;
}

/** The chat's chosen (stored) language, else its user's Telegram language. */
export async function chatLanguage(
  ctx: Context,
  chats: BotChats | undefined,
  logger: BotLogger,
): Promise<Language> {
  if (chats && ctx.chat) {
    try {
      const chat = await chats.chat(ctx.chat.id);
      if (chat) return chat.language;
    } catch (error) {
      logger.warn({ err: error }, 'Could not read the chat language; using Telegram’s');
    }
  }
  return userLanguage(ctx);
}

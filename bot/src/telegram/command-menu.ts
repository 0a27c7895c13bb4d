// The command menu Telegram shows for the bot, in each of the shop's languages.
import { DEFAULT_LANGUAGE, LANGUAGES } from '@shop/shared';
import type { Bot } from 'grammy';
import type { BotLogger } from './bot-deps';
import { BOT_COMMANDS, TEXTS } from './texts';

/**
 * The command menu in each language (Telegram shows the one of the user's app language, and the
 * default one, in the shop's default language, to everyone else). A failure is only logged.
 */
export async function setBotCommands(bot: Bot, logger: BotLogger): Promise<void> {
  for (const language of [undefined, ...LANGUAGES]) {
    const texts = TEXTS[language ?? DEFAULT_LANGUAGE];
    try {
      await bot.api.setMyCommands(
        BOT_COMMANDS.map((command) => ({ command, description: texts.commands[command] })),
        language ? { language_code: language } : {},
      );
    } catch (error) {
      logger.warn(
        { err: error, language: language ?? 'default' },
        'Could not set the bot commands',
      );
    }
  }
}

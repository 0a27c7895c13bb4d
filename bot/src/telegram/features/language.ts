// /language: three buttons; the choice is stored for the chat and used from then on.
import { DEFAULT_LANGUAGE, LANGUAGES, languageFromTag } from '@shop/shared';
import { Composer, InlineKeyboard, type Context } from 'grammy';
import type { FeatureDeps } from '../bot-deps';
import { chatLanguage } from '../chat-language';
import { setChatMenu } from '../menu-button';
import { shopButton } from '../shop-button';
import { LANGUAGE_NAMES, TEXTS } from '../texts';

const LANGUAGE_CALLBACK = /^lang:(uz|ru|en)$/;

export function languageFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('language', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
    const keyboard = new InlineKeyboard();
    for (const choice of LANGUAGES) keyboard.text(LANGUAGE_NAMES[choice], `lang:${choice}`);
    await ctx.reply(TEXTS[language].languagePrompt, { reply_markup: keyboard });
  });
  feature.callbackQuery(LANGUAGE_CALLBACK, async (ctx) => {
    const language = languageFromTag(ctx.match[1]) ?? DEFAULT_LANGUAGE;
    if (chats && ctx.chat) await chats.setChatLanguage(ctx.chat.id, language, new Date());
    await ctx.answerCallbackQuery();
    // The choice is made: the prompt's buttons go, so the chat does not keep offering it.
    await ctx.editMessageReplyMarkup().catch((error: unknown) => {
      logger.warn({ err: error }, 'Could not remove the language buttons');
    });
    await ctx.reply(TEXTS[language].languageSaved, {
      reply_markup: shopButton(publicUrl, language),
    });
    await setChatMenu(ctx, publicUrl, language, logger);
  });
  // A button of an older keyboard: stop its spinner, nothing else.
  feature.on('callback_query:data', async (ctx) => {
    await ctx.answerCallbackQuery();
  });
  return feature;
}

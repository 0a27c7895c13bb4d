// /help: the commands, and where order messages come from.
import { Composer, type Context } from 'grammy';
import type { FeatureDeps } from '../bot-deps';
import { chatLanguage } from '../chat-language';
import { shopButton } from '../shop-button';
import { TEXTS } from '../texts';

export function helpFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('help', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
    await ctx.reply(TEXTS[language].help, { reply_markup: shopButton(publicUrl, language) });
  });
  return feature;
}

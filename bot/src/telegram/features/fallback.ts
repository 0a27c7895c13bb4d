// Anything else gets the way into the shop; registered last.
import { Composer, type Context } from 'grammy';
import type { FeatureDeps } from '../bot-deps';
import { chatLanguage } from '../chat-language';
import { shopButton } from '../shop-button';
import { TEXTS } from '../texts';

export function fallbackFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.on('message', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
    await ctx.reply(TEXTS[language].fallback, { reply_markup: shopButton(publicUrl, language) });
  });
  return feature;
}

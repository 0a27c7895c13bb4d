// /start: the greeting with the shop button, which carries a deep-link payload (product_<slug>,
// order_<number>, category_<slug>) on to the Mini App; a link_<token> payload links the chat to
// the shop account that asked for the token, once.
import type { Language } from '@shop/shared';
import { Composer, type CommandContext, type Context } from 'grammy';
import { hashLinkToken, parseLinkPayload } from '../../notifier/link-tokens';
import type { FeatureDeps } from '../bot-deps';
import { chatLanguage } from '../chat-language';
import { setChatMenu } from '../menu-button';
import { START_PAYLOAD, shopButton } from '../shop-button';
import { TEXTS } from '../texts';

const LINK_REFUSALS = { used: 'linkUsed', expired: 'linkExpired', unknown: 'linkInvalid' } as const;

/** Redeems a link payload: what to say, and in which language (a linked chat's own). */
async function redeemLink(
  ctx: CommandContext<Context>,
  link: ReturnType<typeof parseLinkPayload>,
  language: Language,
  { logger, chats }: FeatureDeps,
): Promise<{ text: string; language: Language }> {
  if (link.kind !== 'token' || !chats) {
    return { text: TEXTS[language].linkInvalid, language };
  }
  const outcome = await chats.redeemLinkToken(
    { hash: hashLinkToken(link.token), chatId: ctx.chat.id, language },
    new Date(),
  );
  if (outcome.kind !== 'linked') {
    return { text: TEXTS[language][LINK_REFUSALS[outcome.kind]], language };
  }
  logger.info({ chatId: ctx.chat.id }, 'Chat linked to a shop account by a link token');
  return { text: TEXTS[outcome.language].linked, language: outcome.language };
}

export function startFeature(deps: FeatureDeps): Composer<Context> {
  const { publicUrl, logger, chats } = deps;
  const feature = new Composer<Context>();
  feature.command('start', async (ctx) => {
    let language = await chatLanguage(ctx, chats, logger);
    const payload = ctx.match.trim();
    const link = parseLinkPayload(payload);
    if (link.kind === 'none') {
      const startParam = START_PAYLOAD.test(payload) ? payload : undefined;
      await ctx.reply(TEXTS[language].greeting(ctx.from?.first_name), {
        reply_markup: shopButton(publicUrl, language, startParam),
      });
    } else {
      const answer = await redeemLink(ctx, link, language, deps);
      language = answer.language;
      await ctx.reply(answer.text, { reply_markup: shopButton(publicUrl, language) });
    }
    await setChatMenu(ctx, publicUrl, language, logger);
  });
  return feature;
}

// /start: the greeting with the shop button, which carries a deep-link payload (product_<slug>,
// order_<number>, category_<slug>) on to the Mini App; a product the catalogue has is shown
// itself, with a button that opens it; a link_<token> payload links the chat to the shop account
// that asked for the token, once.
import { formatMoney, type Language } from '@shop/shared';
import { Composer, InlineKeyboard, type CommandContext, type Context } from 'grammy';
import { hashLinkToken, parseLinkPayload } from '../../telegram-account/link-tokens';
import type { FeatureDeps } from '../bot-deps';
import { chatLanguage } from '../chat-language';
import { setChatMenu } from '../menu-button';
import { START_PAYLOAD, addOpenButton, shopButton, shopUrl } from '../shop-button';
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

const PRODUCT_PAYLOAD = /^product_([a-z0-9-]{1,56})$/;

/**
 * A product link answered with the product: its name, price and photo, and a button that opens
 * it in the Mini App. False when there is no such product or it cannot be read (then the
 * greeting goes instead); a photo Telegram refuses leaves the same in text.
 */
async function answerProduct(
  ctx: CommandContext<Context>,
  payload: string,
  language: Language,
  { publicUrl, logger, products }: FeatureDeps,
): Promise<boolean> {
  const slug = PRODUCT_PAYLOAD.exec(payload)?.[1];
  if (slug === undefined || !products) return false;
  const product = await products(slug, language).catch((error: unknown) => {
    logger.warn({ err: error, slug }, 'Could not read the product of a /start link');
    return null;
  });
  if (!product) return false;
  const text = `${product.name}\n${formatMoney(product.price, language)}`;
  const keyboard = addOpenButton(
    new InlineKeyboard(),
    TEXTS[language].openProduct,
    shopUrl(publicUrl, language, payload),
  );
  if (product.photoUrl !== null) {
    try {
      await ctx.replyWithPhoto(product.photoUrl, { caption: text, reply_markup: keyboard });
      return true;
    } catch (error) {
      logger.warn({ err: error, slug }, 'Could not send the product photo; sending text');
    }
  }
  await ctx.reply(text, { reply_markup: keyboard });
  return true;
}

export function startFeature(deps: FeatureDeps): Composer<Context> {
  const { publicUrl, logger, chats } = deps;
  const feature = new Composer<Context>();
  feature.command('start', async (ctx) => {
    let language = await chatLanguage(ctx, chats, logger);
    const payload = ctx.match.trim();
    const link = parseLinkPayload(payload);
    if (link.kind === 'none') {
      if (!(await answerProduct(ctx, payload, language, deps))) {
        const startParam = START_PAYLOAD.test(payload) ? payload : undefined;
        await ctx.reply(TEXTS[language].greeting(ctx.from?.first_name), {
          reply_markup: shopButton(publicUrl, language, startParam),
        });
      }
    } else {
      const answer = await redeemLink(ctx, link, language, deps);
      language = answer.language;
      await ctx.reply(answer.text, { reply_markup: shopButton(publicUrl, language) });
    }
    await setChatMenu(ctx, publicUrl, language, logger);
  });
  return feature;
}

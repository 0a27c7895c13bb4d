// /orders: the latest orders of the accounts linked to this chat, each with its button.
import { formatMoney } from '@shop/shared';
import { Composer, InlineKeyboard, type Context } from 'grammy';
import type { FeatureDeps } from '../bot-deps';
import { chatLanguage } from '../chat-language';
import { ORDER_TEXTS } from '../order-texts';
import { START_PAYLOAD, addOpenButton, shopButton, shopUrl } from '../shop-button';
import { TEXTS } from '../texts';

/** How many orders /orders shows. */
const ORDERS_SHOWN = 5;

export function ordersFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('orders', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
    const t = TEXTS[language];
    const found = chats
      ? await chats.chatOrders(ctx.chat.id, ORDERS_SHOWN)
      : { linked: false, orders: [] };
    if (found.orders.length === 0) {
      await ctx.reply(found.linked ? t.ordersNone : t.ordersNotLinked, {
        reply_markup: shopButton(publicUrl, language),
      });
      return;
    }
    const statuses = ORDER_TEXTS[language].statuses;
    const keyboard = new InlineKeyboard();
    const lines = found.orders.map((order) => {
      const startParam = `order_${order.number}`;
      addOpenButton(
        keyboard,
        `№${order.number} · ${statuses[order.status]}`,
        START_PAYLOAD.test(startParam)
          ? shopUrl(publicUrl, language, startParam)
          : `${publicUrl}/${language}/account/orders/${encodeURIComponent(order.number)}`,
      ).row();
      return `№${order.number} — ${statuses[order.status]} — ${formatMoney(order.total, language)}`;
    });
    addOpenButton(keyboard, t.openShop, shopUrl(publicUrl, language));
    await ctx.reply([t.ordersHeader, '', ...lines].join('\n'), { reply_markup: keyboard });
  });
  return feature;
}

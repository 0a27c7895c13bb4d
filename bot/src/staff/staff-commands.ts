// /open and /order in the staff chat, for staff only: the open orders by status with a button
// each (a press posts that order's card), and one order's card posted again (edits go to it).
import { OPEN_ORDER_STATUSES, formatMoney } from '@shop/shared';
import { Composer, InlineKeyboard, type Context, type NextFunction } from 'grammy';
import { ORDER_TEXTS } from '../telegram/order-texts';
import { ORDER_NUMBER_PATTERN, encodeStaffAction } from './callback-data';
import type { StaffDeps } from './staff-deps';
import { staffText } from './staff-texts';

/** How many open orders /open lists (one button each; Telegram allows 100). */
export const OPEN_ORDERS_SHOWN = 50;

/** In the staff chat, only staff are answered; others' messages there are left unanswered. */
function fromStaff(deps: StaffDeps) {
  return async (ctx: Context, next: NextFunction): Promise<void> => {
    if (ctx.from && deps.userIds.includes(ctx.from.id)) await next();
  };
}

async function listOpenOrders(ctx: Context, deps: StaffDeps): Promise<void> {
  const { language } = deps;
  const open = await deps.store.openOrders(OPEN_ORDERS_SHOWN);
  if (open.length === 0) {
    await ctx.reply(staffText(language, 'openNone'));
    return;
  }
  const statuses = ORDER_TEXTS[language].statuses;
  const lines = [staffText(language, 'openHeader')];
  const keyboard = new InlineKeyboard();
  for (const status of OPEN_ORDER_STATUSES) {
    const here = open.filter((state) => state.status === status);
    if (here.length === 0) continue;
    lines.push('', `${statuses[status]}:`);
    for (const { order } of here) {
      lines.push(`№${order.number} — ${formatMoney(order.total, language)}`);
      keyboard
        .text(
          `№${order.number} · ${statuses[status]}`,
          encodeStaffAction({ kind: 'open', number: order.number }),
        )
        .row();
    }
  }
  await ctx.reply(lines.join('\n'), { reply_markup: keyboard });
}

async function repostOrder(ctx: Context, deps: StaffDeps, argument: string): Promise<void> {
  const number = argument.trim().replace(/^№/, '');
  if (!ORDER_NUMBER_PATTERN.test(number)) {
    await ctx.reply(staffText(deps.language, 'orderUsage'));
    return;
  }
  const now = deps.now?.() ?? new Date();
  if (!(await deps.store.queueStaffRepost(number, deps.chatId, now))) {
    await ctx.reply(staffText(deps.language, 'orderUnknown', { number }));
    return;
  }
  deps.notifier.wake();
}

export function staffCommands(deps: StaffDeps): Composer<Context> {
  const feature = new Composer<Context>();
  const staffOnly = feature.filter((ctx) => ctx.chat?.id === deps.chatId, fromStaff(deps));
  staffOnly.command('open', (ctx) => listOpenOrders(ctx, deps));
  staffOnly.command('order', (ctx) => repostOrder(ctx, deps, ctx.match));
  return feature;
}

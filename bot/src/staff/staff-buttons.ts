// Presses on the staff cards' buttons. Only STAFF_USER_IDS may act, and only in STAFF_CHAT_ID; a
// move goes through the backend's status call from the status the card showed, so two presses at
// once move the order once and the second is told who was first. The card itself is edited by the move's event,
// through the send queue, like every other change.
import { orderEventId, type OrderEvent } from '@shop/shared';
import { Composer, GrammyError, type CallbackQueryContext, type Context } from 'grammy';
import type { User } from 'grammy/types';
import { ORDER_TEXTS } from '../telegram/order-texts';
import { decodeStaffAction, type StaffAction } from './callback-data';
import { markup } from './card-delivery';
import { cancelQuestionKeyboard, staffCardKeyboard } from './staff-card';
import type { StaffDeps } from './staff-deps';
import { staffText, type StaffTextKey } from './staff-texts';

/** Data our buttons carry starts so; the rest belongs to other features. */
const STAFF_CALLBACK = /^[mcbo]:/;
/** Telegram shows at most 200 characters of a callback answer. */
const ANSWER_MAX = 200;
const MOVED_BY_MAX = 120;

/** How a move is signed: the presser's name and @username (or id), as staff know them. */
export function actorName(user: User): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  const handle = user.username ? `@${user.username}` : `id ${user.id}`;
  return `${name || 'Telegram'} (${handle})`.slice(0, MOVED_BY_MAX);
}

type Ctx = CallbackQueryContext<Context>;

async function answer(ctx: Ctx, text: string): Promise<void> {
  await ctx.answerCallbackQuery({ text: text.slice(0, ANSWER_MAX) });
}

/** The card's buttons changed under us, or already say this: either way nothing to do. */
async function setButtons(ctx: Ctx, keyboard: Parameters<typeof markup>[0]): Promise<void> {
  try {
    await ctx.editMessageReplyMarkup({ reply_markup: markup(keyboard) });
  } catch (error) {
    if (!(error instanceof GrammyError && error.error_code === 400)) throw error;
  }
}

async function move(ctx: Ctx, deps: StaffDeps, action: Extract<StaffAction, { kind: 'move' }>) {
  const t = (key: StaffTextKey, values?: Record<string, string>) =>
    staffText(deps.language, key, values);
  const statuses = ORDER_TEXTS[deps.language].statuses;
  if (!deps.operator) return answer(ctx, t('noButtons'));
  const outcome = await deps.operator.moveOrder({
    number: action.number,
    to: action.to,
    expectedFrom: action.from,
    actor: actorName(ctx.from),
  });
  switch (outcome.kind) {
    case 'moved': {
      // The backend tells the notifier too (same event id, stored once): recording it here makes
      // the card and the shopper's message as quick with a backend that is only polled.
      const known = await deps.store.staffCardState(action.number);
      if (known) {
        const event: OrderEvent = {
          id: orderEventId(action.number, { type: 'status_changed', status: action.to }),
          type: 'status_changed',
          at: (deps.now?.() ?? new Date()).toISOString(),
          user_id: known.userId,
          order: outcome.order,
          status: action.to,
          by: actorName(ctx.from),
        };
        await deps.notifier.record([event]);
      }
      return answer(ctx, t('moved', { status: statuses[action.to] }));
    }
    case 'moved_meanwhile':
      return answer(
        ctx,
        t('movedAlready', { who: outcome.by ?? t('theShop'), status: statuses[outcome.status] }),
      );
    case 'refused':
      return answer(ctx, t('refused', { why: outcome.message }));
    case 'not_found':
      return answer(ctx, t('orderUnknown', { number: action.number }));
    case 'failed':
      deps.logger.warn({ reason: outcome.reason, order: action.number }, 'Staff move failed');
      return answer(ctx, t('failed'));
  }
}

async function handle(ctx: Ctx, deps: StaffDeps): Promise<void> {
  const t = (key: StaffTextKey, values?: Record<string, string>) =>
    staffText(deps.language, key, values);
  // A press counts only where staff see each other's moves; a card's buttons shown in any other
  // chat move nothing. An inline message's press names no chat and counts nowhere.
  if (ctx.chat?.id !== deps.chatId) return answer(ctx, t('notStaffChat'));
  const action = decodeStaffAction(ctx.callbackQuery.data);
  if (!action) return answer(ctx, t('badButton'));
  if (!deps.userIds.includes(ctx.from.id)) return answer(ctx, t('notAllowed'));
  switch (action.kind) {
    case 'move':
      return move(ctx, deps, action);
    case 'ask_cancel':
      await setButtons(ctx, cancelQuestionKeyboard(action.number, action.from, deps.language));
      return answer(ctx, t('cancelAsk', { number: action.number }));
    case 'back': {
      const state = await deps.store.staffCardState(action.number);
      if (!state) return answer(ctx, t('orderUnknown', { number: action.number }));
      await setButtons(ctx, staffCardKeyboard(state, deps.language));
      await ctx.answerCallbackQuery();
      return;
    }
    case 'open': {
      const now = deps.now?.() ?? new Date();
      if (!(await deps.store.queueStaffRepost(action.number, deps.chatId, now))) {
        return answer(ctx, t('orderUnknown', { number: action.number }));
      }
      deps.notifier.wake();
      return answer(ctx, t('cardComing'));
    }
  }
}

export function staffButtons(deps: StaffDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.callbackQuery(STAFF_CALLBACK, (ctx) => handle(ctx, deps));
  return feature;
}

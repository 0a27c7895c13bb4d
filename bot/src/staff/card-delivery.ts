// Sends one claimed staff send: posts the order's card (placed, or asked for again) or edits the
// newest card to the order's latest state. An edit whose card is gone (or too old to edit) posts
// a new card instead; "message is not modified" means the card already says this: done.
import type { Language } from '@shop/shared';
import { GrammyError, InlineKeyboard, type Api } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import type { ClaimedSend, NotifierStore, StaffCardState } from '../notifier/store';
import { staffCardKeyboard, staffCardText } from './staff-card';

export interface StaffCardOptions {
  language: Language;
  /** Whether cards carry the move buttons (the backend offers its status call). */
  buttons: boolean;
}

/** Telegram wants no empty rows; an empty keyboard removes the buttons. */
export function markup(keyboard: InlineKeyboard): InlineKeyboardMarkup {
  return { inline_keyboard: keyboard.inline_keyboard.filter((row) => row.length > 0) };
}

function isTelegramError(error: unknown, pattern: RegExp): boolean {
  return (
    error instanceof GrammyError && error.error_code === 400 && pattern.test(error.description)
  );
}

/** The card's text and buttons for an order's state. */
export function renderStaffCard(
  state: StaffCardState,
  options: StaffCardOptions,
): { text: string; replyMarkup: InlineKeyboardMarkup } {
  return {
    text: staffCardText(state, options.language),
    replyMarkup: markup(
      options.buttons ? staffCardKeyboard(state, options.language) : new InlineKeyboard(),
    ),
  };
}

/** Sends it and answers the message id of the card that now shows the order. */
export async function deliverStaffCard(
  deps: { api: Api; store: NotifierStore; now: () => Date },
  send: ClaimedSend,
  options: StaffCardOptions,
): Promise<number> {
  const { api, store } = deps;
  const number = send.event.order.number;
  // The latest known state, so a card never goes back to an older one.
  const state = (await store.staffCardState(number)) ?? {
    userId: send.event.user_id,
    order: send.event.order,
    status: send.event.order.status,
    lastMove: null,
  };
  const card = renderStaffCard(state, options);
  if (send.purpose === 'staff_edit') {
    const messageId = await store.staffCardMessage(number, send.chatId);
    if (messageId !== null) {
      try {
        await api.editMessageText(send.chatId, messageId, card.text, {
          parse_mode: 'HTML',
          reply_markup: card.replyMarkup,
          link_preview_options: { is_disabled: true },
        });
        return messageId;
      } catch (error) {
        if (isTelegramError(error, /message is not modified/i)) return messageId;
        if (!isTelegramError(error, /message to edit not found|message can't be edited/i)) {
          throw error;
        }
      }
    }
  }
  const sent = await api.sendMessage(send.chatId, card.text, {
    parse_mode: 'HTML',
    ...(card.replyMarkup.inline_keyboard.length > 0 ? { reply_markup: card.replyMarkup } : {}),
    link_preview_options: { is_disabled: true },
  });
  await store.saveStaffCard(number, send.chatId, sent.message_id, deps.now());
  return sent.message_id;
}

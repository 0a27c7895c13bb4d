import type { Update } from 'grammy/types';

/**
 * A private chat's text message to the bot, as Telegram delivers it (without its update_id): a
 * leading /command is marked as one, so grammY's command handlers see it.
 */
export function privateMessage(
  chatId: number,
  text: string,
  languageCode?: string,
): Omit<Update, 'update_id'> {
  const command = /^\/\S+/.exec(text)?.[0];
  return {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Aziz' },
      from: {
        id: chatId,
        is_bot: false,
        first_name: 'Aziz',
        ...(languageCode ? { language_code: languageCode } : {}),
      },
      text,
      ...(command
        ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] }
        : {}),
    },
  };
}

/** Someone in a group (or private) chat: who pressed or wrote, as Telegram describes them. */
export interface TestUser {
  id: number;
  first_name: string;
  username?: string;
}

/** A message in `chatId` (a group when negative) from `from`; a leading /command is marked. */
export function chatMessage(
  chatId: number,
  from: TestUser,
  text: string,
): Omit<Update, 'update_id'> {
  const command = /^\/\S+/.exec(text)?.[0];
  return {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat:
        chatId < 0
          ? { id: chatId, type: 'supergroup', title: 'Shop staff' }
          : { id: chatId, type: 'private', first_name: from.first_name },
      from: { ...from, is_bot: false },
      text,
      ...(command
        ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] }
        : {}),
    },
  };
}

/** A press on an inline button of the bot's message `messageId` in `chatId`. */
export function buttonPress(
  chatId: number,
  messageId: number,
  from: TestUser,
  data: string,
): Omit<Update, 'update_id'> {
  return {
    callback_query: {
      id: `press-${String(Math.random()).slice(2)}`,
      from: { ...from, is_bot: false },
      chat_instance: `instance-${chatId}`,
      data,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat:
          chatId < 0
            ? { id: chatId, type: 'supergroup', title: 'Shop staff' }
            : { id: chatId, type: 'private', first_name: from.first_name },
        text: 'card',
      },
    },
  };
}

/**
 * Telegram's service message in a private chat when the user let the bot write to them, from a
 * Mini App's requestWriteAccess (`fromRequest`) or a login.
 */
export function writeAccessAllowed(
  chatId: number,
  options: { fromRequest?: boolean } = {},
): Omit<Update, 'update_id'> {
  return {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Aziz' },
      from: { id: chatId, is_bot: false, first_name: 'Aziz' },
      write_access_allowed: options.fromRequest ? { from_request: true } : {},
    },
  };
}

/** What a shopper pays in Telegram's sheet: an invoice's payload, currency and total (tiyin). */
export interface TestInvoicePayment {
  payload: string;
  totalAmount: number;
  currency?: string;
}

/** Telegram asks the bot before it takes the money (answer within 10 s). */
export function preCheckoutQuery(
  userId: number,
  payment: TestInvoicePayment,
  languageCode?: string,
): Omit<Update, 'update_id'> {
  return {
    pre_checkout_query: {
      id: `pcq-${String(Math.random()).slice(2)}`,
      from: {
        id: userId,
        is_bot: false,
        first_name: 'Aziz',
        ...(languageCode ? { language_code: languageCode } : {}),
      },
      currency: payment.currency ?? 'UZS',
      total_amount: payment.totalAmount,
      invoice_payload: payment.payload,
    },
  };
}

/** The service message in the payer's private chat once Telegram has taken the money. */
export function successfulPayment(
  chatId: number,
  payment: TestInvoicePayment & { chargeId: string; providerChargeId?: string },
): Omit<Update, 'update_id'> {
  return {
    message: {
      message_id: 1,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: 'private', first_name: 'Aziz' },
      from: { id: chatId, is_bot: false, first_name: 'Aziz' },
      successful_payment: {
        currency: payment.currency ?? 'UZS',
        total_amount: payment.totalAmount,
        invoice_payload: payment.payload,
        telegram_payment_charge_id: payment.chargeId,
        provider_payment_charge_id: payment.providerChargeId ?? `prov-${payment.chargeId}`,
      },
    },
  };
}

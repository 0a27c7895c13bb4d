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

// Telegram's note that the user let the bot write to them (a Mini App's requestWriteAccess, a
// login): the chat takes order messages again. A service message, so nothing is answered.
import { Composer, type Context } from 'grammy';
import type { FeatureDeps } from '../bot-deps';

export function writeAccessFeature({ logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.on('message:write_access_allowed', async (ctx) => {
    if (!chats) return;
    try {
      await chats.setChatReachable(ctx.chat.id, true, new Date());
    } catch (err) {
      // Telegram would resend the update on an error; the next send's answer tells the same.
      logger.warn({ err, chat_id: ctx.chat.id }, 'Could not mark the chat reachable');
    }
  });
  return feature;
}

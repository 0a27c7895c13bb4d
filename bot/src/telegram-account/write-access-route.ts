// `POST /tg/write-access`: what the shopper answered when the Mini App asked to let the bot write
// to them (requestWriteAccess). The chat is the one of the init data, checked with the bot token:
// a refusal makes it unreachable (no order messages, as after Telegram's 403), a yes reachable
// again. Only a chat the shop already knows changes. A false "yes" costs nothing: Telegram's
// 403 on the next message marks the chat unreachable again.
import {
  TELEGRAM_LINK_PATHS,
  TelegramWriteAccessRequestSchema,
  fieldErrors,
  type TelegramWriteAccessAnswer,
} from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import type { FastifyInstance } from 'fastify';
import { botOff, checkedInitData, type LinkBot } from './link-route';
import type { NotifierStore } from '../notifier/store';

export function registerWriteAccess(
  app: FastifyInstance,
  options: {
    store: NotifierStore;
    bot: Pick<LinkBot, 'token' | 'maxAgeSeconds'> | null;
    now?: () => Date;
  },
): void {
  const now = options.now ?? (() => new Date());
  const { store, bot } = options;
  app.post(TELEGRAM_LINK_PATHS.writeAccess, async (request): Promise<TelegramWriteAccessAnswer> => {
    const body = TelegramWriteAccessRequestSchema.safeParse(request.body);
    if (!body.success) {
      throw new ShopError('validation_error', 'Some fields are not valid', {
        details: fieldErrors(body.error),
      });
    }
    if (!bot) throw botOff();
    const { user } = checkedInitData(body.data.init_data, bot);
    await store.setChatReachable(user.id, body.data.allowed, now());
    return { reachable: body.data.allowed };
  });
}

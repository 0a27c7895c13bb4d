// The bot, as main.ts puts it together: prepared once the server exists (its webhook route goes
// on it), with the notifier's store for its chats and handled updates, the catalogue for product
// cards, and the staff chat when there is one. It meets Telegram only when started.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { NotifierStore } from '../notifier/store';
import type { StaffDeps } from '../staff/staff-deps';
import {
  paymentHandlerDeps,
  type TelegramPayments,
} from '../telegram-payments/wire-telegram-payments';
import { prepareTelegram, type Telegram } from './prepare-telegram';
import { productCardsFrom } from './product-cards';

export function prepareBotFor(
  config: Config,
  app: FastifyInstance,
  store: NotifierStore,
  staff: StaffDeps | undefined,
  /** Telegram's payment sheet (telegramPaymentsFor); null or absent: off. */
  payments?: TelegramPayments | null,
): Telegram {
  return prepareTelegram({
    config: config.telegram,
    publicUrl: config.publicUrl,
    logger: app.log.child({ module: 'bot' }),
    app,
    seenUpdates: store,
    chats: store,
    products: productCardsFrom(app, config.publicUrl),
    staff,
    ...(payments ? { payments: paymentHandlerDeps(payments) } : {}),
  });
}

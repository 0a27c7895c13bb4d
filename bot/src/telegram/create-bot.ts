// The bot: one composer per feature, in private chats only, the catch-all last.
import { autoRetry } from '@grammyjs/auto-retry';
import { Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotChats, BotLogger, FeatureDeps, SeenUpdates } from './bot-deps';
import { fallbackFeature } from './features/fallback';
import { helpFeature } from './features/help';
import { languageFeature } from './features/language';
import { menuFollowsChat } from './menu-button';
import { ordersFeature } from './features/orders';
import { startFeature } from './features/start';
import { writeAccessFeature } from './features/write-access';
import { staffButtons } from '../staff/staff-buttons';
import { staffCommands } from '../staff/staff-commands';
import type { StaffDeps } from '../staff/staff-deps';
import type { ProductCards } from './product-cards';
import { paymentFeature, type PaymentHandlerDeps } from '../telegram-payments/payment-handlers';
import { dropRepeats } from './update-dedupe';

export interface BotDeps {
  token: string;
  /** Another Bot API server (a local one, or the tests' fake); no trailing slash. */
  apiRoot?: string;
  /** Known bot identity: skips getMe, so tests need no network. */
  botInfo?: UserFromGetMe;
  /** Where the shop is served, e.g. https://shop.example.uz; the Mini App opens `${publicUrl}/${lang}`. */
  publicUrl: string;
  logger: BotLogger;
  /**
   * Where handled update ids are kept (the notifier's store), so a webhook retry or a restart
   * does not answer twice; without it, the last ids are remembered in this process only.
   */
  seenUpdates?: SeenUpdates;
  /**
   * The chats' links, orders and languages (the notifier's store): /start link_<token>, /orders
   * and /language use it, and a chat's chosen language wins over Telegram's. Without it the bot
   * links nothing and knows no orders.
   */
  chats?: BotChats;
  /** Staff in Telegram (STAFF_CHAT_ID): the card buttons and commands; without it, none. */
  staff?: StaffDeps;
  /** The catalogue, for `/start product_<slug>`: the product's name, price and photo. */
  products?: ProductCards;
  /** Telegram's payment sheet: pre-checkout answers and successful payments; without it, none. */
  payments?: PaymentHandlerDeps;
}

export function createBot(deps: BotDeps): Bot {
  const { publicUrl, logger } = deps;
  const bot = new Bot(deps.token, {
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
    ...(deps.apiRoot ? { client: { apiRoot: deps.apiRoot } } : {}),
  });
  // Honours Telegram's retry_after on 429 and retries its transient 5xx. Network failures are
  // rethrown: grammY's polling loop and init already retry those, and a reply that cannot be sent
  // should fail and be logged rather than wait forever.
  bot.api.config.use(
    autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30, rethrowHttpErrors: true }),
  );

  bot.use(dropRepeats(deps.seenUpdates, logger));
  // A pre-checkout query comes from no chat: before the private-chats filter.
  if (deps.payments) {
    bot
      .errorBoundary((error) => {
        logger.error(
          { err: error.error, update_id: error.ctx.update.update_id },
          'Payment update failed',
        );
      })
      .use(paymentFeature(deps.payments));
  }
  // Staff act in their group (or a private chat): before the private-chats-only features.
  if (deps.staff) {
    bot
      .errorBoundary((error) => {
        logger.error(
          { err: error.error, update_id: error.ctx.update.update_id },
          'Staff update failed',
        );
      })
      .use(staffButtons(deps.staff), staffCommands(deps.staff));
  }
  // web_app buttons work only in private chats, and the bot has nothing to say to groups.
  const privateChats = bot.chatType('private').errorBoundary((error) => {
    logger.error({ err: error.error, update_id: error.ctx.update.update_id }, 'Bot update failed');
  });
  const features: FeatureDeps = { publicUrl, logger, chats: deps.chats, products: deps.products };
  privateChats.use(menuFollowsChat(publicUrl, deps.chats, logger));
  privateChats.use(writeAccessFeature(features));
  privateChats.use(startFeature(features));
  privateChats.use(ordersFeature(features));
  privateChats.use(languageFeature(features));
  privateChats.use(helpFeature(features));
  privateChats.use(fallbackFeature(features));

  bot.catch((error) => {
    logger.error({ err: error.error, update_id: error.ctx.update.update_id }, 'Bot update failed');
  });
  return bot;
}

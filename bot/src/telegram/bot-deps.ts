// What the bot's features are given: where the shop is, a logger, and the chats' links, orders
// and languages (the notifier's store).
import type { FastifyBaseLogger } from 'fastify';
import type { NotifierStore } from '../notifier/store';
import type { ProductCards } from './product-cards';

export type BotLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The part of the notifier's store the bot reads and writes. */
export type BotChats = Pick<
  NotifierStore,
  'chat' | 'redeemLinkToken' | 'chatOrders' | 'setChatLanguage' | 'setChatReachable'
>;

export interface SeenUpdates {
  /** True the first time an update id is seen. */
  rememberUpdate(updateId: number, now: Date): Promise<boolean>;
}

export interface FeatureDeps {
  /** Where the shop is served, e.g. https://shop.example.uz. */
  publicUrl: string;
  logger: BotLogger;
  /** Without it the bot links nothing and knows no orders. */
  chats: BotChats | undefined;
  /** The catalogue's products, for `/start product_<slug>`; without it, the plain greeting. */
  products?: ProductCards | undefined;
}

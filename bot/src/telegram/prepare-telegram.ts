// How the bot meets Telegram in this process: off without a token, long polling by default, or a
// webhook on this server. Failures to reach Telegram are logged; the shop keeps serving.
import type { FastifyInstance } from 'fastify';
import { GrammyError, webhookCallback, type Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { TelegramConfig } from '../config';
import type { StaffDeps } from '../staff/staff-deps';
import type { BotChats, BotLogger, SeenUpdates } from './bot-deps';
import { setBotCommands } from './command-menu';
import { createBot } from './create-bot';
import { setDefaultMenuButton } from './menu-button';
import type { ProductCards } from './product-cards';
import type { PaymentHandlerDeps } from '../telegram-payments/payment-handlers';

export const WEBHOOK_PATH = '/tg/webhook';
/** Updates are small, but a forwarded message with a long quote can pass the relay's 64 KiB. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export interface Telegram {
  /** null when the bot is off. */
  readonly bot: Bot | null;
  /** The bot's @username without the @, once it has reached Telegram (getMe); null before or off. */
  username(): string | null;
  /** Begins polling, or tells Telegram where the webhook is. Call after the server listens. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface TelegramDeps {
  config: TelegramConfig;
  publicUrl: string;
  logger: BotLogger;
  /** The server the webhook route goes on (webhook mode); must not be listening yet. */
  app: FastifyInstance;
  botInfo?: UserFromGetMe;
  /** Handled update ids, stored (see BotDeps.seenUpdates). */
  seenUpdates?: SeenUpdates;
  /** Links, orders and languages of chats (see BotDeps.chats). */
  chats?: BotChats;
  /** Staff in Telegram (see BotDeps.staff). */
  staff?: StaffDeps;
  /** The catalogue's products (see BotDeps.products). */
  products?: ProductCards;
  /** Telegram's payment sheet (see BotDeps.payments). */
  payments?: PaymentHandlerDeps;
}

/** POST /tg/webhook: Telegram's secret header is checked before an update reaches the bot. */
function registerWebhook(app: FastifyInstance, bot: Bot, secretToken: string): void {
  const handle = webhookCallback(bot, 'fastify', { secretToken });
  app.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    await handle(request, reply);
    return reply;
  });
}

/**
 * Fetches the bot's identity. The first failure is logged (a wrong TELEGRAM_API_ROOT or a network
 * problem should be visible); after that grammY keeps retrying quietly until `signal` aborts.
 * A refused token is not retried.
 */
async function connect(bot: Bot, abort: AbortSignal, logger: BotLogger): Promise<void> {
  if (bot.isInited()) return;
  // grammY types its signal with the abort-controller polyfill; at run time it is Node's own.
  const signal = abort as Parameters<Bot['init']>[0];
  try {
    bot.botInfo = await bot.api.getMe(signal);
  } catch (error) {
    if (abort.aborted) throw error;
    if (error instanceof GrammyError && error.error_code === 401) throw error;
    logger.warn({ err: error }, 'Telegram Bot API is not reachable; retrying in the background');
    await bot.init(signal);
  }
}

/** The bot's work with Telegram, in the background: the shop serves while Telegram is away. */
interface Background {
  /** Aborted on stop: ends a start-up still waiting for Telegram (grammY retries getMe). */
  readonly signal: AbortSignal;
  run(work: () => Promise<void>, failure: string): void;
  /** Resolves once the work has ended (after `signal` aborted, a failure is not logged). */
  settled(): Promise<void>;
}

function createBackground(logger: BotLogger): Background & { abort(): void } {
  const aborter = new AbortController();
  let running: Promise<void> = Promise.resolve();
  return {
    signal: aborter.signal,
    run(work, failure) {
      running = work().catch((error: unknown) => {
        if (!aborter.signal.aborted) logger.error({ err: error }, failure);
      });
    },
    settled: () => running,
    abort: () => {
      aborter.abort();
    },
  };
}

/** Webhook mode: tells Telegram where to post once the server listens. */
function webhookTelegram(
  bot: Bot,
  webhookSecret: string,
  deps: TelegramDeps,
): Pick<Telegram, 'start' | 'stop'> {
  const { publicUrl, logger } = deps;
  const background = createBackground(logger);
  registerWebhook(deps.app, bot, webhookSecret);
  return {
    start() {
      background.run(async () => {
        await connect(bot, background.signal, logger);
        await bot.api.setWebhook(`${publicUrl}${WEBHOOK_PATH}`, {
          secret_token: webhookSecret,
          drop_pending_updates: false,
        });
        logger.info({ username: bot.botInfo.username }, 'Telegram bot is on (webhook)');
        await setDefaultMenuButton(bot, publicUrl, logger);
        await setBotCommands(bot, logger);
      }, 'Telegram webhook could not be set; the shop keeps running without the bot');
      return Promise.resolve();
    },
    // The webhook stays registered, so Telegram queues updates while this process restarts.
    async stop() {
      background.abort();
      await background.settled();
    },
  };
}

/** Polling mode: asks Telegram for updates until stopped. */
function pollingTelegram(
  bot: Bot,
  { publicUrl, logger }: TelegramDeps,
): Pick<Telegram, 'start' | 'stop'> {
  const background = createBackground(logger);
  return {
    start() {
      background.run(async () => {
        await connect(bot, background.signal, logger);
        if (background.signal.aborted) return;
        await bot.start({
          drop_pending_updates: false,
          onStart: (me) => {
            logger.info({ username: me.username }, 'Telegram bot is on (polling)');
            void setDefaultMenuButton(bot, publicUrl, logger).then(() =>
              setBotCommands(bot, logger),
            );
          },
        });
      }, 'Telegram bot stopped; the shop keeps running without it');
      return Promise.resolve();
    },
    async stop() {
      background.abort();
      if (bot.isRunning()) {
        await bot.stop().catch((error: unknown) => {
          logger.warn({ err: error }, 'Telegram bot did not stop cleanly');
        });
      }
      await background.settled();
    },
  };
}

/** Wires the bot to the process: off without a token (said once, here), else polling or webhook. */
export function prepareTelegram(deps: TelegramDeps): Telegram {
  const { config, publicUrl, logger } = deps;
  if (!config.enabled) {
    logger.info('Telegram bot is off: BOT_TOKEN is not set');
    return {
      bot: null,
      username: () => null,
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
    };
  }

  const bot = createBot({
    token: config.token,
    apiRoot: config.apiRoot,
    botInfo: deps.botInfo,
    publicUrl,
    logger,
    ...(deps.seenUpdates ? { seenUpdates: deps.seenUpdates } : {}),
    ...(deps.chats ? { chats: deps.chats } : {}),
    ...(deps.staff ? { staff: deps.staff } : {}),
    ...(deps.products ? { products: deps.products } : {}),
    ...(deps.payments ? { payments: deps.payments } : {}),
  });
  const username = (): string | null => (bot.isInited() ? bot.botInfo.username : null);
  const mode =
    config.mode === 'webhook'
      ? webhookTelegram(bot, config.webhookSecret, deps)
      : pollingTelegram(bot, deps);
  return { bot, username, ...mode };
}

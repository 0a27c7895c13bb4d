import type { FastifyInstance } from 'fastify';
import { GrammyError, webhookCallback, type Bot } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { TelegramConfig } from '../config';
import {
  createBot,
  setBotCommands,
  setDefaultMenuButton,
  type BotChats,
  type BotLogger,
  type SeenUpdates,
} from './create-bot';

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
}

/** POST /tg/webhook: Telegram's secret header is checked before an update reaches the bot. */
export function registerWebhook(app: FastifyInstance, bot: Bot, secretToken: string): void {
  const handle = webhookCallback(bot, 'fastify', { secretToken });
  app.post(WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    await handle(request, reply);
    return reply;
  });
}

/**
 * Wires the bot to the process: off without a token (said once, here), long polling by default,
 * or a webhook on this server. Failures to reach Telegram are logged; the shop keeps serving.
 */
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
  });
  const username = (): string | null => (bot.isInited() ? bot.botInfo.username : null);

  // Stops a start-up that is still waiting for Telegram (grammY retries getMe without end).
  const aborter = new AbortController();
  let stopping = false;
  let running: Promise<void> = Promise.resolve();

  /** Runs in the background: the shop must serve even while Telegram is unreachable. */
  function background(work: () => Promise<void>, failure: string): void {
    running = work().catch((error: unknown) => {
      if (!stopping) logger.error({ err: error }, failure);
    });
  }

  if (config.mode === 'webhook') {
    registerWebhook(deps.app, bot, config.webhookSecret);
    return {
      bot,
      username,
      start() {
        background(async () => {
          await connect(bot, aborter.signal, logger);
          await bot.api.setWebhook(`${publicUrl}${WEBHOOK_PATH}`, {
            secret_token: config.webhookSecret,
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
        stopping = true;
        aborter.abort();
        await running;
      },
    };
  }

  return {
    bot,
    username,
    start() {
      background(async () => {
        await connect(bot, aborter.signal, logger);
        if (stopping) return;
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
      stopping = true;
      aborter.abort();
      if (bot.isRunning()) {
        await bot.stop().catch((error: unknown) => {
          logger.warn({ err: error }, 'Telegram bot did not stop cleanly');
        });
      }
      await running;
    },
  };
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

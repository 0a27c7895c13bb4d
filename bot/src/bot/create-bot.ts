import { autoRetry } from '@grammyjs/auto-retry';
import { DEFAULT_LANGUAGE, languageFromTag, type Language } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Bot, Composer, InlineKeyboard, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { TEXTS } from './texts';

export type BotLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

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
}

export interface SeenUpdates {
  /** True the first time an update id is seen. */
  rememberUpdate(updateId: number, now: Date): Promise<boolean>;
}

/** Same alphabet as Telegram's `startapp`; shorter, as our payloads name a product or an order. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
/** Telegram redelivers an update it thinks was lost; this many ids are remembered per process. */
const RECENT_UPDATES = 1000;

export function userLanguage(ctx: Context): Language {
  return languageFromTag(ctx.from?.language_code) ?? DEFAULT_LANGUAGE;
}

/**
 * Telegram opens web_app buttons only over https; for a local http address a plain link still
 * lets a developer open the shop from the chat.
 */
export function shopButton(
  publicUrl: string,
  language: Language,
  startParam?: string,
): InlineKeyboard {
  const url = new URL(`${publicUrl}/${language}`);
  // The Mini App SDK reads the start parameter from tgWebAppStartParam, as Telegram's own
  // t.me/<bot>?startapp= links deliver it.
  if (startParam !== undefined) url.searchParams.set('tgWebAppStartParam', startParam);
  const text = TEXTS[language].openShop;
  return url.protocol === 'https:'
    ? new InlineKeyboard().webApp(text, url.toString())
    : new InlineKeyboard().url(text, url.toString());
}

/** Drops updates already handled, as recorded in the store (shared by every instance). */
function dropStoredRepeats(
  seen: SeenUpdates,
  logger: BotLogger,
): (ctx: Context, next: () => Promise<void>) => Promise<void> {
  return async (ctx, next) => {
    let first = true;
    try {
      first = await seen.rememberUpdate(ctx.update.update_id, new Date());
    } catch (error) {
      // Better a rare second answer than none: the update is handled.
      logger.warn({ err: error }, 'Could not record the update id; handling it anyway');
    }
    if (first) await next();
  };
}

/** Drops updates seen recently, so a webhook retry does not answer the user twice. */
function dropRepeatedUpdates(
  capacity: number,
): (ctx: Context, next: () => Promise<void>) => Promise<void> {
  const seen = new Set<number>();
  return async (ctx, next) => {
    const id = ctx.update.update_id;
    if (seen.has(id)) return;
    seen.add(id);
    // A Set iterates in insertion order, so the first value is the oldest.
    if (seen.size > capacity) {
      const oldest = seen.values().next();
      if (oldest.done !== true) seen.delete(oldest.value);
    }
    await next();
  };
}

function startFeature(publicUrl: string, logger: BotLogger): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('start', async (ctx) => {
    const language = userLanguage(ctx);
    const payload = ctx.match.trim();
    const startParam = START_PAYLOAD.test(payload) ? payload : undefined;
    await ctx.reply(TEXTS[language].greeting(ctx.from?.first_name), {
      reply_markup: shopButton(publicUrl, language, startParam),
    });
    // The chat's own menu button, in this user's language (the default one is set at start-up).
    if (publicUrl.startsWith('https://')) {
      await ctx.api
        .setChatMenuButton({
          chat_id: ctx.chat.id,
          menu_button: {
            type: 'web_app',
            text: TEXTS[language].menuButton,
            web_app: { url: `${publicUrl}/${language}` },
          },
        })
        .catch((error: unknown) => {
          logger.warn({ err: error }, 'Could not set the chat menu button');
        });
    }
  });
  return feature;
}

function helpFeature(publicUrl: string): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('help', async (ctx) => {
    const language = userLanguage(ctx);
    await ctx.reply(TEXTS[language].help, { reply_markup: shopButton(publicUrl, language) });
  });
  return feature;
}

/** Anything else gets the way into the shop; registered last. */
function fallbackFeature(publicUrl: string): Composer<Context> {
  const feature = new Composer<Context>();
  feature.on('message', async (ctx) => {
    const language = userLanguage(ctx);
    await ctx.reply(TEXTS[language].fallback, { reply_markup: shopButton(publicUrl, language) });
  });
  return feature;
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

  bot.use(
    deps.seenUpdates
      ? dropStoredRepeats(deps.seenUpdates, logger)
      : dropRepeatedUpdates(RECENT_UPDATES),
  );
  // web_app buttons work only in private chats, and the bot has nothing to say to groups.
  const chats = bot.chatType('private').errorBoundary((error) => {
    logger.error({ err: error.error, update_id: error.ctx.update.update_id }, 'Bot update failed');
  });
  chats.use(startFeature(publicUrl, logger));
  chats.use(helpFeature(publicUrl));
  chats.use(fallbackFeature(publicUrl));

  bot.catch((error) => {
    logger.error({ err: error.error, update_id: error.ctx.update.update_id }, 'Bot update failed');
  });
  return bot;
}

/** The default menu button of every chat opens the shop; the Mini App then picks the language. */
export async function setDefaultMenuButton(
  bot: Bot,
  publicUrl: string,
  logger: BotLogger,
): Promise<void> {
  if (!publicUrl.startsWith('https://')) {
    logger.info(
      'Chat menu button left unchanged: Telegram needs an https PUBLIC_URL for Mini Apps',
    );
    return;
  }
  try {
    await bot.api.setChatMenuButton({
      menu_button: {
        type: 'web_app',
        text: TEXTS[DEFAULT_LANGUAGE].menuButton,
        web_app: { url: `${publicUrl}/${DEFAULT_LANGUAGE}` },
      },
    });
  } catch (error) {
    logger.warn({ err: error }, 'Could not set the chat menu button');
  }
}

import { autoRetry } from '@grammyjs/auto-retry';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  formatMoney,
  languageFromTag,
  type Language,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Bot, Composer, InlineKeyboard, type Context } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { hashLinkToken, parseLinkPayload } from '../notifier/link-tokens';
import type { NotifierStore } from '../notifier/store';
import { ORDER_TEXTS } from './order-texts';
import { BOT_COMMANDS, LANGUAGE_NAMES, TEXTS } from './texts';

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
  /**
   * The chats' links, orders and languages (the notifier's store): /start link_<token>, /orders
   * and /language use it, and a chat's chosen language wins over Telegram's. Without it the bot
   * links nothing and knows no orders.
   */
  chats?: BotChats;
}

export type BotChats = Pick<
  NotifierStore,
  'chat' | 'redeemLinkToken' | 'chatOrders' | 'setChatLanguage'
>;

export interface SeenUpdates {
  /** True the first time an update id is seen. */
  rememberUpdate(updateId: number, now: Date): Promise<boolean>;
}

/** Same alphabet as Telegram's `startapp`; shorter, as our payloads name a product or an order. */
const START_PAYLOAD = /^[A-Za-z0-9_-]{1,64}$/;
/** Telegram redelivers an update it thinks was lost; this many ids are remembered per process. */
const RECENT_UPDATES = 1000;
/** How many orders /orders shows. */
export const ORDERS_SHOWN = 5;
const LANGUAGE_CALLBACK = /^lang:(uz|ru|en)$/;

export function userLanguage(ctx: Context): Language {
  return languageFromTag(ctx.from?.language_code) ?? DEFAULT_LANGUAGE;
}

/** The chat's chosen (stored) language, else its user's Telegram language. */
async function chatLanguage(
  ctx: Context,
  chats: BotChats | undefined,
  logger: BotLogger,
): Promise<Language> {
  if (chats && ctx.chat) {
    try {
      const chat = await chats.chat(ctx.chat.id);
      if (chat) return chat.language;
    } catch (error) {
      logger.warn({ err: error }, 'Could not read the chat language; using Telegram’s');
    }
  }
  return userLanguage(ctx);
}

function shopUrl(publicUrl: string, language: Language, startParam?: string): string {
  const url = new URL(`${publicUrl}/${language}`);
  // The Mini App SDK reads the start parameter from tgWebAppStartParam, as Telegram's own
  // t.me/<bot>?startapp= links deliver it.
  if (startParam !== undefined) url.searchParams.set('tgWebAppStartParam', startParam);
  return url.toString();
}

/** Adds a button that opens `url` as the Mini App (https), else as a plain link. */
function addOpenButton(keyboard: InlineKeyboard, text: string, url: string): InlineKeyboard {
  return url.startsWith('https://') ? keyboard.webApp(text, url) : keyboard.url(text, url);
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
  return addOpenButton(
    new InlineKeyboard(),
    TEXTS[language].openShop,
    shopUrl(publicUrl, language, startParam),
  );
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

/** The chat's own menu button, in this user's language (the default one is set at start-up). */
async function setChatMenu(
  ctx: Context,
  publicUrl: string,
  language: Language,
  logger: BotLogger,
): Promise<void> {
  if (!publicUrl.startsWith('https://') || !ctx.chat) return;
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

interface FeatureDeps {
  publicUrl: string;
  logger: BotLogger;
  chats: BotChats | undefined;
}

const LINK_REFUSALS = { used: 'linkUsed', expired: 'linkExpired', unknown: 'linkInvalid' } as const;

/**
 * /start: the greeting with the shop button, which carries a deep-link payload (product_<slug>,
 * order_<number>, category_<slug>) on to the Mini App; a link_<token> payload links the chat to
 * the shop account that asked for the token, once.
 */
function startFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('start', async (ctx) => {
    let language = await chatLanguage(ctx, chats, logger);
    const payload = ctx.match.trim();
    const link = parseLinkPayload(payload);
    if (link.kind === 'none') {
      const startParam = START_PAYLOAD.test(payload) ? payload : undefined;
      await ctx.reply(TEXTS[language].greeting(ctx.from?.first_name), {
        reply_markup: shopButton(publicUrl, language, startParam),
      });
    } else {
      let text = TEXTS[language].linkInvalid;
      if (link.kind === 'token' && chats) {
        const outcome = await chats.redeemLinkToken(
          { hash: hashLinkToken(link.token), chatId: ctx.chat.id, language },
          new Date(),
        );
        if (outcome.kind === 'linked') {
          language = outcome.language;
          text = TEXTS[language].linked;
          logger.info({ chatId: ctx.chat.id }, 'Chat linked to a shop account by a link token');
        } else {
          text = TEXTS[language][LINK_REFUSALS[outcome.kind]];
        }
      }
      await ctx.reply(text, { reply_markup: shopButton(publicUrl, language) });
    }
    await setChatMenu(ctx, publicUrl, language, logger);
  });
  return feature;
}

/** /orders: the latest orders of the accounts linked to this chat, each with its button. */
function ordersFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('orders', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
    const t = TEXTS[language];
    const found = chats
      ? await chats.chatOrders(ctx.chat.id, ORDERS_SHOWN)
      : { linked: false, orders: [] };
    if (found.orders.length === 0) {
      await ctx.reply(found.linked ? t.ordersNone : t.ordersNotLinked, {
        reply_markup: shopButton(publicUrl, language),
      });
      return;
    }
    const statuses = ORDER_TEXTS[language].statuses;
    const keyboard = new InlineKeyboard();
    const lines = found.orders.map((order) => {
      const startParam = `order_${order.number}`;
      addOpenButton(
        keyboard,
        `№${order.number} · ${statuses[order.status]}`,
        START_PAYLOAD.test(startParam)
          ? shopUrl(publicUrl, language, startParam)
          : `${publicUrl}/${language}/account/orders/${encodeURIComponent(order.number)}`,
      ).row();
      return `№${order.number} — ${statuses[order.status]} — ${formatMoney(order.total, language)}`;
    });
    addOpenButton(keyboard, t.openShop, shopUrl(publicUrl, language));
    await ctx.reply([t.ordersHeader, '', ...lines].join('\n'), { reply_markup: keyboard });
  });
  return feature;
}

/** /language: three buttons; the choice is stored for the chat and used from then on. */
function languageFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('language', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
    const keyboard = new InlineKeyboard();
    for (const choice of LANGUAGES) keyboard.text(LANGUAGE_NAMES[choice], `lang:${choice}`);
    await ctx.reply(TEXTS[language].languagePrompt, { reply_markup: keyboard });
  });
  feature.callbackQuery(LANGUAGE_CALLBACK, async (ctx) => {
    const language = languageFromTag(ctx.match[1]) ?? DEFAULT_LANGUAGE;
    if (chats && ctx.chat) await chats.setChatLanguage(ctx.chat.id, language, new Date());
    await ctx.answerCallbackQuery();
    await ctx.reply(TEXTS[language].languageSaved, {
      reply_markup: shopButton(publicUrl, language),
    });
    await setChatMenu(ctx, publicUrl, language, logger);
  });
  // A button of an older keyboard: stop its spinner, nothing else.
  feature.on('callback_query:data', async (ctx) => {
    await ctx.answerCallbackQuery();
  });
  return feature;
}

function helpFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.command('help', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
    await ctx.reply(TEXTS[language].help, { reply_markup: shopButton(publicUrl, language) });
  });
  return feature;
}

/** Anything else gets the way into the shop; registered last. */
function fallbackFeature({ publicUrl, logger, chats }: FeatureDeps): Composer<Context> {
  const feature = new Composer<Context>();
  feature.on('message', async (ctx) => {
    const language = await chatLanguage(ctx, chats, logger);
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
  const privateChats = bot.chatType('private').errorBoundary((error) => {
    logger.error({ err: error.error, update_id: error.ctx.update.update_id }, 'Bot update failed');
  });
  const features: FeatureDeps = { publicUrl, logger, chats: deps.chats };
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

/**
 * The command menu in each language (Telegram shows the one of the user's app language, and the
 * default one, in the shop's default language, to everyone else). A failure is only logged.
 */
export async function setBotCommands(bot: Bot, logger: BotLogger): Promise<void> {
  for (const language of [undefined, ...LANGUAGES]) {
    const texts = TEXTS[language ?? DEFAULT_LANGUAGE];
    try {
      await bot.api.setMyCommands(
        BOT_COMMANDS.map((command) => ({ command, description: texts.commands[command] })),
        language ? { language_code: language } : {},
      );
    } catch (error) {
      logger.warn(
        { err: error, language: language ?? 'default' },
        'Could not set the bot commands',
      );
    }
  }
}

// The server's Telegram link calls (shared/src/contracts/telegram-link.ts), all with the shopper's
// bearer token, which the backend checks:
// - POST /tg/link: inside Telegram, links the account to the chat that opened the Mini App. The
//   raw init data must be signed with this bot's token and fresh, and init data that already
//   linked another account is a replay.
// - GET /tg/link: whether the bot is on, whether the account has a chat, and the bot's username.
// - POST /tg/link-token: outside Telegram, a one-time t.me/<bot>?start=link_<token> link that the
//   bot redeems on /start (link-tokens.ts).
// The routes exist even when the bot is off, so the webapp gets a clear answer.
import {
  CALLS,
  DEFAULT_LANGUAGE,
  LINK_TOKEN_TTL_SECONDS,
  TELEGRAM_LINK_PATHS,
  TelegramLinkRequestSchema,
  UserSchema,
  fieldErrors,
  languageFromTag,
  type TelegramLinkAnswer,
  type TelegramLinkStatus,
  type Language,
  type TelegramLinkTokenAnswer,
} from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pick } from 'zod/mini';
import { ShopError } from '@shop/shared/server';
import { isBearer } from '../relay/request-headers';
import { arrivalTime } from '../relay/upstream';
import type { UpstreamClient } from '../relay/upstream-client';
import { hashLinkToken, linkStartPayload, newLinkToken } from './link-tokens';
import { checkSignedData, initDataUser, type InitDataUser } from './signed-data';
import type { NotifierStore } from '../notifier/store';

const LINK_PATH = TELEGRAM_LINK_PATHS.link;
const LINK_TOKEN_PATH = TELEGRAM_LINK_PATHS.linkToken;

const UserIdSchema = pick(UserSchema, { id: true });

export interface LinkBot {
  token: string;
  /** Oldest init data trusted (INIT_DATA_MAX_AGE_SECONDS). */
  maxAgeSeconds: number;
  /** The bot's @username without the @, once the bot knows it (getMe); null before. */
  username: () => string | null;
  /** A chat was linked and its language is known (its menu button follows it); never throws. */
  onLinked?: (
    chat: { chatId: number; language: Language },
    log: FastifyBaseLogger,
  ) => Promise<void>;
}

export interface LinkRouteOptions {
  store: NotifierStore;
  client: UpstreamClient;
  /** null: the server runs without a bot (BOT_TOKEN unset). */
  bot: LinkBot | null;
  now?: () => Date;
}

export function botOff(): ShopError {
  return new ShopError('not_found', 'Telegram updates are off: this shop runs without a bot');
}

/** The bearer token's shape, checked before anything else is read. */
function bearer(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (!isBearer(authorization)) {
    throw new ShopError('unauthorized', 'Sign in to continue');
  }
  return authorization;
}

/** The shop account of the bearer token, as the backend says. */
async function shopUserId(
  client: UpstreamClient,
  request: FastifyRequest,
  reply: FastifyReply,
  authorization: string,
): Promise<number> {
  const who = await client.send(
    {
      id: 'authUser',
      call: CALLS.authUser,
      target: CALLS.authUser.path,
      headers: { authorization },
    },
    // Within the request's own deadline, counted from its arrival; the shopper leaving does
    // not cancel a link half made.
    client.deadlineFor(CALLS.authUser, new AbortController().signal, arrivalTime(reply)),
    request.log,
  );
  if (who.kind === 'error') {
    throw who.status === 401
      ? new ShopError('unauthorized', 'Sign in to continue')
      : new ShopError('upstream_unavailable', 'The shop could not check the sign-in');
  }
  return UserIdSchema.parse(who.data).id;
}

/** The hash and user of init data signed by this bot and fresh enough; else the refusal. */
export function checkedInitData(
  raw: string,
  bot: Pick<LinkBot, 'token' | 'maxAgeSeconds'>,
): { hash: string; user: InitDataUser } {
  let fields: URLSearchParams;
  try {
    // This server's real clock: a test moves `now` only for the store.
    fields = checkSignedData(raw, bot.token, { maxAgeSeconds: bot.maxAgeSeconds });
  } catch {
    throw new ShopError('unauthorized', 'Telegram init data is not valid or too old');
  }
  const hash = fields.get('hash');
  const user = initDataUser(fields);
  if (hash === null || user === null) {
    throw new ShopError('validation_error', 'The init data names no Telegram user');
  }
  return { hash, user };
}

/**
 * What follows a chat's link, on every route that links one: the chat's language (one chosen with
 * /language stays, else Telegram's), its menu in that language, and, for a user who never started
 * the bot nor allowed it, the chat marked unreachable, as Telegram refuses the bot's messages.
 */
export async function settleLinkedChat(
  deps: {
    store: NotifierStore;
    bot: Pick<LinkBot, 'onLinked'>;
    now: () => Date;
    log: FastifyBaseLogger;
  },
  user: InitDataUser,
  telegramLanguage: Language,
): Promise<Language> {
  const language = (await deps.store.chat(user.id))?.language ?? telegramLanguage;
  await deps.bot.onLinked?.({ chatId: user.id, language }, deps.log);
  if (!user.allowsWriteToPm) await deps.store.setChatReachable(user.id, false, deps.now());
  return language;
}

export function registerLink(app: FastifyInstance, options: LinkRouteOptions): void {
  const now = options.now ?? (() => new Date());
  const { store, client, bot } = options;

  app.post(LINK_PATH, async (request, reply): Promise<TelegramLinkAnswer> => {
    const authorization = bearer(request);
    const body = TelegramLinkRequestSchema.safeParse(request.body);
    if (!body.success) {
      throw new ShopError('validation_error', 'Some fields are not valid', {
        details: fieldErrors(body.error),
      });
    }
    if (!bot) throw botOff();
    const { hash, user } = checkedInitData(body.data.init_data, bot);
    const userId = await shopUserId(client, request, reply, authorization);
    // The chat's language: one chosen with /language stays; else it follows Telegram's app
    // language at every launch. The app's own language switch changes only what the app shows:
    // it is not sent here, as a shopper may read the shop in another language for a moment
    // without wanting the chat's messages in it; /language is the chat's own choice.
    const telegramLanguage = languageFromTag(user.languageCode) ?? DEFAULT_LANGUAGE;
    // A private chat's id is its user's id.
    const outcome = await store.linkByInitData(
      { hash, userId, chatId: user.id, language: telegramLanguage },
      now(),
    );
    if (outcome === 'replayed') {
      throw new ShopError('conflict', 'This Telegram sign-in was already used for another account');
    }
    const language = await settleLinkedChat(
      { store, bot, now, log: request.log },
      user,
      telegramLanguage,
    );
    return { linked: true, language };
  });

  app.get(LINK_PATH, async (request, reply): Promise<TelegramLinkStatus> => {
    const userId = await shopUserId(client, request, reply, bearer(request));
    return {
      enabled: bot !== null,
      linked: await store.isUserLinked(userId),
      bot_username: bot?.username() ?? null,
      unreachable: await store.hasOnlyUnreachableLinks(userId),
    };
  });

  app.post(LINK_TOKEN_PATH, async (request, reply): Promise<TelegramLinkTokenAnswer> => {
    const authorization = bearer(request);
    if (!bot) throw botOff();
    const username = bot.username();
    if (username === null) {
      throw new ShopError(
        'upstream_unavailable',
        'The bot has not reached Telegram yet; try again in a minute',
      );
    }
    const userId = await shopUserId(client, request, reply, authorization);
    const token = newLinkToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + LINK_TOKEN_TTL_SECONDS * 1000);
    await store.createLinkToken({ hash: hashLinkToken(token), userId, expiresAt }, at);
    const url = new URL(`https://t.me/${encodeURIComponent(username)}`);
    url.searchParams.set('start', linkStartPayload(token));
    return { url: url.toString(), expires_at: expiresAt.toISOString() };
  });
}

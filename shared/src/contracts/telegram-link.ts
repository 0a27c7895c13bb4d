// The server's own Telegram calls that the webapp makes (not relayed to a backend), all with the
// shopper's bearer token:
// - `POST /tg/link` `{ init_data }`: inside Telegram, links the signed-in account to the chat that
//   opened the Mini App (init data validated with the bot token and INIT_DATA_MAX_AGE_SECONDS).
// - `GET /tg/link`: whether the bot is on and whether this account has a linked chat.
// - `POST /tg/link-token`: outside Telegram, a one-time `t.me/<bot>?start=link_<token>` link;
//   the bot redeems the token when the shopper presses Start, linking that chat.
// - `POST /tg/phone-sign-in` `{ init_data, contact }` (no token): inside Telegram, signs in with
//   the phone the shopper shared (requestContact), checked with the bot token, and links the chat.
// - `POST /tg/write-access` `{ init_data, allowed }` (no token): whether the shopper let the bot
//   write to them when the app asked.
import * as z from 'zod/mini';
import { LanguageSchema } from '../languages';

export const TELEGRAM_LINK_PATHS = {
  link: '/tg/link',
  linkToken: '/tg/link-token',
  phoneSignIn: '/tg/phone-sign-in',
  writeAccess: '/tg/write-access',
} as const;

/** The `start` payload prefix of a link token; the token itself is 43 base64url characters. */
export const LINK_TOKEN_START_PREFIX = 'link_';
/** How long a one-time link token may wait for its Start press. */
export const LINK_TOKEN_TTL_SECONDS = 600;

export const TelegramLinkRequestSchema = z.strictObject({
  init_data: z.string().check(z.minLength(1), z.maxLength(4096)),
});
export type TelegramLinkRequest = z.infer<typeof TelegramLinkRequestSchema>;

export const TelegramLinkAnswerSchema = z.object({
  linked: z.literal(true),
  language: LanguageSchema,
});
export type TelegramLinkAnswer = z.infer<typeof TelegramLinkAnswerSchema>;

export const TelegramLinkStatusSchema = z.object({
  /** False when the server runs without a bot (BOT_TOKEN unset): nothing to link to. */
  enabled: z.boolean(),
  /** This account has at least one chat that receives its order messages. */
  linked: z.boolean(),
  /** The bot's @username without the @, when known. */
  bot_username: z.nullable(z.string()),
  /**
   * The account has chats, and the bot may write to none of them: write access was refused, or
   * Telegram answered 403. Order updates are off until the shopper allows them.
   */
  unreachable: z.optional(z.boolean()),
});
export type TelegramLinkStatus = z.infer<typeof TelegramLinkStatusSchema>;

export const TelegramLinkTokenAnswerSchema = z.object({
  /** https://t.me/<bot>?start=link_<token>: open it (openTelegramLink inside Telegram). */
  url: z.url(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type TelegramLinkTokenAnswer = z.infer<typeof TelegramLinkTokenAnswerSchema>;

// Chats and their links to shop accounts: `chats` (language, blocked), `chat_links`, the init data
// that made a link (`init_data_uses`), one-time link tokens (`link_tokens`, by their sha256) and
// the signed contacts spent on a sign-in (`spent_contacts`).
import type { Language } from '@shop/shared';
import type { SqlClient, SqlRunner } from '../sql';
import { asLanguage } from './stored-values';

/** Unused link tokens a user may hold at once; creating more drops the oldest. */
const LIVE_LINK_TOKENS = 5;

/** Redeeming a link token: linked (again, for the chat that used it), or why not. */
export type LinkTokenOutcome = LinkTokenLinked | { kind: 'used' | 'expired' | 'unknown' };
export interface LinkTokenLinked {
  kind: 'linked';
  userId: number;
  language: Language;
}

export interface ChatLinks {
  /**
   * Links a shop account to a private chat, with the chat's language (unless the chat chose one
   * with /language, which stays); re-linking unblocks it.
   */
  linkChat(link: { userId: number; chatId: number; language: Language }, now: Date): Promise<void>;
  /**
   * Links the chat that signed `hash` (validated init data) to `userId`, unless that init data
   * already linked another account: then nothing changes and the answer is 'replayed'.
   */
  linkByInitData(
    link: { hash: string; userId: number; chatId: number; language: Language },
    now: Date,
  ): Promise<'linked' | 'replayed'>;
  /**
   * Stores a one-time link token by its hash. A user keeps at most LIVE_LINK_TOKENS unused ones:
   * older unused tokens beyond that are dropped.
   */
  createLinkToken(
    token: { hash: string; userId: number; expiresAt: Date },
    now: Date,
  ): Promise<void>;
  /**
   * Redeems a link token for a chat, atomically: an unused, unexpired token is marked used and its
   * account linked to the chat (in the chat's stored language, else `language`). A token already
   * used by this same chat answers 'linked' again and changes nothing; any other used, expired or
   * unknown token changes nothing.
   */
  redeemLinkToken(
    redeem: { hash: string; chatId: number; language: Language },
    now: Date,
  ): Promise<LinkTokenOutcome>;
  /** Forgets link tokens that expired before `before`. */
  pruneLinkTokens(before: Date): Promise<number>;
  /**
   * Spends a signed contact (by its hash) on one sign-in, for every server on this database at
   * once: true the first time, false for a contact already spent. Kept until it expires.
   */
  spendContact(
    contact: { hash: string; telegramUserId: number; expiresAt: Date },
    now: Date,
  ): Promise<boolean>;
  /** Forgets spent contacts that expired before `before`. */
  pruneSpentContacts(before: Date): Promise<number>;
  /** Whether the account has a chat that receives its order messages (linked, not blocked). */
  isUserLinked(userId: number): Promise<boolean>;
  /**
   * The language the chat chose (/language): its order messages and the bot's replies use it,
   * and later links (Mini App launches) keep it.
   */
  setChatLanguage(chatId: number, language: Language, now: Date): Promise<void>;
  /** The chat's language and whether it blocked the bot; null for a chat never seen. */
  chat(chatId: number): Promise<{ language: Language; blocked: boolean } | null>;
  /**
   * Whether the bot may write to a known chat: the user refused or allowed it (write access), which
   * Telegram's 403 also says. An unreachable chat gets no order messages; a chat never seen stays
   * unknown.
   */
  setChatReachable(chatId: number, reachable: boolean, now: Date): Promise<void>;
  /** Whether the account has linked chats and none the bot may write to. */
  hasOnlyUnreachableLinks(userId: number): Promise<boolean>;
}

async function linkChatIn(
  tx: SqlRunner,
  { userId, chatId, language }: { userId: number; chatId: number; language: Language },
  now: Date,
): Promise<void> {
  // A language chosen with /language stays; one that only followed Telegram's follows it again.
  await tx.query(
    `insert into notifier.chats (chat_id, language, blocked_at, updated_at)
     values ($1, $2, null, $3::timestamptz)
     on conflict (chat_id) do update
       set language = case when notifier.chats.language_chosen_at is null
                           then excluded.language else notifier.chats.language end,
           blocked_at = null, updated_at = excluded.updated_at`,
    [chatId, language, now.toISOString()],
  );
  await tx.query(
    `insert into notifier.chat_links (user_id, chat_id, linked_at)
     values ($1, $2, $3::timestamptz)
     on conflict (user_id, chat_id) do nothing`,
    [userId, chatId, now.toISOString()],
  );
}

/** The language a chat has stored; null for a chat never seen. */
async function storedChatLanguage(tx: SqlRunner, chatId: number): Promise<Language | null> {
  const [chat] = await tx.query<{ language: string }>(
    'select language from notifier.chats where chat_id = $1',
    [chatId],
  );
  return chat ? asLanguage(chat.language) : null;
}

/** A token the redeem could not claim: unknown, expired, used by another chat, or by this one. */
async function unclaimedTokenOutcome(
  tx: SqlRunner,
  { hash, chatId, language }: { hash: string; chatId: number; language: Language },
): Promise<LinkTokenOutcome> {
  const [token] = await tx.query<{
    user_id: string;
    used: boolean;
    used_chat_id: string | null;
  }>(
    `select user_id::text as user_id, used_at is not null as used,
            used_chat_id::text as used_chat_id
     from notifier.link_tokens where token_hash = $1`,
    [hash],
  );
  if (!token) return { kind: 'unknown' };
  if (!token.used) return { kind: 'expired' };
  if (token.used_chat_id !== String(chatId)) return { kind: 'used' };
  return {
    kind: 'linked',
    userId: Number(token.user_id),
    language: (await storedChatLanguage(tx, chatId)) ?? language,
  };
}

/** Links the chat of validated init data, unless that init data linked another account. */
async function linkByInitDataIn(
  tx: SqlRunner,
  {
    hash,
    userId,
    chatId,
    language,
  }: { hash: string; userId: number; chatId: number; language: Language },
  now: Date,
): Promise<'linked' | 'replayed'> {
  await tx.query(
    `insert into notifier.init_data_uses (hash, user_id, chat_id, used_at)
     values ($1, $2, $3, $4::timestamptz) on conflict (hash) do nothing`,
    [hash, userId, chatId, now.toISOString()],
  );
  const [use] = await tx.query<{ user_id: string }>(
    'select user_id::text as user_id from notifier.init_data_uses where hash = $1',
    [hash],
  );
  if (use?.user_id !== String(userId)) return 'replayed';
  await linkChatIn(tx, { userId, chatId, language }, now);
  return 'linked';
}

/** Redeems a link token inside `tx` (see ChatLinks.redeemLinkToken). */
async function redeemLinkTokenIn(
  tx: SqlRunner,
  redeem: { hash: string; chatId: number; language: Language },
  now: Date,
): Promise<LinkTokenOutcome> {
  const { hash, chatId, language } = redeem;
  // The row lock of this update makes a concurrent redeem wait, then find it used.
  const [claimed] = await tx.query<{ user_id: string }>(
    `update notifier.link_tokens set used_at = $2::timestamptz, used_chat_id = $3
     where token_hash = $1 and used_at is null and expires_at > $2::timestamptz
     returning user_id::text as user_id`,
    [hash, now.toISOString(), chatId],
  );
  if (!claimed) return unclaimedTokenOutcome(tx, redeem);
  const chatLanguage = (await storedChatLanguage(tx, chatId)) ?? language;
  const userId = Number(claimed.user_id);
  await linkChatIn(tx, { userId, chatId, language: chatLanguage }, now);
  return { kind: 'linked', userId, language: chatLanguage };
}

export function createChatLinks(sql: SqlClient): ChatLinks {
  return {
    async linkChat(link, now) {
      await sql.transaction((tx) => linkChatIn(tx, link, now));
    },

    linkByInitData: (link, now) => sql.transaction((tx) => linkByInitDataIn(tx, link, now)),

    async createLinkToken({ hash, userId, expiresAt }, now) {
      await sql.transaction(async (tx) => {
        await tx.query(
          `insert into notifier.link_tokens (token_hash, user_id, created_at, expires_at)
           values ($1, $2, $3::timestamptz, $4::timestamptz)`,
          [hash, userId, now.toISOString(), expiresAt.toISOString()],
        );
        await tx.query(
          `delete from notifier.link_tokens where token_hash in (
             select token_hash from notifier.link_tokens
             where user_id = $1 and used_at is null
             order by created_at desc, token_hash
             offset $2
           )`,
          [userId, LIVE_LINK_TOKENS],
        );
      });
    },

    redeemLinkToken: (redeem, now) => sql.transaction((tx) => redeemLinkTokenIn(tx, redeem, now)),

    async pruneLinkTokens(before) {
      const rows = await sql.query(
        `delete from notifier.link_tokens where expires_at < $1::timestamptz returning token_hash`,
        [before.toISOString()],
      );
      return rows.length;
    },

    async spendContact({ hash, telegramUserId, expiresAt }, now) {
      const rows = await sql.query(
        `insert into notifier.spent_contacts (hash, telegram_user_id, spent_at, expires_at)
         values ($1, $2, $3::timestamptz, $4::timestamptz) on conflict (hash) do nothing
         returning hash`,
        [hash, telegramUserId, now.toISOString(), expiresAt.toISOString()],
      );
      return rows.length > 0;
    },

    async pruneSpentContacts(before) {
      const rows = await sql.query(
        `delete from notifier.spent_contacts where expires_at < $1::timestamptz returning hash`,
        [before.toISOString()],
      );
      return rows.length;
    },

    async isUserLinked(userId) {
      const rows = await sql.query(
        `select 1 from notifier.chat_links link
         join notifier.chats chat on chat.chat_id = link.chat_id
         where link.user_id = $1 and chat.blocked_at is null
         limit 1`,
        [userId],
      );
      return rows.length > 0;
    },

    async setChatLanguage(chatId, language, now) {
      await sql.query(
        `insert into notifier.chats (chat_id, language, blocked_at, updated_at, language_chosen_at)
         values ($1, $2, null, $3::timestamptz, $3::timestamptz)
         on conflict (chat_id) do update
           set language = excluded.language, updated_at = excluded.updated_at,
               language_chosen_at = excluded.language_chosen_at`,
        [chatId, language, now.toISOString()],
      );
    },

    async chat(chatId) {
      const rows = await sql.query<{ language: string; blocked_at: unknown }>(
        'select language, blocked_at from notifier.chats where chat_id = $1',
        [chatId],
      );
      const row = rows[0];
      return row ? { language: asLanguage(row.language), blocked: row.blocked_at !== null } : null;
    },

    async setChatReachable(chatId, reachable, now) {
      await sql.query(
        `update notifier.chats
         set blocked_at = case when $2 then null else coalesce(blocked_at, $3::timestamptz) end,
             updated_at = $3::timestamptz
         where chat_id = $1`,
        [chatId, reachable, now.toISOString()],
      );
    },

    async hasOnlyUnreachableLinks(userId) {
      const [row] = await sql.query<{ linked: string; blocked: string }>(
        `select count(*)::text as linked, count(chat.blocked_at)::text as blocked
         from notifier.chat_links link
         join notifier.chats chat on chat.chat_id = link.chat_id
         where link.user_id = $1`,
        [userId],
      );
      return row !== undefined && Number(row.linked) > 0 && row.linked === row.blocked;
    },
  };
}

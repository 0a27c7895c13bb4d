// Chats linked to shop accounts: `chat_links` (with the chat's row in `chats`), the init data that
// made a link (`init_data_uses`) and one-time link tokens (`link_tokens`, by their sha256).
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
  };
}

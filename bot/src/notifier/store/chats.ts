// Chats as the bot knows them (`chats`): the language each chose, whether the bot may write to it,
// and whether an account has a chat that receives its order messages.
import type { Language } from '@shop/shared';
import type { SqlClient } from '../sql';
import { asLanguage } from './stored-values';

export interface Chats {
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

export function createChats(sql: SqlClient): Chats {
  return {
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

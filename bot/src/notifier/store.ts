// The notifier's own state, in its own schema (`notifier`) so it never meets the backend's tables
// when both use one PostgreSQL database: chats and their links to shop accounts, order events
// (stored once by id), sends (one per event and chat, the unit the sender claims) and the Telegram
// update ids already handled. Nothing here lives only in a process's memory.
import {
  LANGUAGES,
  isFinalStatus,
  type Language,
  type OrderEvent,
  type OrderStatus,
} from '@shop/shared';
import { openSql, type OpenSqlOptions, type SqlClient, type SqlRunner } from './sql';

/** Each entry runs once, in order, in one transaction with its version recorded. */
export const MIGRATIONS: readonly string[] = [
  `
  create table notifier.chats (
    chat_id bigint primary key,
    language text not null,
    -- Set when Telegram answers 403 (the user blocked the bot): nothing more is sent there.
    blocked_at timestamptz,
    updated_at timestamptz not null
  );
  create table notifier.chat_links (
    user_id bigint not null,
    chat_id bigint not null references notifier.chats (chat_id),
    linked_at timestamptz not null,
    primary key (user_id, chat_id)
  );
  create table notifier.events (
    id text primary key,
    type text not null,
    user_id bigint not null,
    order_number text not null,
    payload jsonb not null,
    received_at timestamptz not null
  );
  create table notifier.sends (
    id bigserial primary key,
    event_id text not null references notifier.events (id),
    chat_id bigint not null references notifier.chats (chat_id),
    -- pending: to send (due at next_attempt_at, which a claim pushes forward by a lease),
    -- sent, blocked (the chat blocked the bot), failed (Telegram refused it for good).
    state text not null default 'pending',
    attempts integer not null default 0,
    next_attempt_at timestamptz not null,
    last_error text,
    telegram_message_id bigint,
    sent_at timestamptz,
    unique (event_id, chat_id)
  );
  create index sends_due on notifier.sends (next_attempt_at) where state = 'pending';
  create index sends_chat_pending on notifier.sends (chat_id, id) where state = 'pending';
  create table notifier.processed_updates (
    update_id bigint primary key,
    received_at timestamptz not null
  );
  `,
  // Which instance (host:pid) sent a message: for operators, and for the durability test to see
  // that both instances did.
  `alter table notifier.sends add column sent_by text`,
  // Init data that linked a chat, by its hash: the same data presented for another account is a
  // replay and is refused.
  `create table notifier.init_data_uses (
    hash text primary key,
    user_id bigint not null,
    chat_id bigint not null,
    used_at timestamptz not null
  )`,
  // One-time link tokens (POST /tg/link-token), kept only as their sha256: the bot's /start
  // redeems one once, before it expires. Handled update ids are pruned by age.
  `create table notifier.link_tokens (
    token_hash text primary key,
    user_id bigint not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    used_chat_id bigint
  );
  create index link_tokens_user on notifier.link_tokens (user_id, created_at);
  create index processed_updates_received on notifier.processed_updates (received_at)`,
  // Order polling (ORDER_POLL_INTERVAL_MS, order-poller.ts): one row per order the notifier has
  // an event of, until it is completed or cancelled. next_poll_at is also the claim's lease.
  // Orders already known are taken up at once (closed if an event shows them finished).
  `create table notifier.order_polls (
    order_number text primary key,
    user_id bigint not null,
    order_id bigint not null,
    closed_at timestamptz,
    next_poll_at timestamptz not null,
    attempts integer not null default 0,
    last_error text,
    last_polled_at timestamptz
  );
  create index order_polls_due on notifier.order_polls (next_poll_at) where closed_at is null;
  insert into notifier.order_polls (order_number, user_id, order_id, closed_at, next_poll_at)
  select order_number, min(user_id), min((payload -> 'order' ->> 'id')::bigint),
    case when bool_or(payload -> 'order' ->> 'status' in ('completed', 'cancelled')) then now() end,
    now()
  from notifier.events
  group by order_number`,
];

export type SendState = 'pending' | 'sent' | 'blocked' | 'failed';

/** Unused link tokens a user may hold at once; creating more drops the oldest. */
export const LIVE_LINK_TOKENS = 5;

/** Redeeming a link token: linked (again, for the chat that used it), or why not. */
export type LinkTokenOutcome = LinkTokenLinked | { kind: 'used' | 'expired' | 'unknown' };
export interface LinkTokenLinked {
  kind: 'linked';
  userId: number;
  language: Language;
}

export interface ChatOrder {
  number: string;
  status: OrderStatus;
  total: number;
  createdAt: string;
}

export interface ChatOrders {
  /** Whether any shop account is linked to the chat. */
  linked: boolean;
  orders: ChatOrder[];
}

export interface ClaimedSend {
  sendId: number;
  chatId: number;
  language: Language;
  /** How many claims this send has had, this one included. */
  attempts: number;
  event: OrderEvent;
}

export interface SendRow {
  sendId: number;
  eventId: string;
  chatId: number;
  state: SendState;
  attempts: number;
  telegramMessageId: number | null;
  sentBy: string | null;
}

export interface NotifierStore extends OrderPollStore {
  readonly kind: 'pglite' | 'postgres';
  /** Links a shop account to a private chat, with the chat's language; re-linking unblocks it. */
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
   * Stores each event once by id and, for a new one, a send for every unblocked chat linked to
   * its user. Returns the ids that were new.
   */
  recordEvents(events: readonly OrderEvent[], now: Date): Promise<string[]>;
  /**
   * Claims up to `limit` due sends, at most one per chat and only a chat's oldest unsent one (so
   * a chat reads its messages in order), by pushing their next attempt `leaseMs` ahead. Another
   * instance skips rows being claimed (FOR UPDATE SKIP LOCKED) and, once the lease is pushed,
   * sees them as not due; a claimer that dies leaves them due again when the lease runs out.
   */
  claimDueSends(options: { now: Date; leaseMs: number; limit: number }): Promise<ClaimedSend[]>;
  markSent(sendId: number, telegramMessageId: number, now: Date, sentBy: string): Promise<void>;
  scheduleRetry(sendId: number, at: Date, error: string): Promise<void>;
  markFailed(sendId: number, error: string): Promise<void>;
  /** The chat blocked the bot: no send to it is attempted again. */
  markChatBlocked(chatId: number, now: Date): Promise<void>;
  /** True the first time an update id is seen; false for a redelivery. */
  rememberUpdate(updateId: number, now: Date): Promise<boolean>;
  /** Forgets handled update ids received before `before` (Telegram redelivers for a day at most). */
  pruneProcessedUpdates(before: Date): Promise<number>;
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
  /** Whether the account has a chat that receives its order messages (linked, not blocked). */
  isUserLinked(userId: number): Promise<boolean>;
  /**
   * The latest orders (newest first, at most `limit`) of the accounts linked to a chat, each with
   * its latest known status, from the stored events.
   */
  chatOrders(chatId: number, limit: number): Promise<ChatOrders>;
  /** The language the chat chose (/language): its order messages and the bot's replies use it. */
  setChatLanguage(chatId: number, language: Language, now: Date): Promise<void>;
  /** Everything the tests and operators look at. */
  sends(): Promise<SendRow[]>;
  eventIds(): Promise<string[]>;
  chat(chatId: number): Promise<{ language: Language; blocked: boolean } | null>;
  /** One round trip to the database: resolves when it answers (the server's /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

function asLanguage(value: unknown): Language {
  return (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : 'uz';
}

async function migrate(sql: SqlClient): Promise<void> {
  await sql.transaction(async (tx) => {
    // Two instances starting together: the second waits here, then finds nothing left to do.
    if (sql.kind === 'postgres') {
      await tx.query(`select pg_advisory_xact_lock(hashtext('notifier.migrate'))`);
    }
    await tx.query('create schema if not exists notifier');
    await tx.query(
      'create table if not exists notifier.migrations (version integer primary key, applied_at timestamptz not null)',
    );
    const done = await tx.query<{ version: number }>('select version from notifier.migrations');
    const applied = new Set(done.map((row) => row.version));
    for (const [index, text] of MIGRATIONS.entries()) {
      const version = index + 1;
      if (applied.has(version)) continue;
      // Statements are split on ";": no comment or literal in MIGRATIONS may hold one.
      for (const statement of text.split(';').filter((s) => s.trim() !== '')) {
        await tx.query(statement);
      }
      await tx.query('insert into notifier.migrations (version, applied_at) values ($1, now())', [
        version,
      ]);
    }
  });
}

async function insertEvent(tx: SqlRunner, event: OrderEvent, now: Date): Promise<boolean> {
  const inserted = await tx.query(
    `insert into notifier.events (id, type, user_id, order_number, payload, received_at)
     values ($1, $2, $3, $4, $5::jsonb, $6::timestamptz)
     on conflict (id) do nothing
     returning id`,
    [
      event.id,
      event.type,
      event.user_id,
      event.order.number,
      JSON.stringify(event),
      now.toISOString(),
    ],
  );
  if (inserted.length === 0) return false;
  await trackOrderForPolling(tx, event, now);
  await tx.query(
    `insert into notifier.sends (event_id, chat_id, next_attempt_at)
     select $1, link.chat_id, $3::timestamptz
     from notifier.chat_links link
     join notifier.chats chat on chat.chat_id = link.chat_id
     where link.user_id = $2 and chat.blocked_at is null
     on conflict (event_id, chat_id) do nothing`,
    [event.id, event.user_id, now.toISOString()],
  );
  return true;
}

async function linkChatIn(
  tx: SqlRunner,
  { userId, chatId, language }: { userId: number; chatId: number; language: Language },
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into notifier.chats (chat_id, language, blocked_at, updated_at)
     values ($1, $2, null, $3::timestamptz)
     on conflict (chat_id) do update
       set language = excluded.language, blocked_at = null, updated_at = excluded.updated_at`,
    [chatId, language, now.toISOString()],
  );
  await tx.query(
    `insert into notifier.chat_links (user_id, chat_id, linked_at)
     values ($1, $2, $3::timestamptz)
     on conflict (user_id, chat_id) do nothing`,
    [userId, chatId, now.toISOString()],
  );
}

/**
 * Opens (and migrates) the store: PostgreSQL at `databaseUrl`, else the given `pglite` (left open
 * by close()), else a PGlite of its own in `pgliteDir`.
 */
export async function openNotifierStore(options: OpenSqlOptions): Promise<NotifierStore> {
  const sql = await openSql(options);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }

  return {
    kind: sql.kind,

    async ping() {
      await sql.query('select 1');
    },

    async linkChat(link, now) {
      await sql.transaction((tx) => linkChatIn(tx, link, now));
    },

    linkByInitData({ hash, userId, chatId, language }, now) {
      return sql.transaction(async (tx) => {
        await tx.query(
          `insert into notifier.init_data_uses (hash, user_id, chat_id, used_at)
           values ($1, $2, $3, $4::timestamptz) on conflict (hash) do nothing`,
          [hash, userId, chatId, now.toISOString()],
        );
        const [use] = await tx.query<{ user_id: string }>(
          'select user_id::text as user_id from notifier.init_data_uses where hash = $1',
          [hash],
        );
        if (use?.user_id !== String(userId)) return 'replayed' as const;
        await linkChatIn(tx, { userId, chatId, language }, now);
        return 'linked' as const;
      });
    },

    recordEvents(events, now) {
      return sql.transaction(async (tx) => {
        const fresh: string[] = [];
        for (const event of events) {
          if (await insertEvent(tx, event, now)) fresh.push(event.id);
        }
        return fresh;
      });
    },

    claimDueSends({ now, leaseMs, limit }) {
      return sql.transaction(async (tx) => {
        // `not exists` keeps each chat to its oldest pending send; SKIP LOCKED leaves rows another
        // instance is claiming right now to that instance.
        const rows = await tx.query<{
          id: string | number;
          chat_id: string;
          attempts: number;
          language: string;
          payload: unknown;
        }>(
          `select send.id, send.chat_id::text as chat_id, send.attempts, chat.language, event.payload
           from notifier.sends send
           join notifier.chats chat on chat.chat_id = send.chat_id
           join notifier.events event on event.id = send.event_id
           where send.state = 'pending'
             and send.next_attempt_at <= $1::timestamptz
             and not exists (
               select 1 from notifier.sends earlier
               where earlier.chat_id = send.chat_id and earlier.state = 'pending' and earlier.id < send.id
             )
           order by send.id
           limit $2
           for update of send skip locked`,
          [now.toISOString(), limit],
        );
        if (rows.length === 0) return [];
        const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
        const ids = rows.map((row) => Number(row.id));
        await tx.query(
          `update notifier.sends set attempts = attempts + 1, next_attempt_at = $1::timestamptz
           where id = any($2::bigint[])`,
          [leaseEnd, `{${ids.join(',')}}`],
        );
        return rows.map((row) => ({
          sendId: Number(row.id),
          chatId: Number(row.chat_id),
          language: asLanguage(row.language),
          attempts: row.attempts + 1,
          event: (typeof row.payload === 'string'
            ? JSON.parse(row.payload)
            : row.payload) as OrderEvent,
        }));
      });
    },

    async markSent(sendId, telegramMessageId, now, sentBy) {
      await sql.query(
        `update notifier.sends
         set state = 'sent', telegram_message_id = $2, sent_at = $3::timestamptz, last_error = null,
             sent_by = $4
         where id = $1`,
        [sendId, telegramMessageId, now.toISOString(), sentBy],
      );
    },

    async scheduleRetry(sendId, at, error) {
      await sql.query(
        `update notifier.sends set next_attempt_at = $2::timestamptz, last_error = $3
         where id = $1 and state = 'pending'`,
        [sendId, at.toISOString(), error.slice(0, 500)],
      );
    },

    async markFailed(sendId, error) {
      await sql.query(
        `update notifier.sends set state = 'failed', last_error = $2 where id = $1 and state = 'pending'`,
        [sendId, error.slice(0, 500)],
      );
    },

    async markChatBlocked(chatId, now) {
      await sql.transaction(async (tx) => {
        await tx.query(
          `update notifier.chats set blocked_at = $2::timestamptz, updated_at = $2::timestamptz
           where chat_id = $1`,
          [chatId, now.toISOString()],
        );
        await tx.query(
          `update notifier.sends set state = 'blocked' where chat_id = $1 and state = 'pending'`,
          [chatId],
        );
      });
    },

    async rememberUpdate(updateId, now) {
      const rows = await sql.query(
        `insert into notifier.processed_updates (update_id, received_at)
         values ($1, $2::timestamptz) on conflict (update_id) do nothing returning update_id`,
        [updateId, now.toISOString()],
      );
      return rows.length > 0;
    },

    async pruneProcessedUpdates(before) {
      const rows = await sql.query(
        `delete from notifier.processed_updates where received_at < $1::timestamptz
         returning update_id`,
        [before.toISOString()],
      );
      return rows.length;
    },

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

    redeemLinkToken({ hash, chatId, language }, now) {
      return sql.transaction(async (tx): Promise<LinkTokenOutcome> => {
        // The row lock of this update makes a concurrent redeem wait, then find it used.
        const [claimed] = await tx.query<{ user_id: string }>(
          `update notifier.link_tokens set used_at = $2::timestamptz, used_chat_id = $3
           where token_hash = $1 and used_at is null and expires_at > $2::timestamptz
           returning user_id::text as user_id`,
          [hash, now.toISOString(), chatId],
        );
        if (!claimed) {
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
          const chat = await tx.query<{ language: string }>(
            'select language from notifier.chats where chat_id = $1',
            [chatId],
          );
          return {
            kind: 'linked',
            userId: Number(token.user_id),
            language: asLanguage(chat[0]?.language ?? language),
          };
        }
        const [chat] = await tx.query<{ language: string }>(
          'select language from notifier.chats where chat_id = $1',
          [chatId],
        );
        const chatLanguage = chat ? asLanguage(chat.language) : language;
        const userId = Number(claimed.user_id);
        await linkChatIn(tx, { userId, chatId, language: chatLanguage }, now);
        return { kind: 'linked', userId, language: chatLanguage };
      });
    },

    async pruneLinkTokens(before) {
      const rows = await sql.query(
        `delete from notifier.link_tokens where expires_at < $1::timestamptz returning token_hash`,
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

    async chatOrders(chatId, limit) {
      const links = await sql.query<{ user_id: string }>(
        'select user_id::text as user_id from notifier.chat_links where chat_id = $1',
        [chatId],
      );
      if (links.length === 0) return { linked: false, orders: [] };
      // Each order's latest event: its status is the latest known.
      const rows = await sql.query<{ payload: unknown }>(
        `select distinct on (event.order_number) event.payload
         from notifier.events event
         join notifier.chat_links link on link.user_id = event.user_id
         where link.chat_id = $1
         order by event.order_number, (event.payload ->> 'at')::timestamptz desc,
                  event.received_at desc, event.id desc`,
        [chatId],
      );
      const orders = rows
        .map((row) => {
          const event = (
            typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
          ) as OrderEvent;
          return {
            number: event.order.number,
            status:
              event.type === 'status_changed'
                ? (event.status ?? event.order.status)
                : event.order.status,
            total: event.order.total,
            createdAt: event.order.created_at,
          };
        })
        .sort((a, b) =>
          a.createdAt === b.createdAt
            ? b.number.localeCompare(a.number)
            : Date.parse(b.createdAt) - Date.parse(a.createdAt),
        );
      return { linked: true, orders: orders.slice(0, limit) };
    },

    async setChatLanguage(chatId, language, now) {
      await sql.query(
        `insert into notifier.chats (chat_id, language, blocked_at, updated_at)
         values ($1, $2, null, $3::timestamptz)
         on conflict (chat_id) do update
           set language = excluded.language, updated_at = excluded.updated_at`,
        [chatId, language, now.toISOString()],
      );
    },

    async sends() {
      const rows = await sql.query<{
        id: string | number;
        event_id: string;
        chat_id: string;
        state: SendState;
        attempts: number;
        telegram_message_id: string | null;
        sent_by: string | null;
      }>(
        `select id, event_id, chat_id::text as chat_id, state, attempts,
                telegram_message_id::text as telegram_message_id, sent_by
         from notifier.sends order by id`,
      );
      return rows.map((row) => ({
        sendId: Number(row.id),
        eventId: row.event_id,
        chatId: Number(row.chat_id),
        state: row.state,
        attempts: row.attempts,
        telegramMessageId:
          row.telegram_message_id === null ? null : Number(row.telegram_message_id),
        sentBy: row.sent_by,
      }));
    },

    async eventIds() {
      const rows = await sql.query<{ id: string }>('select id from notifier.events order by id');
      return rows.map((row) => row.id);
    },

    async chat(chatId) {
      const rows = await sql.query<{ language: string; blocked_at: unknown }>(
        'select language, blocked_at from notifier.chats where chat_id = $1',
        [chatId],
      );
      const row = rows[0];
      return row ? { language: asLanguage(row.language), blocked: row.blocked_at !== null } : null;
    },

    ...orderPollMethods(sql),

    close: () => sql.close(),
  };
}

// ---- Order polling: which open orders the poller asks the backend about (order-poller.ts) ----

export interface OrderToPoll {
  orderNumber: string;
  /** The backend's order id and its customer (the shop account): the details call's path. */
  orderId: number;
  userId: number;
  /** Failed polls in a row before this claim. */
  attempts: number;
}

export type OrderPollOutcome =
  /** Asked, still open: next poll at `nextPollAt`. */
  | { kind: 'polled'; nextPollAt: Date }
  /** Finished (completed, cancelled) or gone from the backend: never polled again. */
  | { kind: 'closed'; reason: string | null }
  /** The backend failed: back off until `nextPollAt`. */
  | { kind: 'failed'; nextPollAt: Date; error: string }
  /** Not asked after all (the poller is stopping): due again at once. */
  | { kind: 'released' };

export interface OrderPollRow {
  orderNumber: string;
  userId: number;
  orderId: number;
  closed: boolean;
  nextPollAt: Date;
  attempts: number;
  lastError: string | null;
}

export interface OrderPollStore {
  /**
   * Claims up to `limit` open orders due for a poll by pushing their next poll `leaseMs` ahead,
   * in one statement: another instance skips rows being claimed (FOR UPDATE SKIP LOCKED) and then
   * sees them as not due, so two instances never poll one order at once; a claimer that dies
   * leaves them due again when the lease runs out.
   */
  claimOrdersToPoll(options: { now: Date; leaseMs: number; limit: number }): Promise<OrderToPoll[]>;
  finishOrderPoll(orderNumber: string, outcome: OrderPollOutcome, now: Date): Promise<void>;
  /** Every tracked order, for tests and operators. */
  orderPolls(): Promise<OrderPollRow[]>;
}

/** A stored event's order is polled from now on, until an event shows it finished. */
async function trackOrderForPolling(tx: SqlRunner, event: OrderEvent, now: Date): Promise<void> {
  // Once an order is over it changes no more, so it is not polled again.
  const finished =
    isFinalStatus(event.order.status) ||
    (event.status !== undefined && isFinalStatus(event.status));
  await tx.query(
    `insert into notifier.order_polls (order_number, user_id, order_id, closed_at, next_poll_at)
     values ($1, $2, $3, $4::timestamptz, $5::timestamptz)
     on conflict (order_number) do update
       set closed_at = coalesce(notifier.order_polls.closed_at, excluded.closed_at)`,
    [
      event.order.number,
      event.user_id,
      event.order.id,
      finished ? now.toISOString() : null,
      now.toISOString(),
    ],
  );
}

function orderPollMethods(sql: SqlClient): OrderPollStore {
  return {
    async claimOrdersToPoll({ now, leaseMs, limit }) {
      const rows = await sql.query<{
        order_number: string;
        user_id: string;
        order_id: string;
        attempts: number;
      }>(
        `update notifier.order_polls poll
         set next_poll_at = $2::timestamptz
         from (
           select order_number from notifier.order_polls
           where closed_at is null and next_poll_at <= $1::timestamptz
           order by next_poll_at, order_number
           limit $3
           for update skip locked
         ) due
         where poll.order_number = due.order_number
         returning poll.order_number, poll.user_id::text as user_id,
                   poll.order_id::text as order_id, poll.attempts`,
        [now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit],
      );
      return rows
        .map((row) => ({
          orderNumber: row.order_number,
          orderId: Number(row.order_id),
          userId: Number(row.user_id),
          attempts: row.attempts,
        }))
        .sort((a, b) =>
          a.orderNumber < b.orderNumber ? -1 : a.orderNumber > b.orderNumber ? 1 : 0,
        );
    },

    async finishOrderPoll(orderNumber, outcome, now) {
      const at = now.toISOString();
      switch (outcome.kind) {
        case 'polled':
          await sql.query(
            `update notifier.order_polls
             set next_poll_at = $2::timestamptz, attempts = 0, last_error = null,
                 last_polled_at = $3::timestamptz
             where order_number = $1`,
            [orderNumber, outcome.nextPollAt.toISOString(), at],
          );
          return;
        case 'closed':
          await sql.query(
            `update notifier.order_polls
             set closed_at = coalesce(closed_at, $2::timestamptz), last_polled_at = $2::timestamptz,
                 last_error = $3
             where order_number = $1`,
            [orderNumber, at, outcome.reason],
          );
          return;
        case 'failed':
          await sql.query(
            `update notifier.order_polls
             set next_poll_at = $2::timestamptz, attempts = attempts + 1, last_error = $3,
                 last_polled_at = $4::timestamptz
             where order_number = $1`,
            [orderNumber, outcome.nextPollAt.toISOString(), outcome.error.slice(0, 500), at],
          );
          return;
        case 'released':
          await sql.query(
            `update notifier.order_polls set next_poll_at = $2::timestamptz where order_number = $1`,
            [orderNumber, at],
          );
          return;
      }
    },

    async orderPolls() {
      const rows = await sql.query<{
        order_number: string;
        user_id: string;
        order_id: string;
        closed: boolean;
        next_poll_at: string | Date;
        attempts: number;
        last_error: string | null;
      }>(
        `select order_number, user_id::text as user_id, order_id::text as order_id,
                closed_at is not null as closed, next_poll_at, attempts, last_error
         from notifier.order_polls order by order_number`,
      );
      return rows.map((row) => ({
        orderNumber: row.order_number,
        userId: Number(row.user_id),
        orderId: Number(row.order_id),
        closed: row.closed,
        nextPollAt: new Date(row.next_poll_at),
        attempts: row.attempts,
        lastError: row.last_error,
      }));
    },
  };
}

// The notifier's tables, one migration at a time. A migration that has run on a live shop is
// never edited: later changes are new entries.
import type { SqlClient } from '../sql';

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
  // Staff cards (STAFF_CHAT_ID): a send's purpose says what it does — a shopper's message, or a
  // staff card posted, edited, or posted again on request (which may repeat, so it is left out of
  // the once-per-event rule). staff_cards keeps each order's newest card, the one edits go to.
  `alter table notifier.sends add column purpose text not null default 'shopper';
  alter table notifier.sends drop constraint sends_event_id_chat_id_key;
  create unique index sends_once on notifier.sends (event_id, chat_id, purpose)
    where purpose <> 'staff_repost';
  create table notifier.staff_cards (
    order_number text not null,
    chat_id bigint not null,
    message_id bigint not null,
    posted_at timestamptz not null,
    primary key (order_number, chat_id)
  )`,
  // When the chat chose its language with /language: from then on a Mini App launch (Telegram's
  // language_code) no longer changes it. Null: the language follows Telegram's.
  `alter table notifier.chats add column language_chosen_at timestamptz`,
  // Signed contacts (POST /tg/phone-sign-in) spent on a sign-in, by their hash: each signs in
  // once. A row outlives its contact's trust (expires_at) only until the next pruning.
  `create table notifier.spent_contacts (
    hash text primary key,
    telegram_user_id bigint not null,
    spent_at timestamptz not null,
    expires_at timestamptz not null
  );
  create index spent_contacts_expiry on notifier.spent_contacts (expires_at)`,
  // Telegram's successful_payment messages, kept until the backend has recorded each: the money is
  // already taken, so a payment must outlive a backend that is away and a restart. One row per
  // telegram_payment_charge_id, so a repeated update keeps nothing twice. next_attempt_at is
  // also the claim's lease. State: pending, recorded, or unmatched (the backend knows no order).
  `create table notifier.telegram_payments (
    charge_id text primary key,
    provider_charge_id text not null,
    order_number text not null,
    currency text not null,
    total_amount bigint not null,
    chat_id bigint not null,
    state text not null default 'pending',
    outcome text,
    attempts integer not null default 0,
    next_attempt_at timestamptz not null,
    last_error text,
    received_at timestamptz not null,
    recorded_at timestamptz
  );
  create index telegram_payments_due on notifier.telegram_payments (next_attempt_at)
    where state = 'pending'`,
];

/** Brings the schema up to date; instances starting together apply each migration once. */
export async function migrate(sql: SqlClient): Promise<void> {
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

// Order events and the messages they make: `events` (each stored once by id, as it was sent) and
// `sends` (one per event and linked chat), the unit the sender claims, sends and marks.
import type { Language, OrderEvent } from '@shop/shared';
import type { SqlClient, SqlRunner } from '../sql';
import { isPaidConfirmation, tellsShopper } from '../shopper-news';
import { trackOrderForPolling } from './order-polls';
import { asLanguage, storedEvent } from './stored-values';

export type SendState = 'pending' | 'sent' | 'blocked' | 'failed';

/**
 * What a send does: tell a shopper about an event, or keep the staff chat's card of the order
 * (post it, edit it to the order's latest state, or post it again because staff asked).
 */
export const SEND_PURPOSES = ['shopper', 'staff_post', 'staff_edit', 'staff_repost'] as const;
export type SendPurpose = (typeof SEND_PURPOSES)[number];

function asPurpose(value: string): SendPurpose {
  return SEND_PURPOSES.find((purpose) => purpose === value) ?? 'shopper';
}

export interface ClaimedSend {
  sendId: number;
  chatId: number;
  purpose: SendPurpose;
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

export interface SendQueue {
  /**
   * Stores each event once by id and, for a new one the shopper is told of (shopper-news.ts), a
   * send for every unblocked chat linked to its user. Returns the ids that were new.
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
  /**
   * How many messages wait to be sent (retries included) and how long, in seconds by the
   * database's clock, the oldest has waited since its event came in (null: none waits). One
   * query on the pending sends' index: the operator's figures ask on every scrape.
   */
  waitingSends(): Promise<{ count: number; oldestAgeSeconds: number | null }>;
  /** Every send and event id, for tests and operators. */
  sends(): Promise<SendRow[]>;
  eventIds(): Promise<string[]>;
}

/**
 * Stores a new event with its sends (and tracks its order for polling); false for a repeat. With
 * a staff chat, the event also posts the order's card there (placed) or edits it (any other).
 */
async function insertEvent(
  tx: SqlRunner,
  event: OrderEvent,
  now: Date,
  staffChatId: number | null,
  postgres: boolean,
): Promise<boolean> {
  const paidConfirmation = isPaidConfirmation(event);
  // Two copies of a payment (the relay's and the backend's) may come at once: one at a time per
  // order, so the second sees the first's send. PGlite runs one transaction at a time anyway.
  if (paidConfirmation && postgres) {
    await tx.query(`select pg_advisory_xact_lock(hashtext('notifier.paid:' || $1))`, [
      event.order.number,
    ]);
  }
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
  if (tellsShopper(event)) {
    // A prepaid order's paid confirmation goes to a chat once, whichever event brings it first.
    await tx.query(
      `insert into notifier.sends (event_id, chat_id, next_attempt_at)
       select $1, link.chat_id, $3::timestamptz
       from notifier.chat_links link
       join notifier.chats chat on chat.chat_id = link.chat_id
       where link.user_id = $2 and chat.blocked_at is null
         and not ($4::boolean and exists (
           select 1 from notifier.sends told
           join notifier.events told_event on told_event.id = told.event_id
           where told.chat_id = link.chat_id and told.purpose = 'shopper'
             and told_event.order_number = $5
             and told_event.payload -> 'order' ->> 'payment_type' <> 'on_receipt'
             and (told_event.type = 'payment_received'
               or (told_event.type = 'order_placed'
                 and told_event.payload -> 'order' ->> 'payment_status' = 'paid'))
         ))
       on conflict (event_id, chat_id, purpose) where purpose <> 'staff_repost' do nothing`,
      [event.id, event.user_id, now.toISOString(), paidConfirmation, event.order.number],
    );
  }
  if (staffChatId !== null) {
    await tx.query(
      `insert into notifier.sends (event_id, chat_id, purpose, next_attempt_at)
       values ($1, $2, $3, $4::timestamptz)
       on conflict (event_id, chat_id, purpose) where purpose <> 'staff_repost' do nothing`,
      [
        event.id,
        staffChatId,
        event.type === 'order_placed' ? 'staff_post' : 'staff_edit',
        now.toISOString(),
      ],
    );
  }
  return true;
}

async function claimDueSendsIn(
  tx: SqlRunner,
  { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number },
): Promise<ClaimedSend[]> {
  // `not exists` keeps each chat to its oldest pending send; SKIP LOCKED leaves rows another
  // instance is claiming right now to that instance.
  const rows = await tx.query<{
    id: string | number;
    chat_id: string;
    attempts: number;
    purpose: string;
    language: string;
    payload: unknown;
  }>(
    `select send.id, send.chat_id::text as chat_id, send.attempts, send.purpose, chat.language,
            event.payload
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
    purpose: asPurpose(row.purpose),
    language: asLanguage(row.language),
    attempts: row.attempts + 1,
    event: storedEvent(row.payload),
  }));
}

/** Every send, oldest first. */
async function readSends(sql: SqlClient): Promise<SendRow[]> {
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
    telegramMessageId: row.telegram_message_id === null ? null : Number(row.telegram_message_id),
    sentBy: row.sent_by,
  }));
}

/** `staffChatId`: where each order's staff card goes (STAFF_CHAT_ID); null: no staff cards. */
export function createSendQueue(sql: SqlClient, staffChatId: number | null = null): SendQueue {
  return {
    recordEvents(events, now) {
      return sql.transaction(async (tx) => {
        const fresh: string[] = [];
        for (const event of events) {
          const postgres = sql.kind === 'postgres';
          if (await insertEvent(tx, event, now, staffChatId, postgres)) fresh.push(event.id);
        }
        return fresh;
      });
    },

    claimDueSends(options) {
      return sql.transaction((tx) => claimDueSendsIn(tx, options));
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

    async waitingSends() {
      const [row] = await sql.query<{ count: number; oldest_age_s: number | null }>(
        `select count(*)::int as count,
                extract(epoch from now() - min(event.received_at))::float8 as oldest_age_s
         from notifier.sends send
         join notifier.events event on event.id = send.event_id
         where send.state = 'pending'`,
      );
      return { count: row?.count ?? 0, oldestAgeSeconds: row?.oldest_age_s ?? null };
    },

    sends: () => readSends(sql),

    async eventIds() {
      const rows = await sql.query<{ id: string }>('select id from notifier.events order by id');
      return rows.map((row) => row.id);
    },
  };
}

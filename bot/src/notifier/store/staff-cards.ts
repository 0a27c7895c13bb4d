// The staff chat's order cards: the latest known state of an order (from its stored events) that a
// card shows, the newest card's message id that edits go to, the open orders /open lists, and a
// card posted again on request. The cards themselves go out through the send queue.
import { isOpenStatus, type Order, type OrderStatus } from '@shop/shared';
import type { SqlClient, SqlRunner } from '../sql';
import { storedEvent } from './stored-values';

/** What an order's card shows: the order as last told, and its last move. */
export interface StaffCardState {
  /** The shop account the order belongs to. */
  userId: number;
  order: Order;
  status: OrderStatus;
  /** The last status move: when, and who made it (null: the shop itself, or not told). */
  lastMove: { at: string; by: string | null } | null;
}

export interface StaffCards {
  /** The latest known state of an order, from its stored events; null for an unknown order. */
  staffCardState(orderNumber: string): Promise<StaffCardState | null>;
  /** The message id of the order's newest card in `chatId`; null when none was posted. */
  staffCardMessage(orderNumber: string, chatId: number): Promise<number | null>;
  /** Records a card just posted: later edits go to it. */
  saveStaffCard(orderNumber: string, chatId: number, messageId: number, now: Date): Promise<void>;
  /**
   * Queues the order's card to be posted again in `chatId` (after whatever that chat is still
   * waiting for); false for an order the notifier knows nothing of.
   */
  queueStaffRepost(orderNumber: string, chatId: number, now: Date): Promise<boolean>;
  /** Orders whose latest known status is open, oldest first, at most `limit`. */
  openOrders(limit: number): Promise<StaffCardState[]>;
  /** Makes sure the staff chat exists as a chat sends may go to (re-enabled if it was blocked). */
  ensureStaffChat(chatId: number, language: string, now: Date): Promise<void>;
}

/** Latest first: by the time of the change, then by arrival. */
const LATEST = `(payload ->> 'at')::timestamptz desc, received_at desc, id desc`;

async function stateOf(sql: SqlRunner, orderNumber: string): Promise<StaffCardState | null> {
  const [latest] = await sql.query<{ payload: unknown }>(
    `select payload from notifier.events where order_number = $1 order by ${LATEST} limit 1`,
    [orderNumber],
  );
  if (!latest) return null;
  const [move] = await sql.query<{ payload: unknown }>(
    `select payload from notifier.events where order_number = $1 and type = 'status_changed'
     order by ${LATEST} limit 1`,
    [orderNumber],
  );
  const event = storedEvent(latest.payload);
  const moveEvent = move ? storedEvent(move.payload) : null;
  return {
    userId: event.user_id,
    order: event.order,
    status: event.order.status,
    lastMove: moveEvent ? { at: moveEvent.at, by: moveEvent.by ?? null } : null,
  };
}

export function createStaffCards(sql: SqlClient): StaffCards {
  return {
    staffCardState: (orderNumber) => stateOf(sql, orderNumber),

    async staffCardMessage(orderNumber, chatId) {
      const [row] = await sql.query<{ message_id: string }>(
        `select message_id::text as message_id from notifier.staff_cards
         where order_number = $1 and chat_id = $2`,
        [orderNumber, chatId],
      );
      return row ? Number(row.message_id) : null;
    },

    async saveStaffCard(orderNumber, chatId, messageId, now) {
      await sql.query(
        `insert into notifier.staff_cards (order_number, chat_id, message_id, posted_at)
         values ($1, $2, $3, $4::timestamptz)
         on conflict (order_number, chat_id)
         do update set message_id = excluded.message_id, posted_at = excluded.posted_at`,
        [orderNumber, chatId, messageId, now.toISOString()],
      );
    },

    async queueStaffRepost(orderNumber, chatId, now) {
      const queued = await sql.query(
        `insert into notifier.sends (event_id, chat_id, purpose, next_attempt_at)
         select id, $2, 'staff_repost', $3::timestamptz from notifier.events
         where order_number = $1 order by ${LATEST} limit 1
         returning id`,
        [orderNumber, chatId, now.toISOString()],
      );
      return queued.length > 0;
    },

    async openOrders(limit) {
      // order_polls keeps every known order until an event shows it finished.
      const rows = await sql.query<{ order_number: string }>(
        `select order_number from notifier.order_polls where closed_at is null
         order by order_id limit $1`,
        [limit * 2],
      );
      const open: StaffCardState[] = [];
      for (const row of rows) {
        const state = await stateOf(sql, row.order_number);
        if (state && isOpenStatus(state.status)) open.push(state);
        if (open.length >= limit) break;
      }
      return open;
    },

    async ensureStaffChat(chatId, language, now) {
      await sql.query(
        `insert into notifier.chats (chat_id, language, updated_at) values ($1, $2, $3::timestamptz)
         on conflict (chat_id)
         do update set language = excluded.language, blocked_at = null, updated_at = excluded.updated_at`,
        [chatId, language, now.toISOString()],
      );
    },
  };
}

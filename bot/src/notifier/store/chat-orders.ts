// A chat's orders as the bot's /orders lists them: read from the stored events of the accounts
// linked to the chat, each order with its latest known status.
import type { OrderStatus } from '@shop/shared';
import type { SqlClient } from '../sql';
import { storedEvent } from './stored-values';

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

export interface ChatOrderReads {
  /**
   * The latest orders (newest first, at most `limit`) of the accounts linked to a chat, each with
   * its latest known status, from the stored events.
   */
  chatOrders(chatId: number, limit: number): Promise<ChatOrders>;
}

export function createChatOrderReads(sql: SqlClient): ChatOrderReads {
  return {
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
        .map((row): ChatOrder => {
          const event = storedEvent(row.payload);
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
  };
}

// The notifier's own state, in its own schema (`notifier`) so it never meets the backend's tables
// when both use one PostgreSQL database: chats and their links to shop accounts, order events
// (stored once by id), sends (one per event and chat, the unit the sender claims), the Telegram
// update ids already handled, the orders being polled and the signed contacts spent on a sign-in.
// Nothing here lives only in a process's memory. One file per group of tables; this one opens the
// database and composes them.
import { openSql, type OpenSqlOptions } from '../sql';
import { createChatOrderReads, type ChatOrderReads } from './chat-orders';
import { createChats, type Chats } from './chats';
import { createChatLinks, type ChatLinks } from './links';
import { migrate } from './migrations';
import { createOrderPolls, type OrderPolls } from './order-polls';
import { createRefundCounts, type RefundCounts } from './refund-counts';
import { createSendQueue, type SendQueue } from './send-queue';
import { createSpentContacts, type SpentContacts } from './spent-contacts';
import { createStaffCards, type StaffCards } from './staff-cards';
import { createTelegramPayments, type TelegramPayments } from './telegram-payments';
import { createUpdateLog, type UpdateLog } from './update-log';

export { MIGRATIONS } from './migrations';
export type { OrderPollOutcome, OrderToPoll } from './order-polls';
export type { ClaimedSend, SendPurpose } from './send-queue';
export type { StaffCardState } from './staff-cards';
export type {
  KeptTelegramPayment,
  TelegramPaymentReport,
  TelegramPaymentResult,
} from './telegram-payments';

export interface NotifierStore
  extends
    Chats,
    ChatLinks,
    SpentContacts,
    ChatOrderReads,
    SendQueue,
    UpdateLog,
    OrderPolls,
    StaffCards,
    RefundCounts,
    TelegramPayments {
  readonly kind: 'pglite' | 'postgres';
  /** One round trip to the database: resolves when it answers (the server's /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface NotifierStoreOptions extends OpenSqlOptions {
  /** STAFF_CHAT_ID: each event also posts or edits its order's card there. */
  staffChatId?: number | null;
}

/**
 * Opens (and migrates) the store: PostgreSQL at `databaseUrl`, else the given `pglite` (left open
 * by close()), else a PGlite of its own in `pgliteDir`.
 */
export async function openNotifierStore(options: NotifierStoreOptions): Promise<NotifierStore> {
  const sql = await openSql(options);
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close();
    throw error;
  }
  return {
    kind: sql.kind,
    ...createChats(sql),
    ...createChatLinks(sql),
    ...createSpentContacts(sql),
    ...createChatOrderReads(sql),
    ...createSendQueue(sql, options.staffChatId ?? null),
    ...createStaffCards(sql),
    ...createUpdateLog(sql),
    ...createOrderPolls(sql),
    ...createRefundCounts(sql),
    ...createTelegramPayments(sql),
    async ping() {
      await sql.query('select 1');
    },
    close: () => sql.close(),
  };
}

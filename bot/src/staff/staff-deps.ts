// What the staff chat's buttons and commands work with.
import type { Language } from '@shop/shared';
import type { Notifier } from '../notifier/notifier';
import type { NotifierStore } from '../notifier/store';
import type { BotLogger } from '../telegram/bot-deps';
import type { OperatorClient } from './operator-client';

export interface StaffDeps {
  /** STAFF_CHAT_ID: where cards go and where /open and /order answer. */
  chatId: number;
  /** STAFF_USER_IDS: the only people whose presses and commands count. */
  userIds: readonly number[];
  language: Language;
  store: Pick<NotifierStore, 'staffCardState' | 'queueStaffRepost' | 'openOrders'>;
  /** Records the event of a move made here (the same id the backend gives it) and wakes the sender. */
  notifier: Pick<Notifier, 'record' | 'wake'>;
  /** The backend's status call; null: cards come without buttons and presses are refused. */
  operator: OperatorClient | null;
  logger: BotLogger;
  now?: () => Date;
}

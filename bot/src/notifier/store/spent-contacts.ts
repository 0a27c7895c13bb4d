// The signed contacts spent on a sign-in (`spent_contacts`, by their hash): one sign-in each, for
// every server on this database at once.
import type { SqlClient } from '../sql';

export interface SpentContacts {
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
}

export function createSpentContacts(sql: SqlClient): SpentContacts {
  return {
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
  };
}

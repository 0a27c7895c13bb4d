// The Telegram updates the bot has handled (processed_updates), shared by every instance: a
// webhook retry that reaches another instance, or comes after a restart, is not answered twice.
import type { SqlClient } from '../sql';

export interface UpdateLog {
  /** True the first time an update id is seen; false for a redelivery. */
  rememberUpdate(updateId: number, now: Date): Promise<boolean>;
  /** Forgets handled update ids received before `before` (Telegram redelivers for a day at most). */
  pruneProcessedUpdates(before: Date): Promise<number>;
}

export function createUpdateLog(sql: SqlClient): UpdateLog {
  return {
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
  };
}

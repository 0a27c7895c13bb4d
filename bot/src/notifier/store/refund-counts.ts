// The refunds the shop has made, counted from the order events it stored (once each by id):
// the operator's figure of money returned, per provider.
import type { SqlClient } from '../sql';

export interface RefundCounts {
  /** Refunds made so far, per provider that returned the money. */
  refundsMade(): Promise<{ provider: string; count: number }[]>;
}

export function createRefundCounts(sql: SqlClient): RefundCounts {
  return {
    async refundsMade() {
      const rows = await sql.query<{ provider: string | null; count: number }>(
        `select payload -> 'order' -> 'refund' ->> 'provider' as provider, count(*)::int as count
         from notifier.events where type = 'refund_made' group by 1 order by 1`,
      );
      return rows.map((row) => ({ provider: row.provider ?? 'unknown', count: row.count }));
    },
  };
}

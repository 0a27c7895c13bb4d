// After a step: the orders shoppers were told went through against the database (lost, doubled,
// placed though given up), and each order's staff card in the Bot API stand-in (once, missing,
// repeated).
import type { Cluster } from './cluster';
import { query, sleep } from './cluster';
import { STAFF_CHAT } from './settings';
import { count, type OrderStats } from './shoppers';

export interface OrderCheck {
  inDatabase: number;
  /** Acknowledged to a shopper, missing from the database. */
  lost: number;
  /** Two orders of one Idempotency-Key, or two orders with one number. */
  doubled: number;
  /** In the database though the shopper gave up on it (told it failed). */
  placedUnacknowledged: number;
  /** Orders whose staff card arrived once / not yet (still queued) / more than once. */
  cardsOnce: number;
  cardsMissing: number;
  cardsRepeated: number;
}

/** Acknowledged orders against the database, and each order's staff card in the stand-in. */
export async function checkOrders(cluster: Cluster, stats: OrderStats): Promise<OrderCheck> {
  const numbers = query(cluster.databaseUrl, 'select number from orders').map(
    (row) => row[0] ?? '',
  );
  // Each created order's answer is kept under its key; a key with two orders would show twice.
  const doubledKeys = query(
    cluster.databaseUrl,
    "select count(*) - count(distinct (response->'data'->>'number')) from idempotency_keys where status_code = 200",
  );
  const doubled = Number(doubledKeys[0]?.[0] ?? 0) + (numbers.length - new Set(numbers).size);
  const inDatabase = new Set(numbers);
  const cards = (): Map<string, number> => {
    const seen = new Map<string, number>();
    for (const call of cluster.telegram.callsOf('sendMessage')) {
      if (call.payload.chat_id !== STAFF_CHAT || !call.ok) continue;
      const number = /№([A-Z0-9-]+)/.exec(String(call.payload.text))?.[1];
      if (number) count(seen, number);
    }
    return seen;
  };
  // The notifier sends in the background: wait until every order has its card, or 90 s.
  const until = Date.now() + 90_000;
  while (Date.now() < until && numbers.some((number) => !cards().has(number))) await sleep(500);
  const sent = cards();
  return {
    inDatabase: inDatabase.size,
    lost: [...stats.acknowledged.keys()].filter((number) => !inDatabase.has(number)).length,
    doubled,
    placedUnacknowledged: numbers.filter((number) => !stats.acknowledged.has(number)).length,
    cardsOnce: numbers.filter((number) => sent.get(number) === 1).length,
    cardsMissing: numbers.filter((number) => !sent.has(number)).length,
    cardsRepeated: numbers.filter((number) => (sent.get(number) ?? 0) > 1).length,
  };
}

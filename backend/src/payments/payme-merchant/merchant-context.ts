// What every Merchant API method works with, and the one way its transactions commit: a refusal
// thrown rolls everything back, a refusal returned keeps what was written before it (a
// transaction cancelled on the way to the refusal).
import type { Db } from '../../db/client';
import { MerchantFailure } from './merchant-protocol';

export interface MerchantContext {
  db: Db;
  now: () => Date;
  /** Events were committed to the outbox. */
  onOrderEvents?: () => void;
  /** Stock went back on sale (an order was cancelled). */
  onStockReturned?: () => void;
}

/** Runs `work` in one transaction; a MerchantFailure it returns is thrown once committed. */
export async function commitThen<T>(
  db: Db,
  work: (tx: Db) => Promise<T | MerchantFailure>,
): Promise<T> {
  const outcome = await db.transaction(work);
  if (outcome instanceof MerchantFailure) throw outcome;
  return outcome;
}

import { CartItemSchema } from '@shop/shared';
import * as z from 'zod/mini';
import { readJson, writeJson, type KeyValueStorage } from '../storage/storage';

/**
 * What the cart store knows about its sync with the server, beside the `cart` key (which holds
 * only the array of cart items).
 */
export const CART_SYNC_STORAGE_KEY = 'cartSync';

const StampSchema = z.nullable(z.int().check(z.nonnegative()));

export const CartSyncSchema = z.object({
  /** The server copy as this device last read or saved it; null before the first. */
  base: z.nullable(z.array(CartItemSchema)),
  /** When the local cart last changed. */
  changedAt: StampSchema,
  /** The changedAt of the last cart the server confirmed holding. */
  syncedAt: StampSchema,
  /** The login merge (quantities added) is still owed: the server copy could not be read. */
  loginMergePending: z.boolean(),
});
export type CartSync = z.infer<typeof CartSyncSchema>;

export const NEVER_SYNCED: CartSync = {
  base: null,
  changedAt: null,
  syncedAt: null,
  loginMergePending: false,
};

/**
 * Anything unreadable counts as never synced: a signed-in start then takes the server copy as
 * it is, which is what this device did before it kept these stamps.
 */
export function readCartSync(storage: KeyValueStorage): CartSync {
  const parsed = CartSyncSchema.safeParse(readJson(storage, CART_SYNC_STORAGE_KEY));
  return parsed.success ? parsed.data : NEVER_SYNCED;
}

export function writeCartSync(storage: KeyValueStorage, sync: CartSync): void {
  writeJson(storage, CART_SYNC_STORAGE_KEY, sync);
}

/** The local cart changed after the last cart the server confirmed. */
export function hasUnsavedChange(sync: CartSync): boolean {
  return sync.changedAt !== null && (sync.syncedAt === null || sync.changedAt > sync.syncedAt);
}

/**
 * A change stamp later than every stamp kept so far, even when the device clock was set back:
 * "changed after the last save" must never read as "saved".
 */
export function nextStamp(sync: CartSync, now: number): number {
  return Math.max(Math.floor(now), (sync.changedAt ?? -1) + 1, (sync.syncedAt ?? -1) + 1);
}

export const FIRST_RETRY_MS = 2_000;
export const LONGEST_RETRY_MS = 60_000;

/**
 * 2 s, 4 s, 8 s … up to a minute after each failure in a row, or later when the server asked
 * for a pause: a shop that is down is not hammered, and a short drop heals within seconds.
 */
export function retryDelayMs(failures: number, retryAfterSeconds?: number): number {
  const doubled = FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(failures - 1, 10));
  const delay = Math.min(LONGEST_RETRY_MS, doubled);
  return retryAfterSeconds === undefined ? delay : Math.max(delay, retryAfterSeconds * 1_000);
}

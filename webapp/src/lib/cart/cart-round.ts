// What one of the cart's sync rounds does: read the server copy when due and fold it into the
// local cart, then save the local cart when it has news; and the sync record those steps keep.
import { MAX_CART_LINES, mergeCarts, reconcileCarts, sameCart, type CartItem } from '@shop/shared';
import type { ApiClient } from '../api/client';
import type { KeyValueStorage } from '../storage/storage';
import {
  hasUnsavedChange,
  nextStamp,
  readCartSync,
  writeCartSync,
  type CartSync,
} from './cart-sync';

/** What a read of the server copy leaves: the cart to keep, and the sync record beside it. */
export interface AfterServerCopy {
  /** Null when the local cart stands as it is. */
  items: CartItem[] | null;
  sync: CartSync;
}

/**
 * Folds the server copy into the local cart: the login merge when it is owed, else a reconcile
 * with what this device changed without saving (reconcileCarts). What the server does not hold
 * yet is stamped as a change, to be saved.
 */
export function withServerCopy(
  local: CartItem[],
  sync: CartSync,
  remote: CartItem[],
  now: () => number,
): AfterServerCopy {
  const merged = sync.loginMergePending
    ? // The login merge: both carts were the shopper's, so quantities are added. The
      // merge may exceed the line limit; the oldest lines (backend first) are kept.
      mergeCarts(local, remote).slice(0, MAX_CART_LINES)
    : reconcileCarts({
        local,
        base: sync.base,
        remote,
        localChangedAt: sync.changedAt,
        syncedAt: sync.syncedAt,
      });
  // What adds nothing to the server's copy is not saved over it (a save another device makes
  // meanwhile would be overwritten by the same copy for no gain).
  const saved = sameCart(merged, remote);
  return {
    // Null (nothing rewritten) only when a reconcile leaves the local cart as it is, unsaved.
    items: saved || sync.loginMergePending || !sameCart(merged, local) ? merged : null,
    sync: {
      ...sync,
      base: remote,
      loginMergePending: false,
      ...(saved ? { syncedAt: sync.changedAt } : { changedAt: nextStamp(sync, now()) }),
    },
  };
}

export interface CartRoundDeps {
  storage: KeyValueStorage;
  api: () => ApiClient;
  /** Milliseconds since the epoch, for the change and sync stamps. */
  now?: () => number;
}

/**
 * The cart's sync record and what one sync round does with it (cart-sync-loop.ts says when a
 * round runs). A tuple rather than an object, as RetryTimer: its parts' names cost home's first
 * load nothing.
 */
export type CartRound = readonly [
  /**
   * Reads the server copy if due, then saves the local cart if it has news; writes nothing once
   * `stale` says the round's account has gone.
   */
  run: (stale: () => boolean) => Promise<void>,
  /** A change of this device's cart: stamped, so that it counts as unsaved until saved. */
  stampChange: () => void,
  /**
   * The next round reads the server copy first: a start, a sign-in (`loginMerge`: the merge
   * that adds quantities is owed), a logout.
   */
  readServerCopyFirst: (loginMerge: boolean) => void,
  /** This device holds what the server has not: an unsaved change, or a login merge owed. */
  owesServer: () => boolean,
];

export function createCartRound(
  deps: CartRoundDeps,
  items: () => CartItem[],
  writeItems: (items: CartItem[]) => void,
): CartRound {
  const now = deps.now ?? Date.now;
  const sync = (): CartSync => readCartSync(deps.storage);
  const saveSync = (next: CartSync) => {
    writeCartSync(deps.storage, next);
  };
  // Until the server copy has been read once since this start (or login), a save would overwrite
  // changes made on another device: every round reads it first.
  let serverCopyRead = false;

  const readServerCopy = async (stale: () => boolean): Promise<void> => {
    const remote = await deps.api().call('getCart', {});
    if (stale()) return;
    const after = withServerCopy(items(), sync(), remote, now);
    if (after.items) writeItems(after.items);
    saveSync(after.sync);
    serverCopyRead = true;
  };

  const run = async (stale: () => boolean): Promise<void> => {
    if (!serverCopyRead || sync().loginMergePending) await readServerCopy(stale);
    if (stale()) return;
    const state = sync();
    if (!hasUnsavedChange(state)) return;
    const saved = await deps.api().call('saveCart', { body: { cart_data: items() } });
    if (stale()) return;
    // Changes made while the save ran keep a later stamp, so they still count as unsaved.
    saveSync({ ...sync(), base: saved, syncedAt: state.changedAt });
  };
  const stampChange = () => {
    const current = sync();
    saveSync({ ...current, changedAt: nextStamp(current, now()) });
  };
  const readServerCopyFirst = (loginMerge: boolean) => {
    // Kept in storage: if the read fails and the page is closed, the next start still owes
    // the login merge rather than a plain reconcile.
    if (loginMerge) saveSync({ ...sync(), loginMergePending: true });
    serverCopyRead = false;
  };
  const owesServer = () => {
    const state = sync();
    return hasUnsavedChange(state) || state.loginMergePending;
  };
  return [run, stampChange, readServerCopyFirst, owesServer];
}

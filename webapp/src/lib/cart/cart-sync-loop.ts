import { logWarning } from '../log';
import { createRetryTimer, isRetryable } from './sync-retry';

/**
 * When the cart's sync rounds run: one at a time; a change during one asks for another, which
 * sends the newest cart, so an older snapshot can never land on the backend after a newer one. A
 * failed round is tried again later, and a logout drops the rounds of the account that left.
 * A tuple rather than an object, as RetryTimer: its parts' names cost home's first load nothing.
 */
export type CartSyncLoop = readonly [
  /** A round soon: at once, after the one running, or when the waiting retry fires. */
  request: () => void,
  /**
   * The waiting retry's round at once, for whoever must not wait for it (a wake-up, a sign-in);
   * false when no retry waits.
   */
  retryNow: () => boolean,
  /** Settles once no round runs. */
  settled: () => Promise<void>,
  /** Logout: a round still in flight for the old account must not write anything. */
  forget: () => void,
];

/**
 * `round` does one round's work; `stale` tells it, after each call it waits for, that the round's
 * account has gone (logged out, or no longer signed in) and nothing may be written.
 */
export function createCartSyncLoop(
  round: (stale: () => boolean) => Promise<void>,
  isSignedIn: () => boolean,
): CartSyncLoop {
  let running: Promise<void> | null = null;
  let again = false;
  const consumeAgain = () => {
    const value = again;
    again = false;
    return value;
  };
  // Bumped by logout: a round still in flight for the old account must not write anything.
  let epoch = 0;
  const [scheduleRetry, cancelRetry, retryWaiting, retrySucceeded] = createRetryTimer(request);

  function request(): void {
    // While a retry is scheduled the network is known to be down: that round sends the newest
    // cart. Whoever must not wait (a wake-up, a login) runs it now instead (retryNow).
    if (!isSignedIn() || retryWaiting()) return;
    if (running) {
      again = true;
      return;
    }
    const current = epoch;
    const stale = () => current !== epoch || !isSignedIn();
    const run = async () => {
      let more = true;
      while (more) {
        try {
          await round(stale);
          retrySucceeded();
        } catch (error) {
          // A failed cart sync is logged; the shopper sees nothing. The change stays
          // on this device, stamped as unsaved, so neither a retry nor a reload loses it.
          logWarning('Cart sync failed', error);
          if (!stale() && isRetryable(error)) scheduleRetry(error);
          return;
        }
        more = !stale() && consumeAgain();
      }
    };
    running = run().finally(() => {
      running = null;
      // Asked for during the round and not served by it: after a failure (the scheduled retry
      // takes it, or a refusal no retry repeats), or for an account signed in meanwhile.
      if (consumeAgain()) request();
    });
  }

  const retryNow = () => {
    if (!retryWaiting()) return false;
    cancelRetry();
    request();
    return true;
  };
  const settled = async () => {
    while (running) await running;
  };
  const forget = () => {
    epoch += 1;
    retrySucceeded();
    cancelRetry();
  };
  return [request, retryNow, settled, forget];
}

import { isApiError } from '../api/api-error';
import { retryDelayMs } from './cart-sync';

// When the cart's and the held orders' syncs try again after a failure.

/** Worth trying again: no answer, a timeout, throttling or a server fault; not a refusal. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** The browser's signals that a network or a shopper is back; nothing outside a browser. */
export function browserWakeSignals(retry: () => void): () => void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return () => undefined;
  const onVisible = () => {
    if (document.visibilityState === 'visible') retry();
  };
  window.addEventListener('online', retry);
  window.addEventListener('focus', retry);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', retry);
    window.removeEventListener('focus', retry);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * A failed sync's next try: later after each failure in a row (retryDelayMs), and never sooner
 * than the server asked. A tuple rather than an object, as the other parts of the cart's and the
 * held orders' stores: minified, its parts' names cost home's first load nothing.
 */
export type RetryTimer = readonly [
  /** After a failure: the next try, in place of any that waits. */
  schedule: (error: unknown) => void,
  /** Drops the waiting try, if any. */
  cancel: () => void,
  /** A try waits: the network is known to be down. */
  waiting: () => boolean,
  /** After a success, or for another account: the next failure waits the shortest time again. */
  succeeded: () => void,
];

export function createRetryTimer(retry: () => void): RetryTimer {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  const cancel = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
  };
  const schedule = (error: unknown) => {
    failures += 1;
    cancel();
    const retryAfter = isApiError(error) ? error.retryAfter : undefined;
    timer = setTimeout(
      () => {
        timer = null;
        retry();
      },
      retryDelayMs(failures, retryAfter),
    );
  };
  const waiting = () => timer !== null;
  const succeeded = () => {
    failures = 0;
  };
  return [schedule, cancel, waiting, succeeded];
}

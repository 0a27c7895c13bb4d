import { isApiError } from '../api/api-error';

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

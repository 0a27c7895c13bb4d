/**
 * Failures the shopper need not see (a failed logout, cart sync or locale load) go through here,
 * so they stay visible to developers without ever reaching the shopper.
 */
export function logWarning(message: string, error?: unknown): void {
  console.warn(`[shop] ${message}`, error ?? '');
}

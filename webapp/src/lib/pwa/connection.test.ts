import { describe, expect, it } from 'vitest';
import { watchConnection } from './connection';

describe('watchConnection', () => {
  it('reads navigator.onLine and tells of each online/offline event until unsubscribed', () => {
    const target = new EventTarget();
    const navigator = { onLine: true };
    const connection = watchConnection({
      navigator,
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
    });
    const seen: boolean[] = [];
    const stop = connection.subscribe(() => seen.push(connection.isOnline()));
    navigator.onLine = false;
    target.dispatchEvent(new Event('offline'));
    navigator.onLine = true;
    target.dispatchEvent(new Event('online'));
    stop();
    navigator.onLine = false;
    target.dispatchEvent(new Event('offline'));
    expect(seen).toEqual([false, true]);
    expect(connection.isOnline()).toBe(false);
  });
});

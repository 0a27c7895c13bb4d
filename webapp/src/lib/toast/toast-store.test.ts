import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, TOAST_DURATION_MS } from './toast-store';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closes a toast by itself after 5000 ms', () => {
    const store = createToastStore();
    store.getState().show({ kind: 'success', message: 'Added to cart' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(store.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getState().toasts).toHaveLength(0);
  });
});

// The cart and held-order stores retry on timers and log failed sends: their tests run them on
// vitest's fake clock with the warnings silenced, and move time on with `settle`.
import { afterEach, beforeEach, vi } from 'vitest';

/** Fake timers and a quiet console.warn around every test of the calling file. */
export function runOnFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** Lets pending promises and timers due within `ms` run. */
export const settle = (ms = 0): Promise<unknown> => vi.advanceTimersByTimeAsync(ms);

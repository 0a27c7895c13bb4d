import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBackgroundWork } from './background-work';

afterEach(() => {
  vi.useRealTimers();
});

describe('startBackgroundWork', () => {
  it('runs a round at once and then one per interval, never two at a time', async () => {
    vi.useFakeTimers();
    let running = 0;
    let most = 0;
    let rounds = 0;
    const release: (() => void)[] = [];
    const work = startBackgroundWork({
      intervalMs: 1000,
      log: { error: () => undefined },
      run: () => {
        rounds += 1;
        running += 1;
        most = Math.max(most, running);
        return new Promise<void>((resolve) =>
          release.push(() => {
            running -= 1;
            resolve();
          }),
        );
      },
    });
    expect(rounds).toBe(1);
    // A slow round holds the next one back, however much time passes.
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toBe(1);
    release.shift()?.();
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(2);
    release.shift()?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(3);
    expect(most).toBe(1);

    // Stopping waits for the round under way and starts no other.
    let stopped = false;
    const stopping = work.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release.shift()?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rounds).toBe(3);
  });

  it('logs a failed round and carries on', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let rounds = 0;
    const work = startBackgroundWork({
      intervalMs: 100,
      log: { error: (obj: unknown) => errors.push(obj) },
      run: () => {
        rounds += 1;
        return rounds === 1 ? Promise.reject(new Error('database away')) : Promise.resolve();
      },
    });
    await vi.advanceTimersByTimeAsync(100);
    expect(rounds).toBe(2);
    expect(errors).toHaveLength(1);
    await work.stop();
  });

  it('can wait one interval before its first round (the demo order flow does, so a restart moves nothing)', async () => {
    vi.useFakeTimers();
    let rounds = 0;
    const work = startBackgroundWork({
      intervalMs: 1000,
      firstAfterInterval: true,
      log: { error: () => undefined },
      run: () => {
        rounds += 1;
        return Promise.resolve();
      },
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(rounds).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(rounds).toBe(2);
    await work.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(rounds).toBe(2);
  });
});

/**
 * The wait between rounds of a background loop (the sender's, the poller's) that can be cut
 * short: `wake()` ends the current pause, or, when none is running, makes the next one return at
 * once, so a wake that comes while a round is busy is not lost.
 */
export interface Pause {
  pause: (ms: number) => Promise<void>;
  wake: () => void;
}

export function createPause(): Pause {
  let wakeUp: (() => void) | null = null;
  let woken = false;
  return {
    pause: (ms) => {
      if (woken) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done(): void {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        }
        wakeUp = done;
      });
    },
    wake: () => {
      if (wakeUp) wakeUp();
      else woken = true;
    },
  };
}

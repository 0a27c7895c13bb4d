// Work that runs beside the requests: settling charges that got no answer and cancelling card
// orders left unpaid past their hold. The state lives in the database (claimed row by row), so
// the timer only says "look now"; several instances may run it at once.
import type { FastifyBaseLogger } from 'fastify';

const DEFAULT_SWEEP_INTERVAL_MS = 30_000;

export interface BackgroundWork {
  /** Stops the timer and waits for a round under way to finish. */
  stop(): Promise<void>;
}

export interface BackgroundWorkOptions {
  run: () => Promise<unknown>;
  intervalMs?: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Wait one interval before the first round (false: run one at once, the default). */
  firstAfterInterval?: boolean;
}

/** Runs `run` now (or after one interval) and then every interval, one round at a time, until
 * stopped. */
export function startBackgroundWork(options: BackgroundWorkOptions): BackgroundWork {
  const intervalMs = options.intervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();

  const tick = () => {
    round = options
      .run()
      .then(
        () => undefined,
        (error: unknown) => {
          // A round that fails (the database away for a moment) is retried by the next one.
          options.log.error({ err: error }, 'background round failed');
        },
      )
      .then(() => {
        if (!stopped) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  };
  if (options.firstAfterInterval) {
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  } else {
    tick();
  }

  return {
    stop: async () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      await round;
    },
  };
}

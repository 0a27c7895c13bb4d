import type { BotLogger } from './telegram/bot-deps';

export interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

/**
 * Runs the steps once, in order, however many signals arrive; a step that fails or hangs is logged
 * and the next one still runs, so the database is closed even when the bot will not stop.
 */
export function createShutdown(opts: {
  steps: readonly ShutdownStep[];
  logger: BotLogger;
  stepTimeoutMs?: number;
}): (reason: string) => Promise<void> {
  const stepTimeoutMs = opts.stepTimeoutMs ?? 10_000;
  let running: Promise<void> | null = null;

  async function runAll(reason: string): Promise<void> {
    opts.logger.info({ reason }, 'Shutting down');
    for (const step of opts.steps) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`${step.name} did not finish in ${stepTimeoutMs} ms`));
        }, stepTimeoutMs);
      });
      try {
        await Promise.race([step.run(), deadline]);
      } catch (error) {
        opts.logger.error({ err: error, step: step.name }, 'Shutdown step failed');
      } finally {
        clearTimeout(timer);
      }
    }
  }

  return (reason) => {
    running ??= runAll(reason);
    return running;
  };
}

/** SIGINT/SIGTERM run the shutdown; a second Ctrl-C while it runs exits at once. */
export function exitOnSignals(
  shutdown: (reason: string) => Promise<void>,
  logger: BotLogger,
): void {
  let received = 0;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      received += 1;
      if (received > 1) {
        logger.warn('Second signal: exiting without waiting');
        process.exit(1);
      }
      void shutdown(signal).then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

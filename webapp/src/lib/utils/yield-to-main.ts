/** The Prioritized Task Scheduling API where the browser has it (Chromium 129 and later). */
interface SchedulerWithYield {
  yield(): Promise<void>;
}

/**
 * Lets the browser handle input and paint before the rest of the start-up runs: one long task
 * becomes several short ones, so a tap during start-up is answered between them. Continues at the
 * front of the queue where `scheduler.yield` exists, else after a zero-delay timer.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<SchedulerWithYield> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

import { afterEach } from 'vitest';

export type Cleanup = () => unknown;

/**
 * For test files that start real servers, stand-ins and stores per test: registers an
 * `afterEach` that undoes what the test started, newest first (a server closes before the store
 * it writes to), and returns the function that queues one undo step.
 */
export function cleanUpAfterEach(): (cleanup: Cleanup) => void {
  let cleanups: Cleanup[] = [];
  afterEach(async () => {
    const queued = cleanups.reverse();
    cleanups = [];
    for (const cleanup of queued) await cleanup();
  });
  return (cleanup) => {
    cleanups.push(cleanup);
  };
}

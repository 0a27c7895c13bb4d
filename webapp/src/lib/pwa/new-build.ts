import * as z from 'zod/mini';

/** How often an open page asks for the deployed build when nothing else prompts it. */
export const DEFAULT_BUILD_POLL_INTERVAL_MS = 10 * 60_000;

const VersionSchema = z.object({ build: z.string().check(z.minLength(1), z.maxLength(100)) });

/** The deployed build's id from /version.json; null when it cannot be read (offline, a 404). */
export async function fetchDeployedBuild(fetchFn: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchFn('/version.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const parsed = VersionSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.build : null;
  } catch {
    return null;
  }
}

export interface NewBuildWatch {
  /** The build this page runs. */
  running: string;
  /** Asks for the deployed build's id (null: could not tell). */
  deployed: () => Promise<string | null>;
  /** Told once, when the deployed build differs from the running one. */
  onNewBuild: (id: string) => void;
  /** Calls `check` every `ms` until the returned function is called. */
  every: (ms: number, check: () => void) => () => void;
  intervalMs: number;
  /** Where focus and visibility changes come from (the window, the document). */
  focusSource: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  visibilitySource: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Checks the deployed build when the shopper comes back to the page (focus, the tab shown again)
 * and every `intervalMs`, one check at a time, and tells once when it changed; then stops.
 * Returns the function that stops it early.
 */
export function watchForNewBuild(watch: NewBuildWatch): () => void {
  let checking = false;
  let stopped = false;
  const check = () => {
    if (checking || stopped) return;
    checking = true;
    void watch
      .deployed()
      .then((deployed) => {
        if (stopped || deployed === null || deployed === watch.running) return;
        stop();
        watch.onNewBuild(deployed);
      })
      .finally(() => {
        checking = false;
      });
  };
  const onVisible = () => {
    if (watch.visibilitySource.visibilityState === 'visible') check();
  };
  const cancelTimer = watch.every(watch.intervalMs, check);
  watch.focusSource.addEventListener('focus', check);
  watch.visibilitySource.addEventListener('visibilitychange', onVisible);
  function stop(): void {
    stopped = true;
    cancelTimer();
    watch.focusSource.removeEventListener('focus', check);
    watch.visibilitySource.removeEventListener('visibilitychange', onVisible);
  }
  return stop;
}

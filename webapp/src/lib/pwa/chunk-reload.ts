import type { KeyValueStorage } from '../storage/storage';

/** At most one automatic reload per path per 10 s, so a broken deploy cannot loop. */
export const RELOAD_GUARD_MS = 10_000;

const KEY_PREFIX = 'chunk-reload:';

/**
 * True when a script chunk failed to load: the deploy changed the hashed file names under an
 * open tab. The wording differs per engine (Chromium, WebKit, Gecko).
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk .* failed/i.test(
    error.message,
  );
}

/** Whether a chunk-error reload of this path is allowed now (no side effects). */
export function chunkReloadAllowed(
  storage: KeyValueStorage,
  path: string,
  now = Date.now(),
): boolean {
  const last = Number(storage.getItem(KEY_PREFIX + path));
  // No record (or a garbled one) means no recent reload.
  if (!Number.isFinite(last) || last <= 0) return true;
  return now - last >= RELOAD_GUARD_MS;
}

/**
 * Reloads the page unless the same path was reloaded for this reason less than 10 s ago.
 * Returns whether a reload was started, so the caller can show an error instead.
 */
export function reloadOnceForChunkError(deps: {
  storage: KeyValueStorage;
  path: string;
  now: number;
  reload: () => void;
}): boolean {
  if (!chunkReloadAllowed(deps.storage, deps.path, deps.now)) return false;
  deps.storage.setItem(KEY_PREFIX + deps.path, String(deps.now));
  deps.reload();
  return true;
}

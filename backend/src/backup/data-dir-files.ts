// The files of a data dir that a backup carries: profile photos, the catalogue API key, the
// operator and order-event secrets, the Payme sandbox's state, the SMS outbox. Not the databases
// (dumped instead), not the running backend's URL (rewritten at each start), and no name that
// starts with a dot (a photo half written, a backup's own staging).
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { BACKEND_URL_FILE } from '../api-key';

/** The embedded backend's PGlite, and the notifier's own when the backends are elsewhere. */
export const PGLITE_DIR = 'pglite';
const NOTIFIER_PGLITE_DIR = `notifier/${PGLITE_DIR}`;

const SKIPPED = new Set([PGLITE_DIR, NOTIFIER_PGLITE_DIR, BACKEND_URL_FILE]);

/**
 * Whether a backup carries what is at `path` in the data dir ('/'-separated, relative): a file it
 * writes, or a folder it looks into. Restore accepts only these, so it writes only what a backup
 * could hold.
 */
export function isCarriedPath(path: string): boolean {
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part.startsWith('.'))) return false;
  return parts.every((_, index) => !SKIPPED.has(parts.slice(0, index + 1).join('/')));
}

/** The relative paths ('/'-separated) of the files to carry, sorted. */
export async function dataDirFiles(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
      throw error;
    });
    for (const entry of entries) {
      const path = join(dir, entry.name);
      const rel = relative(dataDir, path).split(sep).join('/');
      if (!isCarriedPath(rel)) continue;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) found.push(rel);
    }
  };
  await walk(dataDir);
  return found.sort();
}

/**
 * Links (or, where links are not possible, copies) every file to carry into `staging`, replacing
 * what an earlier call put there and keeping what has gone since. Photos are never changed in
 * place, only written anew and removed, so a link is a snapshot: linking before and after the
 * database dump keeps every photo the dump may name, even one replaced meanwhile.
 */
export async function stageDataDirFiles(dataDir: string, staging: string): Promise<void> {
  for (const path of await dataDirFiles(dataDir)) {
    const source = join(dataDir, path);
    const target = join(staging, path);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await rm(target, { force: true });
    try {
      await link(source, target);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') continue;
      await copyFile(source, target).catch((copyError: unknown) => {
        // Removed between the listing and now: it is not part of the shop any more.
        if (copyError instanceof Error && 'code' in copyError && copyError.code === 'ENOENT') {
          return;
        }
        throw copyError;
      });
    }
  }
}

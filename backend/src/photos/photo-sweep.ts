// Photos that no account points at any more. Normally none: an upload deletes the previous photo,
// and a refused or failed one deletes its own file. Only a crash (or a failed delete) between the
// file and the row leaves one behind, so the sweep runs at start. Files younger than `minAgeMs`
// are left alone: another process sharing the directory may be between writing a file and saving
// its row.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { isPhotoFileName, photoFileOfUrl } from './photo-store';

/** An hour: far longer than any upload takes between its file and its row. */
export const ORPHAN_PHOTO_MIN_AGE_MS = 60 * 60 * 1000;
/** A photo being written: `.<name>.partial` (see photo-store.ts). */
const PARTIAL_FILE = /^\.[0-9a-f]{32}\.webp\.partial$/;

export interface PhotoSweepOptions {
  db: Db;
  photoDir: string;
  now: Date;
  minAgeMs?: number;
}

/** Deletes unreferenced photos and abandoned partial writes older than minAgeMs; answers their names. */
export async function sweepOrphanPhotos(options: PhotoSweepOptions): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(options.photoDir);
  } catch (error) {
    // No directory yet: no photo was ever uploaded.
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  const candidates = names.filter((name) => isPhotoFileName(name) || PARTIAL_FILE.test(name));
  if (candidates.length === 0) return [];

  const rows = await options.db
    .select({ photo: users.photo })
    .from(users)
    .where(isNotNull(users.photo));
  const referenced = new Set(rows.map((row) => photoFileOfUrl(row.photo)));
  const oldest = options.now.getTime() - (options.minAgeMs ?? ORPHAN_PHOTO_MIN_AGE_MS);

  const removed: string[] = [];
  for (const name of candidates) {
    if (referenced.has(name)) continue;
    const path = join(options.photoDir, name);
    const info = await stat(path).catch(() => null);
    if (info === null || !info.isFile() || info.mtimeMs > oldest) continue;
    await rm(path, { force: true });
    removed.push(name);
  }
  return removed;
}

// Profile photos on disk: one directory, random names that are the only way to reach a file, each
// written under a temporary name and renamed into place, so a reader (or a crash) never meets half
// a picture.
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The URL path a stored photo is served at (relative: the relay serves /media on its origin). */
const PHOTO_URL_PREFIX = '/media/photos/';

/** 128 random bits in hex, and the extension of the one format stored. */
const PHOTO_FILE = /^[0-9a-f]{32}\.webp$/;

export function isPhotoFileName(name: string): boolean {
  return PHOTO_FILE.test(name);
}

/** The file name of one of our photo URLs, or null for anything else (an outside URL, null). */
export function photoFileOfUrl(url: string | null): string | null {
  if (url === null || !url.startsWith(PHOTO_URL_PREFIX)) return null;
  const name = url.slice(PHOTO_URL_PREFIX.length);
  return isPhotoFileName(name) ? name : null;
}

export interface PhotoStore {
  /** Writes the photo under a new random name; answers its URL. */
  save(data: Buffer): Promise<{ name: string; url: string }>;
  /** Removes a stored photo; a missing file is not an error. */
  remove(name: string): Promise<void>;
  /** The file for serving, or null when there is none by that name. */
  open(name: string): Promise<{ stream: ReadStream; size: number } | null>;
}

export function createPhotoStore(dir: string): PhotoStore {
  return {
    async save(data) {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.webp`;
      // The temporary name does not match PHOTO_FILE, so it is never served.
      const temporary = join(dir, `.${name}.partial`);
      try {
        await writeFile(temporary, data, { flag: 'wx', mode: 0o644 });
        await rename(temporary, join(dir, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { name, url: `${PHOTO_URL_PREFIX}${name}` };
    },
    async remove(name) {
      if (!isPhotoFileName(name)) return;
      await rm(join(dir, name), { force: true });
    },
    async open(name) {
      if (!isPhotoFileName(name)) return null;
      const path = join(dir, name);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), size: info.size };
      } catch {
        return null;
      }
    },
  };
}

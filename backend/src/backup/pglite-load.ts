// Restoring a PGlite database from its dump (pglite-dump.ts: a tar of its data dir). The dump's
// files are written into a new data dir as they are read from the backup (PGlite's own loader
// would hold the whole dump in memory, twice). The database is not opened here: its engine would
// take more memory than the rest of a restore. What can be checked without it is: every byte
// against the backup's checksums (as it is read), and the files no data dir is without. One that
// PostgreSQL still refuses fails the shop's next start, saying so; that start also numbers orders
// on from the last one (orders/order-numbers.ts).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BackupDamagedError } from './backup-archive';
import { readTar, TarError } from './tar';

/** What PostgreSQL reads first in a data dir: its version, and its control file. */
const REQUIRED_FILES = ['PG_VERSION', 'global/pg_control'];

/** A dump that cannot be written out as a data dir, as BackupDamagedError; else as it is. */
function asDamagedDump(error: unknown): unknown {
  const fileClash =
    error instanceof Error &&
    'code' in error &&
    (error.code === 'EEXIST' || error.code === 'ENOTDIR' || error.code === 'EISDIR');
  if (error instanceof TarError || fileClash) {
    return new BackupDamagedError(`Its database is not a PGlite data dir (${error.message})`);
  }
  return error;
}

/** Writes each file and folder of PGlite's dump into `dir` as it is read; reads the dump to its end. */
async function extractDump(dir: string, tarball: AsyncIterable<Buffer>): Promise<void> {
  const source = tarball[Symbol.asyncIterator]();
  const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => source };
  try {
    for await (const entry of readTar(rest, { folders: true, rootedNames: true })) {
      const target = join(dir, entry.path);
      if (entry.type === 'folder') {
        await mkdir(target, { recursive: true, mode: 0o700 });
      } else {
        await mkdir(dirname(target), { recursive: true, mode: 0o700 });
        await writeFile(target, entry.body, { mode: 0o600, flag: 'wx' });
      }
    }
  } catch (error) {
    throw asDamagedDump(error);
  }
  // The zero blocks a tar may be padded with after its end: part of what the backup checksums.
  while (!(await source.next()).done);
}

/** Writes a dump into `dir`, which must not exist yet, owner-only, and checks it is a data dir. */
export async function loadPgliteDump(dir: string, tarball: AsyncIterable<Buffer>): Promise<void> {
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  await mkdir(dir, { mode: 0o700 });
  await extractDump(dir, tarball);
  // Without PG_VERSION PGlite would make a new, empty database rather than open this one.
  const missing = REQUIRED_FILES.find((file) => !existsSync(join(dir, file)));
  if (missing !== undefined) {
    throw new BackupDamagedError(`Its database is not a PGlite data dir (no ${missing})`);
  }
}

// Restoring a PGlite database from its dump (pglite-dump.ts: a tar of its data dir). The dump's
// files are written into a new data dir as they are read from the backup (PGlite's own loader
// would hold the whole dump in memory, twice); then the database is opened once, to check it and
// to let its order numbers go on from its last order.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { continueOrderNumbers } from '../orders/order-numbers';
import { BackupDamagedError } from './backup-archive';
import { EXTENSIONS } from './pglite-dump';
import { readTar, TarError } from './tar';

/**
 * Restore opens the database only to check it and set one sequence. PGlite touches all of its
 * buffer pool as it starts (128 MB by default, for as long as the process lives): a small one
 * keeps the restore's memory low. The setting is for this opening only, not written anywhere.
 */
const RESTORE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=2MB'];

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

/**
 * Writes a dump into `dir`, which must not exist yet, checks it opens, and lets its order numbers
 * go on from its last order.
 */
export async function loadPgliteDump(dir: string, tarball: AsyncIterable<Buffer>): Promise<void> {
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  await mkdir(dir, { mode: 0o700 });
  await extractDump(dir, tarball);
  // Without it PGlite would make a new, empty database rather than open this one.
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new BackupDamagedError('Its database is not a PGlite data dir (no PG_VERSION)');
  }
  const pglite = new PGlite(dir, { extensions: EXTENSIONS, startParams: RESTORE_START_PARAMS });
  try {
    await continueOrderNumbers(async (statement) => {
      return (await pglite.query<Record<string, unknown>>(statement)).rows;
    });
  } finally {
    await pglite.close();
  }
  await ownerOnly(dir);
}

/** PGlite writes its files with the process's umask; the database holds card tokens and secrets. */
async function ownerOnly(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      await chmod(path, 0o700);
      await ownerOnly(path);
    } else if (entry.isFile()) {
      await chmod(path, 0o600);
    }
  }
}

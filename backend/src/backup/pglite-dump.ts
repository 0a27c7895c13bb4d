// A consistent copy of a PGlite database: its data dir as a tarball (dumpDataDir), taken while
// holding PGlite's transaction lock, so no other transaction is half done in it, and restored by
// opening a new, empty data dir with that tarball.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CONTINUE_ORDER_NUMBERS_SQL } from '../orders/order-numbers';

/** The extensions openDatabase loads, so a database opened here opens there too. */
const EXTENSIONS = { pg_trgm };

export async function dumpPglite(pglite: PGlite): Promise<Buffer> {
  const tarball = await pglite.transaction(() => pglite.dumpDataDir('none'));
  return Buffer.from(await tarball.arrayBuffer());
}

/** Opens a PGlite data dir no process has open (the shop is stopped) and dumps it. */
export async function dumpPgliteDir(dir: string): Promise<Buffer> {
  const pglite = new PGlite(dir, { extensions: EXTENSIONS });
  try {
    return await dumpPglite(pglite);
  } finally {
    await pglite.close();
  }
}

/**
 * Writes a dump into `dir`, which must not exist yet, checks it opens, and lets its order numbers
 * go on from its last order.
 */
export async function loadPgliteDump(dir: string, tarball: Buffer): Promise<void> {
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  await mkdir(dir, { mode: 0o700 });
  const pglite = new PGlite(dir, {
    extensions: EXTENSIONS,
    loadDataDir: new Blob([new Uint8Array(tarball)]),
  });
  try {
    await pglite.exec(CONTINUE_ORDER_NUMBERS_SQL);
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

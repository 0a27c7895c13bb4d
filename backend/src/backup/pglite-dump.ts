// A consistent copy of a PGlite database: its data dir as a tarball (dumpDataDir), taken while
// holding PGlite's transaction lock, so no other transaction is half done in it. pglite-load.ts
// restores one.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions openDatabase loads, so a database opened here opens there too. */
export const EXTENSIONS = { pg_trgm };

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

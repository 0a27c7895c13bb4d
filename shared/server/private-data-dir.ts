// The data dir holds live sign-in and card codes (the SMS outbox), secrets and the database's own
// files: nobody but the shop's user may read or write any of it. A umask of 077 makes everything
// this process creates from now on owner-only; the walk fixes what an older version or another
// umask left open, and what PGlite made (it sets its files' modes itself, 0666): run it again
// once the database is open. A file PGlite makes later sits in a 0700 directory all the same.
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const OWNER_ONLY_DIR = 0o700;

/** Makes `dataDir` and everything under it owner-only, and all this process creates too. */
export async function makeDataDirPrivate(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: OWNER_ONLY_DIR });
  await closeUp(dataDir);
}

async function closeUp(path: string): Promise<void> {
  // lstat: a link is never followed out of the data dir (and a link's own mode means nothing).
  const found = await lstat(path);
  if (found.isSymbolicLink()) return;
  if (found.isDirectory()) {
    if ((found.mode & 0o777) !== OWNER_ONLY_DIR) await chmod(path, OWNER_ONLY_DIR);
    for (const name of await readdir(path)) await closeUp(join(path, name));
  } else if ((found.mode & 0o077) !== 0) {
    // Owner's own bits stay (an executable stays executable for its owner).
    await chmod(path, found.mode & 0o700);
  }
}

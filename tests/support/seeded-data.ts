// A shop's data directory as its first start leaves it (PGlite migrated and seeded with the demo
// catalogue, its keys made), made once and copied for each shop a spec starts. A first start
// migrates and seeds, about 5 s of CPU on the 2-core CI machine, and the suite starts a dozen
// shops of its own; a copy takes a fraction of a second. The suite's two main shops still start
// from nothing, as `pnpm start` does on a fresh clone.
//
// The copy is named by everything that shapes the data: the backend's and the notifier's sources,
// the shared package, PGlite's version, and the day (the seed dates what it makes). Parallel
// workers build it once: the first takes a lock directory, the others wait for the result. The
// suite's global set-up makes it before the first spec, so no spec's time goes on it.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

const TEMPLATES = join(REPO_ROOT, '.tmp', 'seeded-data');
const SHAPING_SOURCES = ['backend/src', 'backend/drizzle', 'bot/src/notifier/store', 'shared/src'];
/** A builder that has held the lock this long is taken to have died. */
const STALE_LOCK_MS = 5 * 60_000;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(join(REPO_ROOT, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const dir of SHAPING_SOURCES) {
    for (const file of await filesUnder(dir)) {
      hash.update(file.slice(REPO_ROOT.length)).update(await readFile(file));
    }
  }
  const pglite = join(
    REPO_ROOT,
    'backend',
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  hash.update(await readFile(pglite));
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

async function takeLock(lock: string): Promise<boolean> {
  try {
    await mkdir(lock);
    return true;
  } catch {
    const age = Date.now() - (await stat(lock).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
    return false;
  }
}

/**
 * The seeded data directory, made first with `firstStart` (a shop started on the given empty
 * directory and stopped cleanly) unless this run or an earlier one with the same sources made it.
 */
export async function ensureSeededData(
  firstStart: (dataDir: string) => Promise<void>,
): Promise<string> {
  const template = join(TEMPLATES, await templateKey());
  const lock = `${template}.lock`;
  await mkdir(TEMPLATES, { recursive: true });
  while (!existsSync(template)) {
    if (await takeLock(lock)) {
      try {
        if (!existsSync(template)) {
          const building = `${template}.building`;
          await rm(building, { recursive: true, force: true });
          await firstStart(building);
          await rename(building, template);
        }
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    } else {
      // Another worker is making it.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return template;
}

/** Fills `target` (which must not exist) with a copy of the seeded data directory. */
export async function copySeededData(
  target: string,
  firstStart: (dataDir: string) => Promise<void>,
): Promise<void> {
  const template = await ensureSeededData(firstStart);
  await cp(template, target, { recursive: true, preserveTimestamps: true });
}

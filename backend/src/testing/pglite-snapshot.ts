// Test support: one migrated and seeded PGlite database per set of migrations and seed sources,
// kept as a dumpDataDir() tarball under .tmp/pglite-snapshot/, so each test file loads it
// (2-2.5x faster than initdb, migrations and seed on this machine) instead of building its own.
// The file name is a hash of the migrations, the seed's sources (every backend file the seed
// imports values from, and shared/src) and the PGlite version: a changed migration or seed makes
// a new snapshot. The first test process that needs a missing snapshot builds it under a lock
// file; the others wait for it.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../db/client';
import { seedDemoData } from '../seed/seed';

const BACKEND_SRC = fileURLToPath(new URL('..', import.meta.url));
const REPO_ROOT = resolve(BACKEND_SRC, '..', '..');
const SEED_ENTRY = join(BACKEND_SRC, 'seed', 'seed.ts');
const SHARED_SRC = join(REPO_ROOT, 'shared', 'src');
const SNAPSHOT_DIR = join(REPO_ROOT, '.tmp', 'pglite-snapshot');
/** A builder that has held the lock this long without finishing is taken to be gone. */
const STALE_LOCK_MS = 10 * 60_000;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** seed.ts and every backend source it imports values from, directly or not (relative imports). */
async function seedSources(): Promise<string[]> {
  const seen = new Set<string>();
  const pending = [SEED_ENTRY];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(file, 'utf8');
    // Type-only imports cannot change the data, so they are left out.
    for (const match of text.matchAll(
      /\b(?:import|export)\s+(type\s)?[^;]*?from\s+'(\.{1,2}\/[^']+)'/g,
    )) {
      if (match[1]) continue;
      const target = resolve(dirname(file), match[2] ?? '');
      for (const candidate of [`${target}.ts`, join(target, 'index.ts'), target]) {
        if (existsSync(candidate) && candidate.endsWith('.ts')) {
          pending.push(candidate);
          break;
        }
      }
    }
  }
  return [...seen].sort();
}

async function pgliteVersion(): Promise<string> {
  const manifest = join(
    BACKEND_SRC,
    '..',
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  const text = await readFile(manifest, 'utf8').catch(() => '{}');
  return (JSON.parse(text) as { version?: string }).version ?? 'unknown';
}

/** What the snapshot is made of; its hash names the file. */
async function snapshotKey(seedNow: Date): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`pglite ${await pgliteVersion()}\nnow ${seedNow.toISOString()}\n`);
  const files = [
    ...(await filesUnder(MIGRATIONS_FOLDER)),
    ...(await seedSources()),
    ...(await filesUnder(SHARED_SRC)),
  ];
  for (const file of files) {
    hash.update(`${relative(REPO_ROOT, file)}\n`);
    hash.update(await readFile(file));
    hash.update('\n');
  }
  return hash.digest('hex').slice(0, 24);
}

async function buildSnapshot(seedNow: Date): Promise<Uint8Array<ArrayBuffer>> {
  // The same extensions openDatabase loads, so the snapshot opens there.
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    const db = drizzle({ client });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await seedDemoData(db, seedNow);
    const tarball = await client.dumpDataDir('none');
    return new Uint8Array(await tarball.arrayBuffer());
  } finally {
    await client.close();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's holder is gone (its process ended or it has held it too long). */
async function lockIsStale(lockFile: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile)]);
    const pid = Number.parseInt(text, 10);
    if (Date.now() - info.mtimeMs > STALE_LOCK_MS) return true;
    return Number.isInteger(pid) && pid > 0 && !processAlive(pid);
  } catch {
    return false;
  }
}

/** Removes snapshots of older migrations or seeds, once a day old (another checkout may use them). */
async function pruneOld(keep: string): Promise<void> {
  const names = await readdir(SNAPSHOT_DIR).catch(() => []);
  for (const name of names) {
    if (name === keep || !name.endsWith('.tar')) continue;
    const file = join(SNAPSHOT_DIR, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 24 * 60 * 60_000) await rm(file, { force: true });
  }
}

const loaded = new Map<string, Promise<Blob>>();

/**
 * The tarball of a migrated database seeded at `seedNow`, built once and then read from
 * .tmp/pglite-snapshot/. Concurrent test processes never build it twice at once.
 */
export function seededSnapshot(seedNow: Date): Promise<Blob> {
  const cacheKey = seedNow.toISOString();
  let blob = loaded.get(cacheKey);
  if (!blob) {
    blob = loadOrBuild(seedNow);
    loaded.set(cacheKey, blob);
    blob.catch(() => loaded.delete(cacheKey));
  }
  return blob;
}

async function loadOrBuild(seedNow: Date): Promise<Blob> {
  const key = await snapshotKey(seedNow);
  const file = join(SNAPSHOT_DIR, `${key}.tar`);
  const lockFile = `${file}.lock`;
  await mkdir(SNAPSHOT_DIR, { recursive: true });
  for (;;) {
    const ready = await readFile(file).catch(() => null);
    if (ready) return new Blob([ready]);
    let lock;
    try {
      lock = await open(lockFile, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await lockIsStale(lockFile)) await rm(lockFile, { force: true });
      else await new Promise((done) => setTimeout(done, 250));
      continue;
    }
    try {
      await lock.writeFile(String(process.pid));
      await lock.close();
      // Another process may have finished between the read above and taking the lock.
      const finished = await readFile(file).catch(() => null);
      if (finished) return new Blob([finished]);
      const bytes = await buildSnapshot(seedNow);
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      await pruneOld(`${key}.tar`);
      return new Blob([bytes]);
    } finally {
      await rm(lockFile, { force: true });
    }
  }
}

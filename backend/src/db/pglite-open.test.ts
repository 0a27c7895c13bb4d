// A PGlite data dir that PostgreSQL cannot open (damaged, or not a database though it has a
// PG_VERSION, as a restored backup could be) fails the start with the reason in words and what
// to do, not an engine's stack trace, and the backend never listens on it.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSIONS } from '../backup/pglite-dump';
import { startEmbeddedBackend } from '../embedded';
import { seededSnapshot } from '../testing/pglite-snapshot';
import { T0 } from '../testing/test-backend';
import { DatabaseOpenError } from './client';

const BACKEND_DIR = fileURLToPath(new URL('../..', import.meta.url));

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shop-pglite-open-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A whole database, as the seeded snapshot, written into `dataDir`'s PGlite folder. */
async function wholeDatabase(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const pglite = new PGlite(dir, { extensions: EXTENSIONS, loadDataDir: await seededSnapshot(T0) });
  await pglite.close();
  return dir;
}

const damages: Record<string, { damage: (dataDir: string) => Promise<void>; said: RegExp }> = {
  // PostgreSQL stops with a PANIC here, and PGlite's engine aborts.
  'a database without its control file': {
    damage: async (dataDir) => {
      const dir = await wholeDatabase(dataDir);
      await rm(join(dir, 'global', 'pg_control'));
    },
    said: /PANIC: could not open file "global\/pg_control"/,
  },
  // Here PostgreSQL stops before its log starts, and PGlite reports that it did not start.
  'a PG_VERSION and nothing else': {
    damage: async (dataDir) => {
      await mkdir(join(dataDir, 'pglite'), { recursive: true });
      await writeFile(join(dataDir, 'pglite', 'PG_VERSION'), '18\n');
    },
    said: /postgres: could not access the server configuration file/,
  },
};

describe('the embedded backend on a PGlite it cannot open', () => {
  it.each(Object.keys(damages))(
    'refuses to start on %s, saying why and what to do',
    async (name) => {
      const dataDir = join(work, name.replaceAll(' ', '-'));
      const damaged = damages[name];
      if (!damaged) throw new Error(`no case ${name}`);
      await damaged.damage(dataDir);
      const refusal = await startEmbeddedBackend({ dataDir }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DatabaseOpenError);
      const message = refusal instanceof Error ? refusal.message : '';
      expect(message).toContain(`The database in ${join(dataDir, 'pglite')} could not be opened`);
      expect(message).toMatch(damaged.said);
      expect(message).toMatch(/restore a backup into a new, empty data dir/);
      expect(message).not.toMatch(/\n|Aborted\(\)|wasm/);
      // It never listened: no address was left for the operator's commands.
      expect(await readdir(dataDir)).toEqual(['pglite']);
    },
    120_000,
  );

  it('says so in one line when run as `pnpm --filter @shop/backend start`', async () => {
    const dataDir = join(work, 'backend-main');
    await damages['a PG_VERSION and nothing else']?.damage(dataDir);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: BACKEND_DIR,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^The backend could not start: The database in \S+ could not be opened \([^\n]+\)\. [^\n]+\n$/,
    );
  }, 120_000);
});

// `pnpm data:restore` on crafted backups, whole and with a manifest that matches them, holding
// what no backup writes, or a database dump that is not a PGlite data dir: each is refused as
// damaged, in one line, and nothing is changed. One that looks like a data dir but that
// PostgreSQL cannot open is restored, and refused at the shop's start instead.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError } from '../db/client';
import { startEmbeddedBackend } from '../embedded';
import { seededSnapshot } from '../testing/pglite-snapshot';
import { runRestoreProcess } from '../testing/restore-process';
import { T0 } from '../testing/test-backend';
import { createBackupWriter, DATABASE_ENTRY } from './backup-archive';
import { runRestoreCommand } from './restore-command';
import { tarHeader, tarPadding } from './tar';

let work: string;
let database: Buffer;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shop-restore-refusals-'));
  database = Buffer.from(await (await seededSnapshot(T0)).arrayBuffer());
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A whole backup of a shop on PGlite, its manifest matching, holding `files` besides. */
async function craftedBackup(
  name: string,
  files: Record<string, Buffer>,
  pgliteDump = database,
): Promise<string> {
  const file = join(work, `${name}.tar.gz`);
  const writer = createBackupWriter(file, 'pglite', T0);
  await writer.add(DATABASE_ENTRY.pglite, pgliteDump);
  for (const [path, data] of Object.entries(files)) await writer.add(path, data);
  await writer.finish();
  return file;
}

/** Restores `file` into a new data dir; answers the exit code (or the error thrown) and words. */
async function restore(file: string, dataDir: string) {
  const err: string[] = [];
  const io = { env: { DATA_DIR: dataDir }, out: () => undefined, err: (l: string) => err.push(l) };
  const code = await runRestoreCommand([file], io).catch((error: unknown) => String(error));
  return { code, err };
}

async function expectNothingChanged(dataDir: string): Promise<void> {
  await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
  expect((await readdir(work)).filter((name) => name.includes('restoring'))).toEqual([]);
}

const DAMAGED = /is damaged or not a shop backup: .+\. Nothing was changed\.$/;
const WRITE_FAILED = /^Nothing was restored: .+\. \S+ is as it was\.$/;

describe('data:restore accepts only what a backup writes', () => {
  const byte = Buffer.from('x');
  const cases: Record<string, Record<string, Buffer>> = {
    // The database is restored from its own entry; a file over it is not the shop's.
    'a file inside the database': { 'files/pglite/PG_VERSION': Buffer.from('17\n') },
    'the notifier database': { 'files/notifier/pglite/PG_VERSION': Buffer.from('17\n') },
    // Written by the running shop at each start, never carried.
    'the running shop address': { 'files/backend-url': Buffer.from('http://127.0.0.1:1\n') },
    'a hidden file': { 'files/.photo.webp.partial': byte },
    'the other kind of database': { [DATABASE_ENTRY.postgres]: byte },
    'a file and a folder of one name': { 'files/photos': byte, 'files/photos/a.webp': byte },
  };

  it.each(Object.keys(cases))(
    'refuses %s as damaged, changing nothing',
    async (name) => {
      const file = await craftedBackup(name.replaceAll(' ', '-'), cases[name] ?? {});
      const dataDir = join(work, `restored-${name.replaceAll(' ', '-')}`);
      const { code, err } = await restore(file, dataDir);
      expect(code).toBe(1);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(DAMAGED);
      await expectNothingChanged(dataDir);
    },
    60_000,
  );

  /** A PGlite dump as PGlite writes one (names from its root) of `files`, in order. */
  const dumpOf = (files: [string, string][]) =>
    Buffer.concat([
      ...files.map(([path, text]) =>
        Buffer.concat([
          tarHeader(path, text.length, T0),
          Buffer.from(text),
          tarPadding(text.length),
        ]),
      ),
      Buffer.alloc(1024),
    ]);
  const dumps: Record<string, Buffer> = {
    'a database with no PG_VERSION': dumpOf([['/base/1/112', 'page']]),
    'a database file where its folder goes': dumpOf([
      ['/PG_VERSION', '17\n'],
      ['/base', 'x'],
      ['/base/1/112', 'page'],
    ]),
    'a database file twice': dumpOf([
      ['/PG_VERSION', '17\n'],
      ['/PG_VERSION', '17\n'],
    ]),
    'a database cut short': dumpOf([['/PG_VERSION', '17\n']]).subarray(0, 700),
    'a database with no control file': dumpOf([
      ['/PG_VERSION', '18\n'],
      ['/base/1/112', 'page'],
    ]),
  };

  it.each(Object.keys(dumps))(
    'refuses %s as damaged, changing nothing',
    async (name) => {
      const file = await craftedBackup(name.replaceAll(' ', '-'), {}, dumps[name]);
      const dataDir = join(work, `restored-${name.replaceAll(' ', '-')}`);
      const { code, err } = await restore(file, dataDir);
      expect(code).toBe(1);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/Its database is not a PGlite data dir/);
      expect(err[0]).toMatch(DAMAGED);
      await expectNothingChanged(dataDir);
    },
    60_000,
  );

  it('restores a database PostgreSQL then cannot open, and the shop start says so in words', async () => {
    // A data dir in every way restore can see without the database engine; not one inside.
    const dump = dumpOf([
      ['/PG_VERSION', '18\n'],
      ['/global/pg_control', 'Z'.repeat(8192)],
    ]);
    const file = await craftedBackup('unopenable', {}, dump);
    const dataDir = join(work, 'restored-unopenable');
    expect(await restore(file, dataDir)).toEqual({ code: 0, err: [] });
    const start = await startEmbeddedBackend({ dataDir }).catch((error: unknown) => error);
    expect(start).toBeInstanceOf(DatabaseOpenError);
    expect(String(start)).toMatch(/could not be opened \(PostgreSQL: .+\)\. .*restore a backup/);
  }, 60_000);

  it('refuses in one line a data dir it cannot make, changing nothing', async () => {
    const file = await craftedBackup('unwritable', {});
    const notAFolder = join(work, 'not-a-folder');
    await writeFile(notAFolder, 'mine');
    const dataDir = join(notAFolder, 'data');
    const { code, err } = await restore(file, dataDir);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(WRITE_FAILED);
    expect(err[0]).toContain(notAFolder);
    expect(await readFile(notAFolder, 'utf8')).toBe('mine');
    expect((await readdir(work)).filter((name) => name.includes('restoring'))).toEqual([]);
  }, 60_000);

  it('refuses in one line when a write fails halfway, as on a full disk, changing nothing', async () => {
    const file = await craftedBackup(
      'too-large-to-write',
      { [`files/photos/${'b'.repeat(32)}.webp`]: Buffer.alloc(4 * 1024 * 1024, 7) },
      dumpOf([
        ['/PG_VERSION', '18\n'],
        ['/global/pg_control', 'Z'.repeat(8192)],
      ]),
    );
    const dataDir = join(work, 'restored-too-large');
    const run = await runRestoreProcess([file], { DATA_DIR: dataDir }, work, {
      smallFilesOnly: true,
    });
    expect(run.stderr.split('\n')).toEqual([expect.stringMatching(WRITE_FAILED), '']);
    expect(run.stderr).toContain('EFBIG');
    expect(run.status).toBe(1);
    await expectNothingChanged(dataDir);
  }, 60_000);

  it('says so in one line and exits 1 when run as the operator runs it, no stack trace', async () => {
    const file = await craftedBackup('script', { 'files/pglite/PG_VERSION': Buffer.from('17\n') });
    const dataDir = join(work, 'restored-by-script');
    const run = await runRestoreProcess([file], { DATA_DIR: dataDir }, work);
    expect(run.stderr).toMatch(new RegExp(`^[^\\n]*${DAMAGED.source.replace('$', '')}\\n$`));
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    await expectNothingChanged(dataDir);
  }, 60_000);
});

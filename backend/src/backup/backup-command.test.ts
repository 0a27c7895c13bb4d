// `pnpm data:backup` and `pnpm data:restore` on the embedded backend, around what the whole-shop
// round trip (bot/src/backup-round-trip.test.ts) does not reach: the operator call that hands over
// the database, a backup of a stopped shop, a shop that crashed, `--check`, and bad usage.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBackend, type EmbeddedBackend } from '../embedded';
import { OPERATOR_PATHS, OPERATOR_SECRET_HEADER } from '@shop/shared';
import { runBackupCommand } from './backup-command';
import { runRestoreCommand } from './restore-command';

function io(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { env, out: (l: string) => out.push(l), err: (l: string) => err.push(l) },
    out,
    err,
  };
}

/** A loopback port nothing listens on (taken, then let go). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 1;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

let work: string;
let dataDir: string;
let backend: EmbeddedBackend | null = null;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shop-backup-cmd-'));
  dataDir = join(work, 'data');
  backend = await startEmbeddedBackend({ dataDir, printSms: () => undefined });
}, 120_000);

afterAll(async () => {
  await backend?.close();
  await rm(work, { recursive: true, force: true });
});

describe('the operator call that hands over the database', () => {
  it('answers only the operator secret, with a PGlite tarball', async () => {
    if (!backend) throw new Error('not started');
    const url = `${backend.url}${OPERATOR_PATHS.databaseDump}`;
    expect((await fetch(url)).status).toBe(401);
    expect(
      (await fetch(url, { headers: { [OPERATOR_SECRET_HEADER]: 'x'.repeat(40) } })).status,
    ).toBe(401);
    const secret = (await readFile(join(dataDir, 'operator-secret'), 'utf8')).trim();
    const answer = await fetch(url, { headers: { [OPERATOR_SECRET_HEADER]: secret } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/x-tar');
    const tarball = Buffer.from(await answer.arrayBuffer());
    // A ustar archive of PGlite's data dir.
    expect(tarball.subarray(257, 262).toString('ascii')).toBe('ustar');
    expect(tarball.toString('latin1')).toContain('PG_VERSION');
  });
});

describe('data:backup and data:restore', () => {
  it('backs up a stopped shop by opening its data dir, and restores it', async () => {
    await backend?.close();
    backend = null;
    // What a backup killed two days ago left behind goes; nothing else does.
    const abandoned = join(dataDir, '.backup-killed');
    await mkdir(abandoned);
    await utimes(
      abandoned,
      new Date(Date.now() - 2 * 86_400_000),
      new Date(Date.now() - 2 * 86_400_000),
    );
    const file = join(work, 'stopped.tar.gz');
    const backup = io({ DATA_DIR: dataDir });
    expect(await runBackupCommand([file], backup.io), backup.err.join('\n')).toBe(0);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // No staging folder is left in the data dir.
    expect((await readdir(dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);

    const checked = io({});
    expect(await runRestoreCommand(['--check', file], checked.io)).toBe(0);
    expect(checked.out.join('\n')).toMatch(/is whole: the backup of a shop on the embedded PGlite/);

    const restoredDir = join(work, 'restored');
    const restore = io({ DATA_DIR: restoredDir });
    expect(await runRestoreCommand([file], restore.io), restore.err.join('\n')).toBe(0);
    expect((await readFile(join(restoredDir, 'operator-secret'), 'utf8')).trim()).toBe(
      (await readFile(join(dataDir, 'operator-secret'), 'utf8')).trim(),
    );
    const pglite = new PGlite(join(restoredDir, 'pglite'), { extensions: { pg_trgm } });
    try {
      const products = await pglite.query<{ count: number }>(
        'select count(*)::int as count from products',
      );
      expect(products.rows[0]?.count).toBeGreaterThan(10);
    } finally {
      await pglite.close();
    }
  }, 120_000);

  it('refuses to open the database of a shop that crashed without saying so, writing nothing', async () => {
    const port = await closedPort();
    await writeFile(join(dataDir, 'backend-url'), `http://127.0.0.1:${port}\n`);
    const file = join(work, 'crashed.tar.gz');
    const backup = io({ DATA_DIR: dataDir });
    expect(await runBackupCommand([file], backup.io)).toBe(1);
    expect(backup.err.join('\n')).toMatch(
      /No backup was written: .*backend-url names .* but the shop does not answer there\. If the shop is stopped/,
    );
    await expect(stat(file)).rejects.toThrow();
    expect((await readdir(work)).filter((name) => name.includes('crashed'))).toEqual([]);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    await rm(join(dataDir, 'backend-url'));
  });

  it('says how to use it, and refuses what it cannot back up or restore', async () => {
    const cases: { run: () => Promise<number>; code: number; says: RegExp; err: string[] }[] = [];
    const add = (
      command: typeof runBackupCommand,
      args: string[],
      env: Record<string, string>,
      code: number,
      says: RegExp,
    ) => {
      const call = io(env);
      cases.push({ run: () => command(args, call.io), code, says, err: call.err });
    };
    const emptyDir = join(work, 'empty');
    await mkdir(emptyDir);
    add(runBackupCommand, [], {}, 2, /^Usage: pnpm data:backup <file>/);
    add(runBackupCommand, ['a', 'b'], {}, 2, /^Usage/);
    add(runBackupCommand, ['x.tar.gz'], { DATA_DIR: join(work, 'none') }, 1, /no data dir/);
    add(runBackupCommand, ['x.tar.gz'], { DATA_DIR: emptyDir }, 1, /There is no database in/);
    add(
      runBackupCommand,
      [join(work, 'missing', 'x.tar.gz')],
      { DATA_DIR: dataDir },
      1,
      /The folder .*missing does not exist/,
    );
    add(runRestoreCommand, [], {}, 2, /^Usage: pnpm data:restore <file>/);
    add(runRestoreCommand, ['--check'], {}, 2, /^Usage/);
    add(runRestoreCommand, [join(work, 'nothing.tar.gz')], {}, 1, /There is no backup file at/);
    for (const { run, code, says, err } of cases) {
      expect(await run(), String(says)).toBe(code);
      expect(err.join('\n')).toMatch(says);
    }
  });
});

// `pnpm data:restore` holds no entry whole, however large: crafted backups a few hundred KiB on
// disk that unpack to an entry of 256 MiB of zeros are refused as damaged, in one line, changing
// nothing, and a whole backup holding such a file is restored, each in a process whose peak
// resident memory (the kernel's count, read as it exits: no timing) stays under a hard limit.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededSnapshot } from '../testing/pglite-snapshot';
import { runRestoreProcess } from '../testing/restore-process';
import { T0 } from '../testing/test-backend';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupDamagedError,
  BackupTooLargeError,
  DATABASE_ENTRY,
  MANIFEST_PATH,
  manifestBytes,
  MAX_MANIFEST_BYTES,
  type Manifest,
} from './backup-archive';
import { MAX_ENTRIES, verifiedEntries } from './backup-reader';
import { tarHeader, tarPadding } from './tar';

const MIB = 1024 * 1024;
const LARGE = 256 * MIB;
const MEMORY_LIMIT = 256 * MIB;
const PHOTO = `files/photos/${'a'.repeat(32)}.webp`;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'shop-restore-memory-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

function manifestOf(files: Manifest['files']): Manifest {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: T0.toISOString(),
    kind: 'pglite',
    files,
  };
}

/** One whole tar entry, header to padding. */
function tarEntry(path: string, data: Buffer): Buffer {
  return Buffer.concat([tarHeader(path, data.length, T0), data, tarPadding(data.length)]);
}

/** Raw tar bytes, or a run of LARGE zero bytes: the body of an entry whose header went before. */
type Part = Buffer | 'large zeros';

/**
 * A gzip'd tar of `parts`, then the end blocks, written as gzip members (a member per MiB of
 * zeros, about 1 KiB each), which gunzip reads as one stream: LARGE zeros take 256 KiB on disk.
 */
async function archiveOf(name: string, parts: Part[]): Promise<string> {
  const file = join(work, `${name}.tar.gz`);
  const out = createWriteStream(file);
  const zeros = gzipSync(Buffer.alloc(MIB));
  for (const part of [...parts, Buffer.alloc(1024)]) {
    if (part !== 'large zeros') out.write(gzipSync(part));
    else for (let written = 0; written < LARGE; written += MIB) out.write(zeros);
  }
  out.end();
  await new Promise<void>((resolve, reject) => {
    out
      .once('close', () => {
        resolve();
      })
      .once('error', reject);
  });
  return file;
}

/** The parts of an entry of LARGE zero bytes at `path`. */
function largeEntry(path: string): Part[] {
  return [tarHeader(path, LARGE, T0), 'large zeros', tarPadding(LARGE)];
}

function manifestEntry(manifest: Manifest): Buffer {
  return tarEntry(MANIFEST_PATH, Buffer.from(JSON.stringify(manifest, null, 2)));
}

/** A manifest of tiny listings, as many as fit in MAX_MANIFEST_BYTES. */
function largestManifest(): Buffer {
  const listing = (index: number) => ({
    path: `files/${String(index).padStart(7, '0')}`,
    size: 0,
    sha256: '0'.repeat(64),
  });
  const perListing = JSON.stringify(listing(0)).length + 1;
  const count = Math.floor((MAX_MANIFEST_BYTES - 200) / perListing);
  const files = Array.from({ length: count }, (_, index) => listing(index));
  const bytes = Buffer.from(JSON.stringify(manifestOf(files)));
  expect(bytes.length).toBeLessThanOrEqual(MAX_MANIFEST_BYTES);
  expect(bytes.length).toBeGreaterThan(MAX_MANIFEST_BYTES - 200 - perListing);
  return bytes;
}

const DAMAGED = /^[^\n]*is damaged or not a shop backup: [^\n]+\. Nothing was changed\.\n$/;
const SMALL_LISTING = { path: 'files/big', size: 3, sha256: '0'.repeat(64) };

describe('data:restore holds no entry whole in memory', () => {
  const refused: Record<string, () => Promise<string>> = {
    'an entry larger than its manifest says': () =>
      archiveOf('larger', [...largeEntry('files/big'), manifestEntry(manifestOf([SMALL_LISTING]))]),
    'an entry its manifest does not list': () =>
      archiveOf('unlisted', [...largeEntry('files/big'), manifestEntry(manifestOf([]))]),
    'a manifest that large': () => archiveOf('large-manifest', largeEntry(MANIFEST_PATH)),
    'the largest manifest read, listing what is not there': () =>
      archiveOf('largest-manifest', [tarEntry(MANIFEST_PATH, largestManifest())]),
    'more entries than a manifest can list': () =>
      archiveOf('many-entries', [
        Buffer.concat(
          Array.from({ length: MAX_ENTRIES + 1 }, (_, index) =>
            tarEntry(`files/${index}`, Buffer.alloc(0)),
          ),
        ),
      ]),
  };

  it.each(Object.keys(refused))(
    'refuses %s in one line, changing nothing, under 256 MB',
    async (name) => {
      const file = await refused[name]?.();
      if (!file) throw new Error(`no case ${name}`);
      expect((await stat(file)).size).toBeLessThan(MIB);
      const dataDir = join(work, `restored-${name.replaceAll(' ', '-')}`);
      const run = await runRestoreProcess([file], { DATA_DIR: dataDir }, work);
      expect(run.stderr).toMatch(DAMAGED);
      expect(run.status).toBe(1);
      expect(run.peakRssBytes).toBeLessThan(MEMORY_LIMIT);
      await expect(stat(dataDir)).rejects.toThrow(/ENOENT/);
      expect((await readdir(work)).filter((entry) => entry.includes('restoring'))).toEqual([]);
    },
    120_000,
  );

  it('restores a whole backup of PGlite holding a 256 MiB file under 256 MB', async () => {
    const database = Buffer.from(await (await seededSnapshot(T0)).arrayBuffer());
    const zeros = createHash('sha256');
    for (let hashed = 0; hashed < LARGE; hashed += MIB) zeros.update(Buffer.alloc(MIB));
    const manifest = manifestOf([
      {
        path: DATABASE_ENTRY.pglite,
        size: database.length,
        sha256: createHash('sha256').update(database).digest('hex'),
      },
      { path: PHOTO, size: LARGE, sha256: zeros.digest('hex') },
    ]);
    const file = await archiveOf('whole', [
      tarEntry(DATABASE_ENTRY.pglite, database),
      ...largeEntry(PHOTO),
      manifestEntry(manifest),
    ]);
    const dataDir = join(work, 'restored-whole');
    const run = await runRestoreProcess([file], { DATA_DIR: dataDir }, work);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.peakRssBytes).toBeLessThan(MEMORY_LIMIT);
    expect((await stat(join(dataDir, PHOTO.replace('files/', '')))).size).toBe(LARGE);
  }, 120_000);

  it('measures the restore itself, not the test that starts it', async () => {
    // The test holds more than the limit, touched, while it starts the restore.
    const held = Buffer.alloc(MEMORY_LIMIT + 64 * MIB, 1);
    const file = await archiveOf('empty', [manifestEntry(manifestOf([]))]);
    const run = await runRestoreProcess([file], { DATA_DIR: join(work, 'restored-empty') }, work);
    expect(run.stderr).toMatch(DAMAGED);
    expect(held.length).toBeGreaterThan(MEMORY_LIMIT);
    expect(run.peakRssBytes).toBeLessThan(MEMORY_LIMIT);
  }, 120_000);

  it('refuses an entry larger than its manifest says from its header, before its bytes', async () => {
    // The manifest a first reading found; the file then changed under it.
    const manifest = manifestOf([SMALL_LISTING]);
    const file = await archiveOf('changed', [...largeEntry('files/big'), manifestEntry(manifest)]);
    const readAll = async () => {
      const entries = verifiedEntries(file, manifest);
      while (!(await entries.next()).done);
    };
    const refusal = await readAll().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BackupDamagedError);
    expect(String(refusal)).toMatch(/files\/big is 268435456 bytes, not the 3 its manifest gives/);
  }, 120_000);
});

describe('data:backup', () => {
  it('writes no manifest larger than a restore reads', () => {
    const listing = (index: number) => ({
      path: `files/${String(index).padStart(7, '0')}`,
      size: 0,
      sha256: '0'.repeat(64),
    });
    const listings = (count: number) => Array.from({ length: count }, (_, index) => listing(index));
    const perListing =
      manifestBytes(manifestOf(listings(2))).length - manifestBytes(manifestOf(listings(1))).length;
    const fitting = Math.floor((MAX_MANIFEST_BYTES - 200) / perListing);
    expect(manifestBytes(manifestOf(listings(fitting))).length).toBeLessThanOrEqual(
      MAX_MANIFEST_BYTES,
    );
    expect(() => manifestBytes(manifestOf(listings(fitting + 10)))).toThrow(BackupTooLargeError);
  });
});

// The backup's tar: what it writes, GNU tar reads; what it reads, it checks.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTarWriter,
  isSafeEntryPath,
  readTar,
  type TarEntry,
  type TarReadOptions,
} from './tar';

async function written(entries: Record<string, Buffer>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = createTarWriter(out);
  for (const [path, data] of Object.entries(entries)) await tar.add(path, data);
  await tar.finish();
  return Buffer.concat(chunks);
}

interface ReadEntry {
  path: string;
  type: TarEntry['type'];
  data: Buffer;
}

async function read(bytes: Buffer, options: TarReadOptions = {}): Promise<ReadEntry[]> {
  const entries: ReadEntry[] = [];
  for await (const entry of readTar(Readable.from([bytes]), options)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    entries.push({ path: entry.path, type: entry.type, data: Buffer.concat(chunks) });
  }
  return entries;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shop-tar-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tar', () => {
  const entries = {
    'files/photos/a.webp': Buffer.from([1, 2, 3, 0, 255]),
    'files/empty': Buffer.alloc(0),
    'database/pglite.tar': Buffer.alloc(1500, 7),
  };

  it('writes what GNU tar reads, and reads its own back byte for byte', async () => {
    const bytes = await written(entries);
    const file = join(dir, 'a.tar');
    await writeFile(file, bytes);
    const listed = execFileSync('tar', ['-tvf', file], { encoding: 'utf8' });
    expect(listed).toMatch(/-rw------- .* 1500 .* database\/pglite\.tar/);
    execFileSync('tar', ['-xf', file, '-C', dir]);
    expect(await readFile(join(dir, 'files', 'photos', 'a.webp'))).toEqual(
      entries['files/photos/a.webp'],
    );
    expect(await read(bytes)).toEqual(
      Object.entries(entries).map(([path, data]) => ({ path, type: 'file', data })),
    );
  });

  it('skips what is not read of an entry, and reads a body in chunks as they come', async () => {
    const bytes = await written(entries);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) =>
      bytes.subarray(i * 100, (i + 1) * 100),
    );
    const paths: string[] = [];
    for await (const entry of readTar(Readable.from(chunks))) {
      paths.push(entry.path);
      if (entry.path === 'database/pglite.tar') {
        // The rest of the chunk its header came in, not the entry's 1500 bytes.
        const first = (await entry.body.next()).value ?? Buffer.alloc(0);
        expect(first.length).toBeGreaterThan(0);
        expect(first.length).toBeLessThanOrEqual(100);
        expect(first).toEqual(Buffer.alloc(first.length, 7));
      }
    }
    expect(paths).toEqual(Object.keys(entries));
  });

  it("reads folders and names from the root, as PGlite's dump writes them, only when asked", async () => {
    const file = join(dir, 'rooted.tar');
    const tree = join(dir, 'tree');
    execFileSync('mkdir', ['-p', join(tree, 'base', '1')]);
    await writeFile(join(tree, 'base', '1', '112'), 'page');
    execFileSync('tar', ['-cf', file, '--format=ustar', '-C', tree, 'base']);
    await expect(read(await readFile(file))).rejects.toThrow(/"base\/", which is not a plain file/);
    // GNU tar drops a leading '/' as it writes: add it back, as PGlite writes its names.
    const rooted = Buffer.from(
      execFileSync('tar', [
        '-cf',
        '-',
        '--format=ustar',
        '-P',
        '--transform=s,^,/,',
        '-C',
        tree,
        'base',
      ]),
    );
    expect(await read(rooted, { folders: true, rootedNames: true })).toEqual([
      { path: 'base', type: 'folder', data: Buffer.alloc(0) },
      { path: 'base/1', type: 'folder', data: Buffer.alloc(0) },
      { path: 'base/1/112', type: 'file', data: Buffer.from('page') },
    ]);
    await expect(read(rooted, { folders: true })).rejects.toThrow(/unsafe path "\/base\/"/);
  });

  it('refuses a damaged header, a cut archive, and anything but a plain file at a safe path', async () => {
    const bytes = await written(entries);
    const damaged = Buffer.from(bytes);
    damaged[10] = 0x41;
    await expect(read(damaged)).rejects.toThrow(/checksum/);
    await expect(read(bytes.subarray(0, 300))).rejects.toThrow(/ends in the middle of a header/);
    await expect(read(bytes.subarray(0, 700))).rejects.toThrow(/ends after files\/photos/);
    await expect(read(bytes.subarray(0, 512 * 3 + 100))).rejects.toThrow(/ends/);

    const linkFile = join(dir, 'link.tar');
    execFileSync('ln', ['-sf', '/etc/passwd', join(dir, 'evil')]);
    execFileSync('tar', ['-cf', linkFile, '-C', dir, 'evil']);
    await expect(read(await readFile(linkFile))).rejects.toThrow(/not a plain file/);

    for (const path of ['../x', '/etc/x', 'a//b', 'a/./b', '', 'a\\b', 'x'.repeat(101)]) {
      expect(isSafeEntryPath(path), path).toBe(false);
    }
    expect(isSafeEntryPath('files/notifier/order-events-secret')).toBe(true);
    const out = new PassThrough();
    await expect(createTarWriter(out).add('../escape', Buffer.alloc(1))).rejects.toThrow(
      /Cannot archive/,
    );
  });
});

// The backup's tar: what it writes, GNU tar reads; what it reads, it checks.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTarWriter, isSafeEntryPath, readTar, type TarEntry } from './tar';

async function written(entries: Record<string, Buffer>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = createTarWriter(out);
  for (const [path, data] of Object.entries(entries)) await tar.add(path, data);
  await tar.finish();
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  for await (const entry of readTar(Readable.from([bytes]))) entries.push(entry);
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
      Object.entries(entries).map(([path, data]) => ({ path, data })),
    );
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

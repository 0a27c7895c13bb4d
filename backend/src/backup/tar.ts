// A small ustar writer and reader, for backups: regular files only, each entry's bytes held in
// memory one at a time (a photo, a secret, the database dump). The reader checks every header's
// checksum and refuses anything but a regular file with a safe relative path, so a damaged or
// crafted archive is refused rather than written somewhere unexpected.
import type { Readable, Writable } from 'node:stream';

const BLOCK = 512;
const NAME_LENGTH = 100;
/** 11 octal digits: the largest size a plain ustar header holds (8 GiB - 1). */
const MAX_SIZE = 8 ** 11 - 1;

export class TarError extends Error {}

/** A path we write and accept: relative, '/'-separated, no '.', '..' or empty parts. */
export function isSafeEntryPath(path: string): boolean {
  if (path.length === 0 || path.length > NAME_LENGTH) return false;
  if (path.startsWith('/') || path.includes('\\') || path.includes('\0')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(path: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(path, 0, NAME_LENGTH, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(octal(checksum(block), 7), 148, 'ascii');
  block.write(' ', 155, 'ascii');
  return block;
}

/** The sum of the header's bytes with its checksum field counted as spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  return sum;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

function write(out: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (error) => {
      if (error) reject(error);
      else resolve();
    });
  });
}

export interface TarWriter {
  add(path: string, data: Buffer, mtime?: Date): Promise<void>;
  /** Writes the end-of-archive blocks and ends `out`. */
  finish(): Promise<void>;
}

export function createTarWriter(out: Writable): TarWriter {
  return {
    async add(path, data, mtime = new Date()) {
      if (!isSafeEntryPath(path)) throw new TarError(`Cannot archive the path "${path}"`);
      if (data.length > MAX_SIZE) throw new TarError(`${path} is too large for the archive`);
      await write(out, header(path, data.length, mtime));
      await write(out, data);
      await write(out, padding(data.length));
    },
    async finish() {
      await write(out, Buffer.alloc(BLOCK * 2));
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      });
    },
  };
}

/** Reads exactly n bytes from a stream's chunks, or fewer at its end. */
function byteReader(input: Readable) {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending: Buffer[] = [];
  let held = 0;
  let ended = false;
  return async (n: number): Promise<Buffer> => {
    while (held < n && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else {
        pending.push(next.value);
        held += next.value.length;
      }
    }
    const all = pending.length === 1 ? (pending[0] ?? Buffer.alloc(0)) : Buffer.concat(pending);
    const taken = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(taken.length);
    pending = rest.length > 0 ? [rest] : [];
    held = rest.length;
    return taken;
  };
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseOctal(block: Buffer, start: number, length: number, what: string): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarError(`A header's ${what} is not a number`);
  return Number.parseInt(text, 8);
}

export interface TarEntry {
  path: string;
  data: Buffer;
}

/** The archive's entries in order; throws a TarError on anything damaged or unexpected. */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const read = byteReader(input);
  for (;;) {
    const block = await read(BLOCK);
    if (block.length < BLOCK) throw new TarError('The archive ends in the middle of a header');
    if (block.every((byte) => byte === 0)) return;
    if (parseOctal(block, 148, 8, 'checksum') !== checksum(block)) {
      throw new TarError('A header does not match its checksum');
    }
    const type = String.fromCharCode(block[156] ?? 0);
    const prefix = field(block, 345, 155);
    const path = prefix
      ? `${prefix}/${field(block, 0, NAME_LENGTH)}`
      : field(block, 0, NAME_LENGTH);
    if (type !== '0' && type !== '\0') {
      throw new TarError(`The archive holds "${path}", which is not a plain file`);
    }
    if (!isSafeEntryPath(path)) throw new TarError(`The archive holds an unsafe path "${path}"`);
    const size = parseOctal(block, 124, 12, 'size');
    const data = await read(size);
    if (data.length < size) throw new TarError(`The archive ends in the middle of ${path}`);
    const pad = padding(size).length;
    if ((await read(pad)).length < pad) throw new TarError(`The archive ends after ${path}`);
    yield { path, data };
  }
}

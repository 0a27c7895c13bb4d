// A small ustar writer and reader, for backups: regular files only. The writer takes each entry's
// bytes whole (a photo, a secret, the database dump); the reader streams them, so no entry is held
// whole whatever size its header gives. It checks every header's checksum and refuses anything
// but a regular file with a safe relative path (and, when asked, a folder, for PGlite's own
// dump), so a damaged or crafted archive is refused rather than written somewhere unexpected.
import type { Writable } from 'node:stream';

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

/** The ustar header block of a plain file, owner-only. */
export function tarHeader(path: string, size: number, mtime: Date): Buffer {
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

/** The zero bytes that fill an entry of `size` bytes up to a whole block. */
export function tarPadding(size: number): Buffer {
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
      await write(out, tarHeader(path, data.length, mtime));
      await write(out, data);
      await write(out, tarPadding(data.length));
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

/** Takes bytes from a stream's chunks as they come, holding no more than the chunk at hand. */
function byteReader(input: AsyncIterable<Buffer>) {
  const iterator = input[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  const fill = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done) return false;
    pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    return true;
  };
  const take = (n: number): Buffer => {
    const taken = pending.subarray(0, n);
    pending = pending.subarray(taken.length);
    return taken;
  };
  return {
    /** Exactly n bytes (a header, a padding: n is small), or fewer at the stream's end. */
    async exactly(n: number): Promise<Buffer> {
      while (pending.length < n && (await fill()));
      return take(n);
    },
    /** Between 1 and n bytes, or none at the stream's end. */
    async upTo(n: number): Promise<Buffer> {
      if (pending.length === 0) await fill();
      return take(n);
    },
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

export interface TarReadOptions {
  /** Accept folders as entries (a PGlite dump lists them). */
  folders?: boolean;
  /** Names start with one '/', dropped (a PGlite dump names its files from its root). */
  rootedNames?: boolean;
}

export interface TarEntry {
  path: string;
  type: 'file' | 'folder';
  /** The size its header gives: what `body` answers, or a TarError if the archive ends first. */
  size: number;
  /** The entry's bytes as they are read; what is not read before the next entry is skipped. */
  body: AsyncGenerator<Buffer, void, undefined>;
}

type TarHeader = Omit<TarEntry, 'body'>;

function parseHeader(block: Buffer, options: TarReadOptions): TarHeader {
  if (parseOctal(block, 148, 8, 'checksum') !== checksum(block)) {
    throw new TarError('A header does not match its checksum');
  }
  const typeFlag = String.fromCharCode(block[156] ?? 0);
  const prefix = field(block, 345, 155);
  const name = prefix ? `${prefix}/${field(block, 0, NAME_LENGTH)}` : field(block, 0, NAME_LENGTH);
  const type = typeFlag === '0' || typeFlag === '\0' ? 'file' : typeFlag === '5' ? 'folder' : null;
  if (type === null || (type === 'folder' && !options.folders)) {
    throw new TarError(`The archive holds "${name}", which is not a plain file`);
  }
  let path = name;
  if (options.rootedNames && path.startsWith('/')) path = path.slice(1);
  if (type === 'folder' && path.endsWith('/')) path = path.slice(0, -1);
  if (!isSafeEntryPath(path)) throw new TarError(`The archive holds an unsafe path "${name}"`);
  return { path, type, size: parseOctal(block, 124, 12, 'size') };
}

/**
 * The archive's entries in order, each entry's bytes streamed as its body is read (never held
 * whole, whatever size a header gives); throws a TarError on anything damaged or unexpected.
 */
export async function* readTar(
  input: AsyncIterable<Buffer>,
  options: TarReadOptions = {},
): AsyncGenerator<TarEntry> {
  const bytes = byteReader(input);
  for (;;) {
    const block = await bytes.exactly(BLOCK);
    if (block.length < BLOCK) throw new TarError('The archive ends in the middle of a header');
    if (block.every((byte) => byte === 0)) return;
    const header = parseHeader(block, options);
    let remaining = header.size;
    const body = async function* (): AsyncGenerator<Buffer, void, undefined> {
      while (remaining > 0) {
        const chunk = await bytes.upTo(remaining);
        if (chunk.length === 0)
          throw new TarError(`The archive ends in the middle of ${header.path}`);
        remaining -= chunk.length;
        yield chunk;
      }
    };
    yield { ...header, body: body() };
    const unread = body();
    while (!(await unread.next()).done);
    const pad = tarPadding(header.size).length;
    if ((await bytes.exactly(pad)).length < pad) {
      throw new TarError(`The archive ends after ${header.path}`);
    }
  }
}

// Reading a backup file. Restore reads it whole once to check it against its manifest before it
// writes anything, then again to write, checking each entry once more. Every entry's bytes are
// streamed from the gzip'd tar to where they go (a checksum, a file): none is held whole, whatever
// size its header gives, so a small file that unpacks to gigabytes costs time, never memory.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import {
  BackupDamagedError,
  checkEntryPaths,
  DATABASE_ENTRY,
  isBackupEntry,
  MANIFEST_PATH,
  MAX_MANIFEST_BYTES,
  parseManifest,
  type Manifest,
} from './backup-archive';
import { readTar, TarError, type TarEntry } from './tar';

/** A manifest lists an entry in 100 bytes or more: no backup holds more entries than this. */
export const MAX_ENTRIES = Math.floor(MAX_MANIFEST_BYTES / 100);

/** A read or unpack failure as BackupDamagedError; anything else as it is. */
function asDamaged(error: unknown): unknown {
  if (error instanceof TarError) return new BackupDamagedError(error.message);
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    if (error.code.startsWith('Z_') || error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      return new BackupDamagedError(`The file is not a whole gzip archive (${error.message})`);
    }
  }
  return error;
}

async function* damagedOnFailure(body: AsyncGenerator<Buffer, void, undefined>) {
  try {
    yield* body;
  } catch (error) {
    throw asDamaged(error);
  }
}

/** Every entry of the archive, a read or unpack failure (in a header or a body) as damage. */
async function* entriesOf(file: string): AsyncGenerator<TarEntry> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.once('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const entry of readTar(gunzip)) {
      yield { ...entry, body: damagedOnFailure(entry.body) };
    }
  } catch (error) {
    throw asDamaged(error);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

async function sha256Of(body: AsyncIterable<Buffer>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk);
  return hash.digest('hex');
}

async function manifestOf(entry: TarEntry): Promise<Manifest> {
  if (entry.size > MAX_MANIFEST_BYTES) {
    throw new BackupDamagedError(`Its manifest is larger than any backup's (${entry.size} bytes)`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of entry.body) chunks.push(chunk);
  return parseManifest(Buffer.concat(chunks));
}

/** Every entry listed with the size and sha256 found, nothing else, and the kind's database. */
function checkAgainstManifest(
  manifest: Manifest,
  seen: ReadonlyMap<string, { size: number; sha256: string }>,
): void {
  checkEntryPaths(manifest);
  const listed = new Set(manifest.files.map((listedFile) => listedFile.path));
  for (const expected of manifest.files) {
    const found = seen.get(expected.path);
    if (!found) throw new BackupDamagedError(`${expected.path} is missing`);
    if (found.size !== expected.size || found.sha256 !== expected.sha256) {
      throw new BackupDamagedError(`${expected.path} does not match its checksum`);
    }
  }
  for (const path of seen.keys()) {
    if (!listed.has(path)) throw new BackupDamagedError(`${path} is not in its manifest`);
  }
  if (!listed.has(DATABASE_ENTRY[manifest.kind])) {
    throw new BackupDamagedError(`It holds no ${manifest.kind} database`);
  }
}

/**
 * Reads the whole backup and answers its manifest once every entry is there with the size and
 * sha256 the manifest gives, and nothing else is; else throws BackupDamagedError.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | null = null;
  for await (const entry of entriesOf(file)) {
    if (manifest) throw new BackupDamagedError('Entries follow its manifest');
    if (entry.path === MANIFEST_PATH) {
      manifest = await manifestOf(entry);
      continue;
    }
    if (!isBackupEntry(entry.path, 'pglite') && !isBackupEntry(entry.path, 'postgres')) {
      throw new BackupDamagedError(`It holds ${entry.path}, which no backup of a shop holds`);
    }
    if (seen.has(entry.path)) throw new BackupDamagedError(`It holds ${entry.path} twice`);
    if (seen.size >= MAX_ENTRIES) {
      throw new BackupDamagedError('It holds more entries than a manifest can list');
    }
    seen.set(entry.path, { size: entry.size, sha256: await sha256Of(entry.body) });
  }
  if (!manifest) throw new BackupDamagedError('It has no manifest (cut short?)');
  checkAgainstManifest(manifest, seen);
  return manifest;
}

export interface VerifiedEntry {
  path: string;
  size: number;
  /** Its bytes as they are read; reading past the last throws if they are not the manifest's. */
  body: AsyncIterable<Buffer>;
}

/** An entry's body checked against `sha256` at its end, and a way to read and check the rest. */
function checkedBody(entry: TarEntry, sha256: string) {
  const hash = createHash('sha256');
  let checked = false;
  const check = () => {
    if (checked) return;
    checked = true;
    if (hash.digest('hex') !== sha256) {
      throw new BackupDamagedError(`${entry.path} changed while it was being restored`);
    }
  };
  const next = async (): Promise<Buffer | null> => {
    const read = await entry.body.next();
    if (read.done) return null;
    hash.update(read.value);
    return read.value;
  };
  return {
    body: (async function* () {
      for (let chunk = await next(); chunk !== null; chunk = await next()) yield chunk;
      check();
    })(),
    async finish(): Promise<void> {
      while ((await next()) !== null);
      check();
    },
  };
}

/**
 * The entries of a backup already verified against `manifest`, each checked again as it is read
 * (the file could have changed since): its size before its bytes, its sha256 after them.
 */
export async function* verifiedEntries(
  file: string,
  manifest: Manifest,
): AsyncGenerator<VerifiedEntry> {
  const expected = new Map(manifest.files.map((listed) => [listed.path, listed]));
  for await (const entry of entriesOf(file)) {
    if (entry.path === MANIFEST_PATH) break;
    const listed = expected.get(entry.path);
    if (!listed) throw new BackupDamagedError(`${entry.path} is not in its manifest`);
    expected.delete(entry.path);
    if (entry.size !== listed.size) {
      throw new BackupDamagedError(
        `${entry.path} is ${entry.size} bytes, not the ${listed.size} its manifest gives`,
      );
    }
    const checked = checkedBody(entry, listed.sha256);
    yield { path: entry.path, size: entry.size, body: checked.body };
    await checked.finish();
  }
  const [missing] = expected.keys();
  if (missing !== undefined) throw new BackupDamagedError(`${missing} is missing`);
}

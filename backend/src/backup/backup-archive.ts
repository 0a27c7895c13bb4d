// One backup file: a gzip'd tar of the database dump (`database/…`), the data dir's files
// (`files/…`) and, last, `manifest.json` naming every entry with its size and sha256. Restore reads
// the whole file once to check it against the manifest before it writes anything, then again to
// write, checking each entry once more.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { isCarriedPath } from './data-dir-files';
import { createTarWriter, readTar, TarError, type TarEntry } from './tar';

export const BACKUP_FORMAT = 'uy-shop-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_PATH = 'manifest.json';
/** Where each kind keeps its database in the archive. */
export const DATABASE_ENTRY = {
  pglite: 'database/pglite.tar',
  postgres: 'database/postgres.dump',
} as const;
export const FILES_PREFIX = 'files/';

export type BackupKind = keyof typeof DATABASE_ENTRY;

const ManifestFileSchema = z.strictObject({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ManifestSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  kind: z.enum(['pglite', 'postgres']),
  files: z.array(ManifestFileSchema),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

/** A backup that cannot be trusted: damaged, cut short, or not one of ours. */
export class BackupDamagedError extends Error {}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface BackupWriter {
  add(path: string, data: Buffer): Promise<void>;
  /** Writes the manifest and moves the finished file into place; answers the manifest. */
  finish(): Promise<Manifest>;
  /** Removes the unfinished file. */
  abandon(): Promise<void>;
}

/**
 * Writes to `${file}.partial` (owner-only: it holds secrets and card tokens) and renames it over
 * `file` when finished, so a backup cut short never looks like a whole one.
 */
export function createBackupWriter(file: string, kind: BackupKind, now: Date): BackupWriter {
  const partial = `${file}.partial`;
  const output = createWriteStream(partial, { mode: 0o600, flags: 'w' });
  const gzip = createGzip({ level: 6 });
  gzip.pipe(output);
  const closed = new Promise<void>((resolve, reject) => {
    output.once('close', resolve);
    output.once('error', reject);
    gzip.once('error', reject);
  });
  closed.catch(() => undefined);
  const tar = createTarWriter(gzip);
  const files: ManifestFile[] = [];
  return {
    async add(path, data) {
      files.push({ path, size: data.length, sha256: sha256(data) });
      await tar.add(path, data);
    },
    async finish() {
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: now.toISOString(),
        kind,
        files,
      };
      await tar.add(MANIFEST_PATH, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await tar.finish();
      await closed;
      await rename(partial, file);
      return manifest;
    },
    async abandon() {
      gzip.destroy();
      output.destroy();
      await rm(partial, { force: true });
    },
  };
}

/** Every entry of the archive, turning a read or unpack failure into BackupDamagedError. */
async function* entriesOf(file: string): AsyncGenerator<TarEntry> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.once('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    yield* readTar(gunzip);
  } catch (error) {
    if (error instanceof TarError) throw new BackupDamagedError(error.message);
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
      if (error.code.startsWith('Z_') || error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
        throw new BackupDamagedError(`The file is not a whole gzip archive (${error.message})`);
      }
    }
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

function parseManifest(data: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new BackupDamagedError('Its manifest is not JSON');
  }
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupDamagedError(
      `Its manifest is not one this version reads (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  }
  return parsed.data;
}

/** Whether a backup of `kind` writes an entry at `path`: its database, or a file it carries. */
function isBackupEntry(path: string, kind: BackupKind): boolean {
  if (path === DATABASE_ENTRY[kind]) return true;
  return path.startsWith(FILES_PREFIX) && isCarriedPath(path.slice(FILES_PREFIX.length));
}

/** Refuses an entry no backup writes, and a path listed both as a file and as a folder. */
function checkEntryPaths(manifest: Manifest): void {
  const listed = new Set(manifest.files.map((listedFile) => listedFile.path));
  for (const path of listed) {
    if (!isBackupEntry(path, manifest.kind)) {
      throw new BackupDamagedError(`It holds ${path}, which no backup of a shop holds`);
    }
    const parts = path.split('/');
    for (let end = 1; end < parts.length; end += 1) {
      const folder = parts.slice(0, end).join('/');
      if (listed.has(folder)) {
        throw new BackupDamagedError(`It holds ${folder} both as a file and as a folder`);
      }
    }
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
      manifest = parseManifest(entry.data);
      continue;
    }
    if (!isBackupEntry(entry.path, 'pglite') && !isBackupEntry(entry.path, 'postgres')) {
      throw new BackupDamagedError(`It holds ${entry.path}, which no backup of a shop holds`);
    }
    if (seen.has(entry.path)) throw new BackupDamagedError(`It holds ${entry.path} twice`);
    seen.set(entry.path, { size: entry.data.length, sha256: sha256(entry.data) });
  }
  if (!manifest) throw new BackupDamagedError('It has no manifest (cut short?)');
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
  return manifest;
}

/**
 * The entries of a backup already verified against `manifest`, each checked again as it is read
 * (the file could have changed since).
 */
export async function* verifiedEntries(file: string, manifest: Manifest): AsyncGenerator<TarEntry> {
  const expected = new Map(manifest.files.map((listed) => [listed.path, listed.sha256]));
  for await (const entry of entriesOf(file)) {
    if (entry.path === MANIFEST_PATH) return;
    if (expected.get(entry.path) !== sha256(entry.data)) {
      throw new BackupDamagedError(`${entry.path} changed while it was being restored`);
    }
    yield entry;
  }
}

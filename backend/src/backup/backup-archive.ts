// One backup file: a gzip'd tar of the database dump (`database/…`), the data dir's files
// (`files/…`) and, last, `manifest.json` naming every entry with its size and sha256. Here: its
// format, the manifest, what a backup may hold, and the writer; backup-reader.ts reads one.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { isCarriedPath } from './data-dir-files';
import { createTarWriter } from './tar';

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

/**
 * The largest manifest a restore reads (it holds it whole, parsed): about 44,000 photos' lines.
 * A restore's memory stays under 256 MB with one this large; a backup never writes a larger one.
 */
export const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;

/** A backup that cannot be trusted: damaged, cut short, or not one of ours. */
export class BackupDamagedError extends Error {}

/** A backup of more files than its manifest may list: no restore would read it. */
export class BackupTooLargeError extends Error {}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The manifest as a backup writes it; throws BackupTooLargeError for one no restore reads. */
export function manifestBytes(manifest: Manifest): Buffer {
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  if (bytes.length > MAX_MANIFEST_BYTES) {
    throw new BackupTooLargeError(
      `Its ${manifest.files.length} files take a manifest of ${bytes.length} bytes, more than the ${MAX_MANIFEST_BYTES} a restore reads.`,
    );
  }
  return bytes;
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
      await tar.add(MANIFEST_PATH, manifestBytes(manifest));
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

export function parseManifest(data: Buffer): Manifest {
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
export function isBackupEntry(path: string, kind: BackupKind): boolean {
  if (path === DATABASE_ENTRY[kind]) return true;
  return path.startsWith(FILES_PREFIX) && isCarriedPath(path.slice(FILES_PREFIX.length));
}

/** Refuses an entry no backup writes, and a path listed both as a file and as a folder. */
export function checkEntryPaths(manifest: Manifest): void {
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

// `pnpm data:restore <file>`: brings a backup back into an empty data dir (and, for a PostgreSQL
// backup, an empty database). It checks the whole backup against its manifest first, writes into
// a folder beside the data dir and renames it into place only when everything is written, so a
// refused or failed restore leaves both as they were.
import { mkdir, mkdtemp, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../api-key';
import { continueOrderNumbers } from '../orders/order-numbers';
import { BackupDamagedError, DATABASE_ENTRY, FILES_PREFIX, type Manifest } from './backup-archive';
import { verifiedEntries, verifyBackup } from './backup-reader';
import { PGLITE_DIR } from './data-dir-files';
import { loadPgliteDump } from './pglite-load';
import type * as PostgresTools from './postgres-tools';

const USAGE = `Usage: pnpm data:restore <file>
       pnpm data:restore --check <file>
  Restores a backup made by pnpm data:backup into an empty DATA_DIR (and, for a backup of a shop
  on PostgreSQL, into the empty database DATABASE_URL names). The shop must be stopped.
  --check reads the whole backup against its checksums and writes nothing.`;

export interface RestoreIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Why nothing was restored, in words the operator can act on. */
class RestoreRefused extends Error {}

/**
 * Runs `work` with the PostgreSQL client tools, their failures as refusals. Loaded only for a
 * backup of a shop on PostgreSQL: a restore of PGlite's files is smaller without them.
 */
async function withPostgresTools<T>(work: (tools: typeof PostgresTools) => Promise<T>): Promise<T> {
  const tools = await import('./postgres-tools');
  try {
    return await work(tools);
  } catch (error) {
    throw error instanceof tools.PostgresToolError ? new RestoreRefused(error.message) : error;
  }
}

/** Refuses a data dir with anything in it; a missing one is fine (it is made). */
async function checkEmptyDataDir(dataDir: string): Promise<void> {
  const info = await stat(dataDir).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new RestoreRefused(`${dataDir} (DATA_DIR) is not a folder.`);
  const entries = await readdir(dataDir);
  if (entries.length > 0) {
    throw new RestoreRefused(
      `${dataDir} (DATA_DIR) is not empty (${entries.length} entries, e.g. ${entries.slice(0, 3).join(', ')}). Restore only into an empty or new data dir: point DATA_DIR at one, or move this one away first.`,
    );
  }
}

function kindWords(manifest: Manifest): string {
  return manifest.kind === 'postgres' ? 'a shop on PostgreSQL' : 'a shop on the embedded PGlite';
}

/** The backup's kind must be the kind of shop configured here, and its database empty. */
async function checkTarget(manifest: Manifest, databaseUrl: string): Promise<void> {
  if (manifest.kind === 'postgres' && !databaseUrl) {
    throw new RestoreRefused(
      `This is the backup of ${kindWords(manifest)}: set DATABASE_URL to an empty database to restore it.`,
    );
  }
  if (manifest.kind === 'pglite' && databaseUrl) {
    throw new RestoreRefused(
      `This is the backup of ${kindWords(manifest)}, but DATABASE_URL is set: unset it to restore into DATA_DIR.`,
    );
  }
  if (manifest.kind === 'postgres') {
    const objects = await withPostgresTools(async ({ userObjectCount }) =>
      userObjectCount(databaseUrl).catch((error: unknown) => {
        throw new RestoreRefused(
          `Could not reach the database in DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`,
        );
      }),
    );
    if (objects > 0) {
      throw new RestoreRefused(
        `The database in DATABASE_URL is not empty (${objects} tables, views or sequences). Restore only into a new, empty database.`,
      );
    }
  }
}

async function writeOwnerOnly(file: string, body: AsyncIterable<Buffer>): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, body, { mode: 0o600, flag: 'wx' });
}

/** Writes every entry under `staging`; a PostgreSQL dump goes to the database last. */
async function restoreInto(
  staging: string,
  backup: { file: string; manifest: Manifest },
  databaseUrl: string,
): Promise<void> {
  const dataDir = join(staging, 'data');
  await mkdir(dataDir, { mode: 0o700 });
  const postgresDump = join(staging, 'database.dump');
  for await (const entry of verifiedEntries(backup.file, backup.manifest)) {
    if (entry.path === DATABASE_ENTRY.pglite) {
      await loadPgliteDump(join(dataDir, PGLITE_DIR), entry.body);
    } else if (entry.path === DATABASE_ENTRY.postgres) {
      await writeOwnerOnly(postgresDump, entry.body);
    } else if (entry.path.startsWith(FILES_PREFIX)) {
      await writeOwnerOnly(join(dataDir, entry.path.slice(FILES_PREFIX.length)), entry.body);
    } else {
      throw new BackupDamagedError(`It holds ${entry.path}, which is not a part of a shop`);
    }
  }
  if (backup.manifest.kind === 'postgres') {
    await withPostgresTools(async ({ pgRestore, withConnection }) => {
      await pgRestore(databaseUrl, postgresDump);
      await withConnection(databaseUrl, continueOrderNumbers);
    });
  }
}

async function restore(file: string, dataDir: string, databaseUrl: string): Promise<Manifest> {
  await checkEmptyDataDir(dataDir);
  const manifest = await verifyBackup(file);
  await checkTarget(manifest, databaseUrl);
  const parent = dirname(dataDir);
  await mkdir(parent, { recursive: true });
  // Beside the data dir, so the finished folder moves into place with one rename.
  const staging = await mkdtemp(join(parent, `.${basename(dataDir)}.restoring-`));
  try {
    await restoreInto(staging, { file, manifest }, databaseUrl);
    await checkEmptyDataDir(dataDir);
    await rmdir(dataDir).catch(() => undefined);
    await rename(join(staging, 'data'), dataDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return manifest;
}

/**
 * A refusal of the file system (a full disk, a folder it may not write in), in its own words and
 * what was being done; null for anything else.
 */
function fileSystemFailure(error: unknown): string | null {
  if (!(error instanceof Error) || !('syscall' in error) || !('code' in error)) return null;
  const doing = error.syscall === 'read' ? 'Reading the backup' : 'Writing the restore out';
  return `${doing} failed (${error.message})`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** `--check`: the backup read whole against its manifest; nothing is written. */
async function check(backupFile: string, io: RestoreIo): Promise<number> {
  try {
    const manifest = await verifyBackup(backupFile);
    const files = manifest.files.filter((f) => f.path.startsWith(FILES_PREFIX));
    const database = manifest.files.find((f) => f.path === DATABASE_ENTRY[manifest.kind]);
    io.out(
      `${backupFile} is whole: the backup of ${kindWords(manifest)} taken ${manifest.createdAt}, its database ${megabytes(database?.size ?? 0)} and ${files.length} files (${megabytes(files.reduce((sum, f) => sum + f.size, 0))}), every checksum matching.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupDamagedError) {
      io.err(`${backupFile} is damaged or not a shop backup: ${error.message}.`);
      return 1;
    }
    throw error;
  }
}

/** Runs the command; answers the exit code (0 restored, 1 refused or failed, 2 bad usage). */
export async function runRestoreCommand(args: readonly string[], io: RestoreIo): Promise<number> {
  const words = args.map((arg) => arg.trim());
  const checkOnly = words[0] === '--check';
  const [file, ...extra] = checkOnly ? words.slice(1) : words;
  if (!file || extra.length > 0 || file.startsWith('--')) {
    io.err(USAGE);
    return 2;
  }
  const backupFile = resolve(file);
  const dataDir = resolve(io.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const databaseUrl = io.env.DATABASE_URL?.trim() ?? '';
  const info = await stat(backupFile).catch(() => null);
  if (!info?.isFile()) {
    io.err(`There is no backup file at ${backupFile}.`);
    return 1;
  }
  if (checkOnly) return check(backupFile, io);
  try {
    const manifest = await restore(backupFile, dataDir, databaseUrl);
    const files = manifest.files.filter((f) => f.path.startsWith(FILES_PREFIX)).length;
    io.out(
      `Restored the backup of ${manifest.createdAt} (${kindWords(manifest)}, ${files} files) into ${dataDir}${manifest.kind === 'postgres' ? ' and the database in DATABASE_URL' : ''}. Start the shop with pnpm start.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupDamagedError) {
      io.err(
        `${backupFile} is damaged or not a shop backup: ${error.message}. Nothing was changed.`,
      );
      return 1;
    }
    if (error instanceof RestoreRefused) {
      io.err(`Nothing was restored: ${error.message}`);
      return 1;
    }
    const failure = fileSystemFailure(error);
    // What was written went to a folder beside the data dir, removed on the way out.
    if (failure !== null) {
      io.err(`Nothing was restored: ${failure}. ${dataDir} is as it was.`);
      return 1;
    }
    throw error;
  }
}

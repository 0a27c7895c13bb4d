// `pnpm data:backup <file>`: one file holding the shop's database and the files of its data dir,
// taken while the shop runs. On PostgreSQL (DATABASE_URL) pg_dump takes the database; on the
// embedded PGlite, which only the shop's process may open, the running shop is asked for a copy
// through the operator call (found in DATA_DIR as `pnpm order:status` finds it), or, with the
// shop stopped, the data dir is opened directly.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { BACKEND_URL_FILE, DEFAULT_DATA_DIR, OPERATOR_SECRET_FILE } from '../api-key';
import { OPERATOR_PATHS, OPERATOR_SECRET_HEADER } from '@shop/shared';
import {
  BackupTooLargeError,
  createBackupWriter,
  DATABASE_ENTRY,
  FILES_PREFIX,
  type BackupKind,
  type Manifest,
} from './backup-archive';
import { dataDirFiles, PGLITE_DIR, stageDataDirFiles } from './data-dir-files';
import { dumpPgliteDir } from './pglite-dump';
import { pgDump, PostgresToolError } from './postgres-tools';

const USAGE = `Usage: pnpm data:backup <file>
  Writes the shop's database and the files of DATA_DIR (photos, keys, secrets) to <file>,
  a .tar.gz readable by its owner only. The shop may be running.`;

export interface BackupIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
  now?: () => Date;
  /** How long the running shop may take to hand over its database (10 minutes by default). */
  dumpTimeoutMs?: number;
}

/** A refusal or failure the operator can act on; its message says what to do. */
class BackupRefused extends Error {}

async function readTrimmed(file: string): Promise<string | null> {
  const text = await readFile(file, 'utf8').catch(() => null);
  return text === null || text.trim() === '' ? null : text.trim();
}

/** The running shop's database through its operator call. */
async function dumpFromRunningShop(
  dataDir: string,
  url: string,
  timeoutMs: number,
): Promise<Buffer> {
  const secret = await readTrimmed(join(dataDir, OPERATOR_SECRET_FILE));
  if (secret === null) {
    throw new BackupRefused(`No operator secret in ${join(dataDir, OPERATOR_SECRET_FILE)}.`);
  }
  let response: Response;
  try {
    response = await fetch(`${url.replace(/\/+$/, '')}${OPERATOR_PATHS.databaseDump}`, {
      headers: { [OPERATOR_SECRET_HEADER]: secret },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new BackupRefused(
      `${join(dataDir, BACKEND_URL_FILE)} names ${url}, but the shop does not answer there. ` +
        `If the shop is stopped (it crashed), delete that file and run the backup again; ` +
        `while the shop runs, its database must not be opened by another process.`,
    );
  }
  if (!response.ok) {
    throw new BackupRefused(
      response.status === 401
        ? `The shop at ${url} refused the operator secret in ${join(dataDir, OPERATOR_SECRET_FILE)}.`
        : `The shop at ${url} answered ${response.status} instead of its database.`,
    );
  }
  return Buffer.from(await response.arrayBuffer());
}

async function dumpDatabase(
  kind: BackupKind,
  dataDir: string,
  databaseUrl: string,
  staging: string,
  timeoutMs: number,
): Promise<Buffer> {
  if (kind === 'postgres') {
    const file = join(staging, 'database.dump');
    await pgDump(databaseUrl, file);
    return readFile(file);
  }
  const runningUrl = await readTrimmed(join(dataDir, BACKEND_URL_FILE));
  if (runningUrl !== null) return dumpFromRunningShop(dataDir, runningUrl, timeoutMs);
  return dumpPgliteDir(join(dataDir, PGLITE_DIR));
}

const STAGING_PREFIX = '.backup-';
/** A staging folder this old was left by a backup that was killed; a running one is younger. */
const ABANDONED_AFTER_MS = 24 * 60 * 60_000;

async function removeAbandonedStaging(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir)) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const path = join(dataDir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory() && Date.now() - info.mtimeMs > ABANDONED_AFTER_MS) {
      await rm(path, { recursive: true, force: true });
    }
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

async function writeBackup(
  target: string,
  parts: { kind: BackupKind; dataDir: string; databaseUrl: string; io: BackupIo },
): Promise<Manifest> {
  const { kind, dataDir, databaseUrl, io } = parts;
  await removeAbandonedStaging(dataDir);
  // Inside the data dir, so files are hard-linked rather than copied; the dot keeps it out of
  // every listing of the data dir's files.
  const staging = await mkdtemp(join(dataDir, STAGING_PREFIX));
  try {
    const filesDir = join(staging, 'files');
    await stageDataDirFiles(dataDir, filesDir);
    const database = await dumpDatabase(
      kind,
      dataDir,
      databaseUrl,
      staging,
      io.dumpTimeoutMs ?? 600_000,
    );
    await stageDataDirFiles(dataDir, filesDir);
    const writer = createBackupWriter(target, kind, io.now?.() ?? new Date());
    try {
      await writer.add(DATABASE_ENTRY[kind], database);
      for (const path of await dataDirFiles(filesDir)) {
        await writer.add(`${FILES_PREFIX}${path}`, await readFile(join(filesDir, path)));
      }
      return await writer.finish();
    } catch (error) {
      await writer.abandon();
      throw error;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Runs the command; answers the exit code (0 written, 1 refused or failed, 2 bad usage). */
export async function runBackupCommand(args: readonly string[], io: BackupIo): Promise<number> {
  const [file, ...extra] = args.map((arg) => arg.trim());
  if (!file || extra.length > 0) {
    io.err(USAGE);
    return 2;
  }
  const target = resolve(file);
  const dataDir = resolve(io.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const databaseUrl = io.env.DATABASE_URL?.trim() ?? '';
  const kind: BackupKind = databaseUrl ? 'postgres' : 'pglite';
  if (!existsSync(dataDir)) {
    io.err(`There is no data dir at ${dataDir} (DATA_DIR): nothing to back up.`);
    return 1;
  }
  if (kind === 'pglite' && !existsSync(join(dataDir, PGLITE_DIR, 'PG_VERSION'))) {
    io.err(
      `There is no database in ${join(dataDir, PGLITE_DIR)}. Set DATA_DIR to the shop's data dir, or DATABASE_URL for a shop on PostgreSQL.`,
    );
    return 1;
  }
  if (!existsSync(dirname(target))) {
    io.err(`The folder ${dirname(target)} does not exist.`);
    return 1;
  }
  try {
    const manifest = await writeBackup(target, { kind, dataDir, databaseUrl, io });
    const databaseBytes = manifest.files.find((f) => f.path === DATABASE_ENTRY[kind])?.size ?? 0;
    const otherFiles = manifest.files.filter((f) => f.path.startsWith(FILES_PREFIX));
    const fileBytes = otherFiles.reduce((sum, f) => sum + f.size, 0);
    io.out(
      `Backed up the ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database (${megabytes(databaseBytes)}) and ${otherFiles.length} files of ${dataDir} (${megabytes(fileBytes)}) to ${target}. It holds secrets: keep it where only you can read it.`,
    );
    return 0;
  } catch (error) {
    if (
      error instanceof BackupRefused ||
      error instanceof PostgresToolError ||
      error instanceof BackupTooLargeError
    ) {
      io.err(`No backup was written: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

// The machine's PostgreSQL client programs, for a shop on a PostgreSQL server: pg_dump takes one
// consistent snapshot of the database (every schema: the backend's and the notifier's) however
// busy the shop is, and pg_restore brings it back in one transaction, so a failed restore leaves
// the database as it was.
import { spawn } from 'node:child_process';
import postgres from 'postgres';
import type { RunSql } from '../orders/order-numbers';

export class PostgresToolError extends Error {}

function run(program: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // Enough to say why; a failing restore can print a line per object.
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.once('error', (error) => {
      const missing = 'code' in error && error.code === 'ENOENT';
      reject(
        new PostgresToolError(
          missing
            ? `${program} is not installed (Debian: apt-get install postgresql-client)`
            : `${program} could not run: ${error.message}`,
        ),
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new PostgresToolError(
            `${program} failed (exit ${String(code)}): ${stderr.trim() || 'no message'}`,
          ),
        );
    });
  });
}

/** pg_dump's custom format (restorable object by object) into `file`. */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  // Uncompressed: the whole backup is gzip'd once, and a scan of it can read the rows.
  return run('pg_dump', [
    '--format=custom',
    '--compress=0',
    '--no-owner',
    `--file=${file}`,
    databaseUrl,
  ]);
}

/** Restores a custom-format dump into `databaseUrl` in one transaction. */
export function pgRestore(databaseUrl: string, file: string): Promise<void> {
  return run('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

/** How many tables, views and sequences the database holds outside PostgreSQL's own schemas. */
export async function userObjectCount(databaseUrl: string): Promise<number> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    const rows = await sql<{ count: string }[]>`
      select count(*) as count
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\_toast%' and n.nspname not like 'pg\_temp%'
        and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`;
    return Number(rows[0]?.count ?? 0);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Runs `work` on one connection to `databaseUrl`, its failures as PostgresToolError. */
export async function withConnection(
  databaseUrl: string,
  work: (run: RunSql) => Promise<void>,
): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined });
  try {
    await work((statement) => sql.unsafe(statement));
  } catch (error) {
    throw new PostgresToolError(
      `The database in DATABASE_URL refused a statement: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

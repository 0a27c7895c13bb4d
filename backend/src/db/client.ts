// Opens the database behind both backends: embedded PGlite (PostgreSQL in WASM, one connection)
// in the data directory by default, or a PostgreSQL server through postgres.js when a URL is
// given. Both are typed as the common PgDatabase so every query has one code path.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

export type Db = PgDatabase<PgQueryResultHKT>;

/** A PGlite data dir PostgreSQL would not open; its message says why and what to do. */
export class DatabaseOpenError extends Error {}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The PGlite behind `db` (null on PostgreSQL), for the process that opened it to keep other
   * schemas in the same database (the bot's notifier). It is closed by close().
   */
  pglite: PGlite | null;
  /** Applies the versioned migrations in backend/drizzle that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… — when set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory; omitted means an in-memory database (tests). */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** In-memory PGlite only: start from this dumpDataDir() tarball instead of an empty database. */
  pgliteSnapshot?: Blob;
}

/**
 * The client with every statement sent as a prepared statement. drizzle runs queries through
 * postgres.js `unsafe()` unprepared, so PostgreSQL parses and analyses each one anew; prepared,
 * a connection keeps each distinct statement text (values are parameters, so a filter's shape,
 * not its values, makes a text). Plans stay custom (`plan_cache_mode` above): a generic plan cannot
 * see how selective a price range or an attribute value is and picked slower plans in the
 * benchmark. postgres.js closes connections after 30 to 60 minutes, which bounds what one keeps.
 */
function preparingStatements(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'unsafe') return Reflect.get(target, property, receiver) as unknown;
      const unsafe: postgres.Sql['unsafe'] = (query, parameters, queryOptions) =>
        target.unsafe(query, parameters, { ...queryOptions, prepare: true });
      return unsafe;
    },
  });
}

// pg_trgm (typo-tolerant search) is not built into PGlite: it loads from the contrib bundle, and
// the migration's CREATE EXTENSION then finds it.
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * What PostgreSQL says as it stops: the line that names the reason and the detail after it, or,
 * before its log starts, the line it prints under its own name.
 */
const STOP_LINE = /\b(?:FATAL|PANIC|DETAIL):\s.*$|^postgres: .*$/;

/**
 * Opens (or, in an empty folder, makes) a PGlite data dir. One PostgreSQL refuses fails as
 * DatabaseOpenError with PostgreSQL's own reason, which it prints rather than throws.
 */
async function openPgliteDir(dir: string): Promise<PGlite> {
  await mkdir(dir, { recursive: true });
  const said: string[] = [];
  let starting = true;
  const client = new PGlite(dir, {
    extensions: PGLITE_EXTENSIONS,
    onStderr: (line) => {
      const reason = starting ? STOP_LINE.exec(line)?.[0] : undefined;
      if (reason && said.length < 4) said.push(reason.replace(/\s+/g, ' '));
      return false;
    },
  });
  try {
    await client.waitReady;
    return client;
  } catch (error) {
    // Anything else (a folder it may not read, say) is not the database's files' fault.
    if (said.length === 0) throw error;
    throw new DatabaseOpenError(
      `The database in ${dir} could not be opened (PostgreSQL: ${said.join(' ')}). Its files are damaged, cut short or not a database of this shop's PostgreSQL version: restore a backup into a new, empty data dir (DATA_DIR) and start on that.`,
    );
  } finally {
    starting = false;
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      // Migrations print NOTICEs (e.g. "schema already exists"); they are not worth a log line.
      onnotice: () => undefined,
      // See preparingStatements.
      connection: { plan_cache_mode: 'force_custom_plan' },
    });
    const db = drizzlePostgres({ client: preparingStatements(client) });
    return {
      db,
      kind: 'postgres',
      pglite: null,
      migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = options.pgliteDir
    ? await openPgliteDir(options.pgliteDir)
    : new PGlite({ extensions: PGLITE_EXTENSIONS, loadDataDir: options.pgliteSnapshot });
  const db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

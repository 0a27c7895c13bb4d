// One small SQL interface over the databases the notifier can keep its state in: a PostgreSQL
// server through postgres.js, the embedded backend's own PGlite (shared, owned by the backend), or
// a PGlite of its own (one connection, in the data directory, when the backends are elsewhere).
// The notifier's queries are few and hand-written, so plain parameterised SQL is all it needs.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

export type SqlValue = string | number | boolean | null;
export type Row = Record<string, unknown>;

export interface SqlRunner {
  query<T extends Row = Row>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
}

export interface SqlClient extends SqlRunner {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenSqlOptions {
  /** postgres://…; when set, PGlite is not used. */
  databaseUrl?: string;
  /**
   * A PGlite someone else opened and closes (the embedded backend's): the notifier's schema lives
   * next to its tables, and close() leaves it open. PGlite runs one statement at a time and
   * serialises transaction() with query(), so the two share it safely as long as no transaction
   * waits on anything that needs the database (none here does: each uses only its `tx`).
   */
  pglite?: PGlite;
  /** PGlite's data directory; omitted means in memory (tests). */
  pgliteDir?: string;
  maxConnections?: number;
}

export async function openSql(options: OpenSqlOptions): Promise<SqlClient> {
  if (options.databaseUrl) {
    const sql = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 4,
      // "relation already exists, skipping" and the like are not worth a log line.
      onnotice: () => undefined,
    });
    const runner = (client: postgres.Sql | postgres.TransactionSql): SqlRunner => ({
      async query<T extends Row>(text: string, params: readonly SqlValue[] = []) {
        const rows = await client.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
        return rows as unknown as T[];
      },
    });
    return {
      kind: 'postgres',
      ...runner(sql),
      async transaction(work) {
        // postgres.js types begin()'s result as UnwrapPromiseArray<T>; for a non-array T it is T.
        return (await sql.begin((tx) => work(runner(tx)))) as Awaited<ReturnType<typeof work>>;
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const shared = options.pglite ?? null;
  if (!shared && options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  const db = shared ?? (options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite());
  const runner = (client: Pick<PGlite, 'query'>): SqlRunner => ({
    async query<T extends Row>(text: string, params: readonly SqlValue[] = []) {
      const result = await client.query<T>(text, [...params]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...runner(db),
    transaction: (work) => db.transaction((tx) => work(runner(tx))),
    close: () => (shared ? Promise.resolve() : db.close()),
  };
}

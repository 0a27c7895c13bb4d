import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from './client';

/**
 * Runs a hand-written query and parses its rows with `schema`. `db.execute` answers differently per
 * driver (postgres.js: the rows themselves; PGlite: `{ rows }`), and a hand-written query has no
 * typed columns, so the rows are checked rather than cast.
 */
export async function queryRows<S extends z.ZodType>(
  db: Db,
  query: SQL,
  schema: S,
): Promise<z.output<S>[]> {
  const result: unknown = await db.execute(query);
  const rows: unknown = Array.isArray(result)
    ? result
    : typeof result === 'object' && result !== null && 'rows' in result
      ? result.rows
      : undefined;
  if (!Array.isArray(rows)) throw new Error('The database answered without rows');
  return rows.map((row: unknown) => schema.parse(row));
}

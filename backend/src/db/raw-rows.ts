// Hand-written SQL: running it with its rows checked, and binding a list of values into it.
import { sql, type SQL } from 'drizzle-orm';
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

/** The values as bound parameters, comma-separated: the inside of `in (...)` or `array[...]`. */
export function sqlList(values: readonly (string | number)[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

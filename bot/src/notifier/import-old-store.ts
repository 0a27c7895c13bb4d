// Embedded mode keeps the notifier's tables (schema `notifier`) in the backend's own PGlite. Data
// dirs from before kept them in a PGlite of their own, DATA_DIR/notifier/pglite: at start its rows
// are copied into the shared database once, and the old directory is renamed so it never is again.
import { rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openNotifierStore, type NotifierStore } from './store';

/** Every notifier table, parents before the tables whose rows refer to them. */
export const NOTIFIER_TABLES = [
  'chats',
  'chat_links',
  'events',
  'sends',
  'processed_updates',
  'init_data_uses',
  'link_tokens',
  'order_polls',
] as const;

export type NotifierTable = (typeof NOTIFIER_TABLES)[number];

export interface ImportedNotifierStore {
  /** The old directory, as it was named. */
  from: string;
  /** Where it was moved once its rows were copied. */
  renamedTo: string;
  /** Rows read from each table of the old store. */
  rows: Record<NotifierTable, number>;
}

/** The notifier's own PGlite in data dirs from before it shared the backend's. */
export function oldNotifierPgliteDir(dataDir: string): string {
  return join(dataDir, 'notifier', 'pglite');
}

async function isPgliteDir(dir: string): Promise<boolean> {
  return stat(join(dir, 'PG_VERSION')).then(
    (found) => found.isFile(),
    () => false,
  );
}

/**
 * Copies the rows of an old-layout notifier PGlite in `oldDir` into `into` (whose notifier schema
 * must be migrated already) and renames `oldDir` to `<oldDir>.imported-<time>`. Rows already there
 * are kept (`on conflict do nothing`), so a start that stops between the copy's commit and the
 * rename copies nothing twice when it runs again. Answers null when there is no old store.
 */
export async function importOldNotifierStore(
  oldDir: string,
  into: PGlite,
  now: Date = new Date(),
): Promise<ImportedNotifierStore | null> {
  if (!(await isPgliteDir(oldDir))) return null;
  const tables: { table: NotifierTable; json: string; count: number }[] = [];
  const old = new PGlite(oldDir);
  try {
    // An old store may predate later migrations: bring it up to date so every table and column
    // the shared schema has exists there too. (The store leaves a PGlite it was given open.)
    await (await openNotifierStore({ pglite: old })).close();
    for (const table of NOTIFIER_TABLES) {
      const result = await old.query<{ json: string; count: number }>(
        `select coalesce(json_agg(t), '[]'::json)::text as json, count(*)::int as count
         from notifier.${table} t`,
      );
      const row = result.rows[0];
      tables.push({ table, json: row?.json ?? '[]', count: row?.count ?? 0 });
    }
  } finally {
    await old.close();
  }
  await into.transaction(async (tx) => {
    for (const { table, json, count } of tables) {
      if (count === 0) continue;
      await tx.query(
        `insert into notifier.${table}
         select * from json_populate_recordset(null::notifier.${table}, $1::json)
         on conflict do nothing`,
        [json],
      );
    }
    // Sends keep their ids: the sequence moves past them so new sends do not collide.
    await tx.query(
      `select setval(pg_get_serial_sequence('notifier.sends', 'id'),
                     coalesce((select max(id) from notifier.sends), 1),
                     (select max(id) from notifier.sends) is not null)`,
    );
  });
  const renamedTo = `${oldDir}.imported-${now.toISOString().replace(/[:.]/g, '-')}`;
  await rename(oldDir, renamedTo);
  const rows = Object.fromEntries(tables.map(({ table, count }) => [table, count])) as Record<
    NotifierTable,
    number
  >;
  return { from: oldDir, renamedTo, rows };
}

/**
 * Embedded mode on PGlite: the notifier's store in the backend's database `pglite` (which the
 * backend owns and closes), with the rows of an old-layout store in `dataDir` imported first.
 */
export async function openSharedNotifierStore(
  dataDir: string,
  pglite: PGlite,
): Promise<{ store: NotifierStore; imported: ImportedNotifierStore | null }> {
  const store = await openNotifierStore({ pglite });
  const imported = await importOldNotifierStore(oldNotifierPgliteDir(dataDir), pglite);
  return { store, imported };
}

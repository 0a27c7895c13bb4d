import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { installState } from './schema';

/**
 * Reads a per-installation value, creating it on first use. Insert-then-read (not read-then-
 * insert) so two instances starting together still agree on one value.
 */
export async function installValue(db: Db, name: string, create: () => string): Promise<string> {
  await db.insert(installState).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(installState).where(eq(installState.name, name));
  if (!row) throw new Error(`install_state ${name} vanished`);
  return row.value;
}

// The shop's stores (pickup points), in the order the operator set, as the shopper sees them.
import type { Language, Store } from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { stores } from '../db/schema';
import { pick } from '../catalog/localize';

export type StoreRow = typeof stores.$inferSelect;

export function toStore(row: StoreRow, lang: Language): Store {
  return {
    id: row.id,
    name: pick(row.name, lang),
    address: pick(row.address, lang),
    phone: row.phone,
    hours: pick(row.hours, lang),
    location: { lat: row.lat, lng: row.lng },
  };
}

export async function listStores(db: Db, lang: Language): Promise<Store[]> {
  const rows = await db.select().from(stores).orderBy(asc(stores.position), asc(stores.id));
  return rows.map((row) => toStore(row, lang));
}

export async function findStore(db: Db, id: number): Promise<StoreRow | undefined> {
  const [row] = await db.select().from(stores).where(eq(stores.id, id));
  return row;
}

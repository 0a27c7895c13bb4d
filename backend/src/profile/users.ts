import type { User } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '../errors';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    photo: row.photo,
    email: row.email,
    company: row.company,
    user_type: row.userType === 'legal' ? 'legal' : 'individual',
  };
}

export async function getUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  // A token outlives nothing: users are never deleted, so this only fires on a broken database.
  if (!row) throw notFound('User not found');
  return row;
}

/** New phones become individual customers; legal entities are set up by customer support. */
export async function findOrCreateUser(db: Db, phone: string, now: Date): Promise<UserRow> {
  await db
    .insert(users)
    .values({ phone, userType: 'individual', createdAt: now })
    .onConflictDoNothing({ target: users.phone });
  const [row] = await db.select().from(users).where(eq(users.phone, phone));
  if (!row) throw new Error('User insert vanished');
  return row;
}

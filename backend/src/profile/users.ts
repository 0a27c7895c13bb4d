import type { AccountType, User } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { notFound } from '@shop/shared/server';

type UserRow = typeof users.$inferSelect;

/** Only accounts set up as legal entities buy as one; everyone else is an individual. */
function accountType(userType: string): AccountType {
  return userType === 'legal' ? 'legal' : 'individual';
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    phone: row.phone,
    photo: row.photo,
    email: row.email,
    company: row.company,
    user_type: accountType(row.userType),
  };
}

export async function getUser(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  // A token outlives nothing: users are never deleted, so this only fires on a broken database.
  if (!row) throw notFound('User not found');
  return row;
}

/** How the account shops (which categories it sees); a missing account shops as an individual. */
export async function accountTypeOf(db: Db, id: number): Promise<AccountType> {
  const [row] = await db.select({ userType: users.userType }).from(users).where(eq(users.id, id));
  return accountType(row?.userType ?? 'individual');
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

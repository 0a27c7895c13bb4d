import { CALLS, RegionSlugSchema } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { carts, users } from '../db/schema';
import { notFound } from '@shop/shared/server';
import type { Route } from '../http/route-binder';
import { toUser } from './users';

export function registerProfileRoutes(route: Route, db: Db, now: () => Date): void {
  route(CALLS.updateProfile, async ({ user, body }) => {
    const [row] = await db
      .update(users)
      .set({
        name: body.name,
        surname: body.surname,
        // Absent leaves the email as it is; null clears it.
        ...(body.email === undefined ? {} : { email: body.email }),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw notFound('User not found');
    return toUser(row);
  });

  route(CALLS.getCart, async ({ user }) => {
    const [row] = await db
      .select({ items: carts.items })
      .from(carts)
      .where(eq(carts.userId, user.id));
    return row?.items ?? [];
  });

  // The stored cart is what the client last pushed; prices in it are only for display; orders
  // are priced from the catalogue.
  route(CALLS.saveCart, async ({ user, body }) => {
    const items = body.cart_data;
    await db
      .insert(carts)
      .values({ userId: user.id, items, updatedAt: now() })
      .onConflictDoUpdate({ target: carts.userId, set: { items, updatedAt: now() } });
    return items;
  });

  route(CALLS.savedAddress, async ({ user }) => {
    const [row] = await db
      .select({ lastAddress: users.lastAddress })
      .from(users)
      .where(eq(users.id, user.id));
    const stored = row?.lastAddress;
    if (!stored) return { data: null };
    // Regions are checked on the way in; a row from an older region list is simply not offered.
    const region = RegionSlugSchema.safeParse(stored.region);
    if (!region.success) return { data: null };
    return {
      data: {
        region: region.data,
        city: stored.city,
        address: stored.address,
        flat: stored.flat,
        entrance: stored.entrance,
        floor: stored.floor,
        intercom: stored.intercom,
        address_comment: stored.comment,
        location: stored.location,
      },
    };
  });
}

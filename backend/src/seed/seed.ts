// Writes the demo data on first start. Idempotent: a marker row in install_state says it ran,
// and an advisory lock makes two instances starting together seed once.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  blogPosts,
  brands,
  categories,
  deliveryMethods,
  infoPages,
  installState,
  paymentTypes,
  productImages,
  products,
  slides,
  stores,
  users,
  variants,
} from '../db/schema';
import { buildCatalog } from './catalog-seed';
import {
  BLOG_POSTS,
  DELIVERY_METHODS,
  INFO_PAGES,
  LEGAL_USER,
  PAYMENT_TYPES,
  SLIDES,
  STORES,
} from './content-data';

const SEED_MARKER = 'demo_seed';
const SEED_VERSION = '1';
// Any constant works; it only has to be the same for every instance of this backend.
const SEED_LOCK_ID = 7_340_001;

/** Returns true when this call seeded the database, false when it already was. */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [marker] = await tx.select().from(installState).where(eq(installState.name, SEED_MARKER));
    if (marker) return false;

    const catalog = buildCatalog();
    await tx.insert(categories).values(catalog.categories).onConflictDoNothing();
    await tx.insert(brands).values(catalog.brands).onConflictDoNothing();
    await tx.insert(products).values(catalog.products).onConflictDoNothing();
    await tx.insert(variants).values(catalog.variants).onConflictDoNothing();
    await tx.insert(productImages).values(catalog.images).onConflictDoNothing();
    await tx
      .insert(stores)
      .values(STORES.map((s, position) => ({ ...s, position })))
      .onConflictDoNothing();
    await tx
      .insert(slides)
      .values(
        SLIDES.map((s, position) => ({
          id: s.id,
          title: s.title,
          subtitle: s.subtitle,
          link: s.link,
          color: s.color,
          artwork: [...s.kinds],
          position,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(deliveryMethods)
      .values(DELIVERY_METHODS.map((m, position) => ({ ...m, position })))
      .onConflictDoNothing();
    await tx
      .insert(paymentTypes)
      .values(PAYMENT_TYPES.map((p, position) => ({ ...p, position })))
      .onConflictDoNothing();
    await tx
      .insert(blogPosts)
      .values(BLOG_POSTS.map((p) => ({ ...p, publishedAt: new Date(p.publishedAt) })))
      .onConflictDoNothing();
    await tx
      .insert(infoPages)
      .values(INFO_PAGES.map((p) => ({ ...p })))
      .onConflictDoNothing();
    await tx
      .insert(users)
      .values({ ...LEGAL_USER, userType: 'legal', createdAt: now })
      .onConflictDoNothing();
    await tx.insert(installState).values({ name: SEED_MARKER, value: SEED_VERSION });
    return true;
  });
}

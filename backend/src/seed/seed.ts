// Writes the demo data on first start. Idempotent: a marker row in install_state says it ran
// (and which version), and an advisory lock makes two instances starting together seed once.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  attributeValues,
  attributes,
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
import { buildCatalog, type BuiltCatalog } from './catalog-seed';
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
// 2: attribute value codes and dictionary, search documents, the full blog and info pages.
// 3: single-colour products carry their colour as an attribute (in the colour facet).
// 4: delivery methods name the regions they reach and how they may be paid; card payments on.
// 5: product names and descriptions rewritten (terry is "maxrali"), the offer names card payment.
const SEED_VERSION = '6';
// Any constant works; it only has to be the same for every instance of this backend.
const SEED_LOCK_ID = 7_340_001;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const blogRows = () =>
  BLOG_POSTS.map((p) => ({ ...p, artwork: [...p.kinds], publishedAt: new Date(p.publishedAt) }));
const deliveryMethodRows = () =>
  DELIVERY_METHODS.map((m, position) => ({
    ...m,
    regions: [...m.regions],
    paymentTypes: [...m.paymentTypes],
    receiptPayments: [...m.receiptPayments],
    position,
  }));
const paymentTypeRows = () => PAYMENT_TYPES.map((p, position) => ({ ...p, position }));
const infoPageRows = () => INFO_PAGES.map((p) => ({ ...p, updatedAt: new Date(p.updatedAt) }));

/** Returns true when this call seeded (or upgraded) the database, false when it already was. */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [marker] = await tx.select().from(installState).where(eq(installState.name, SEED_MARKER));
    if (marker?.value === SEED_VERSION) return false;

    const catalog = buildCatalog();
    if (marker) {
      await upgradeDemoData(tx, catalog);
      await tx
        .update(installState)
        .set({ value: SEED_VERSION })
        .where(eq(installState.name, SEED_MARKER));
      return true;
    }
    await tx.insert(categories).values(catalog.categories).onConflictDoNothing();
    await tx.insert(brands).values(catalog.brands).onConflictDoNothing();
    await tx.insert(attributes).values(catalog.attributes).onConflictDoNothing();
    await tx.insert(attributeValues).values(catalog.attributeValues).onConflictDoNothing();
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
    await tx.insert(deliveryMethods).values(deliveryMethodRows()).onConflictDoNothing();
    await tx.insert(paymentTypes).values(paymentTypeRows()).onConflictDoNothing();
    await tx.insert(blogPosts).values(blogRows()).onConflictDoNothing();
    await tx.insert(infoPages).values(infoPageRows()).onConflictDoNothing();
    await tx
      .insert(users)
      .values({ ...LEGAL_USER, userType: 'legal', createdAt: now })
      .onConflictDoNothing();
    await tx.insert(installState).values({ name: SEED_MARKER, value: SEED_VERSION });
    return true;
  });
}

/**
 * Brings a database seeded by an earlier version up to date without touching what shoppers
 * changed (stock, users, carts, orders): the variants' attributes (codes, colours) and their
 * dictionary, product names, descriptions and search documents, the blog and info page texts,
 * and the delivery and payment
 * settings. The variants' triggers refresh
 * the product summaries on the way.
 */
async function upgradeDemoData(tx: Tx, catalog: BuiltCatalog): Promise<void> {
  await tx.insert(attributes).values(catalog.attributes).onConflictDoNothing();
  await tx.insert(attributeValues).values(catalog.attributeValues).onConflictDoNothing();
  for (const variant of catalog.variants) {
    await tx
      .update(variants)
      .set({ attributes: variant.attributes })
      .where(eq(variants.id, variant.id));
  }
  for (const product of catalog.products) {
    await tx
      .update(products)
      .set({
        name: product.name,
        description: product.description,
        searchName: product.searchName,
        searchDescription: product.searchDescription,
        searchLoose: product.searchLoose,
        searchDocument: product.searchDocument,
      })
      .where(eq(products.id, product.id));
  }
  for (const post of blogRows()) {
    await tx.insert(blogPosts).values(post).onConflictDoUpdate({ target: blogPosts.id, set: post });
  }
  for (const page of infoPageRows()) {
    await tx
      .insert(infoPages)
      .values(page)
      .onConflictDoUpdate({ target: infoPages.slug, set: page });
  }
  for (const method of deliveryMethodRows()) {
    await tx
      .insert(deliveryMethods)
      .values(method)
      .onConflictDoUpdate({ target: deliveryMethods.type, set: method });
  }
  for (const payment of paymentTypeRows()) {
    await tx
      .insert(paymentTypes)
      .values(payment)
      .onConflictDoUpdate({ target: paymentTypes.type, set: payment });
  }
}

import {
  INFO_PAGE_SLUGS,
  PAYMENT_TYPES,
  RECEIPT_PAYMENTS,
  REGION_SLUGS,
  InfoPageSlugSchema,
  type BlogPost,
  type BlogPostSummary,
  type DeliverySettings,
  type InfoPage,
  type Language,
  type PageMeta,
  type Slide,
  type Store,
} from '@shop/shared';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, deliveryMethods, infoPages, paymentTypes, slides, stores } from '../db/schema';
import { notFound } from '@shop/shared/server';
import { pageMeta } from '../http/paging';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../media/drawings';
import { pick } from '../catalog/localize';
import { fillPageSettings } from './page-settings';

const BLOGS_PER_PAGE = 10;

type BlogRow = typeof blogPosts.$inferSelect;

type StoreRow = typeof stores.$inferSelect;

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

function slideImageUrl(id: number): string {
  return `/media/slides/${id}.svg`;
}

function blogImageUrl(slug: string): string {
  return `/media/blog/${slug}.svg`;
}

function toBlogSummary(row: BlogRow, lang: Language): BlogPostSummary {
  const title = pick(row.title, lang);
  return {
    slug: row.slug,
    title,
    excerpt: pick(row.excerpt, lang),
    image: { url: blogImageUrl(row.slug), width: SLIDE_WIDTH, height: SLIDE_HEIGHT, alt: title },
    published_at: row.publishedAt.toISOString(),
  };
}

function knownValues<T extends string>(values: readonly string[], known: readonly T[]): T[] {
  return values.filter((value): value is T => (known as readonly string[]).includes(value));
}

export interface ContentServiceOptions {
  /** Minutes an unpaid card order is held; the settings tell the shopper. */
  paymentHoldMinutes: number;
}

export function createContentService(db: Db, options: ContentServiceOptions) {
  async function listStores(lang: Language): Promise<Store[]> {
    const rows = await db.select().from(stores).orderBy(asc(stores.position), asc(stores.id));
    return rows.map((row) => toStore(row, lang));
  }

  async function findStore(id: number): Promise<StoreRow | undefined> {
    const [row] = await db.select().from(stores).where(eq(stores.id, id));
    return row;
  }

  async function listSlides(lang: Language): Promise<Slide[]> {
    const rows = await db.select().from(slides).orderBy(asc(slides.position), asc(slides.id));
    return rows.map((row) => ({
      id: row.id,
      title: pick(row.title, lang),
      subtitle: row.subtitle ? pick(row.subtitle, lang) : null,
      image: {
        url: slideImageUrl(row.id),
        width: SLIDE_WIDTH,
        height: SLIDE_HEIGHT,
        alt: pick(row.title, lang),
      },
      link: row.link,
    }));
  }

  async function deliverySettings(lang: Language): Promise<DeliverySettings> {
    const [methods, payments] = await Promise.all([
      db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.position)),
      db.select().from(paymentTypes).orderBy(asc(paymentTypes.position)),
    ]);
    return {
      methods: methods.flatMap((m) =>
        m.type === 'pickup' || m.type === 'courier' || m.type === 'express'
          ? [
              {
                type: m.type,
                name: pick(m.name, lang),
                description: pick(m.description, lang),
                price: m.price,
                free_from: m.freeFrom,
                enabled: m.enabled,
                regions: knownValues(m.regions, REGION_SLUGS),
                payment_types: knownValues(m.paymentTypes, PAYMENT_TYPES),
                receipt_payments: knownValues(m.receiptPayments, RECEIPT_PAYMENTS),
              },
            ]
          : [],
      ),
      payment_types: payments.flatMap((p) =>
        p.type === 'on_receipt' || p.type === 'card'
          ? [{ type: p.type, name: pick(p.name, lang), enabled: p.enabled }]
          : [],
      ),
      payment_hold_minutes: options.paymentHoldMinutes,
    };
  }

  /** Newest first; the id breaks ties so a page never repeats a post of the one before. */
  async function listBlogs(
    page: number,
    lang: Language,
  ): Promise<{ data: BlogPostSummary[]; meta: PageMeta }> {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(blogPosts)
        .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
        .limit(BLOGS_PER_PAGE)
        .offset((page - 1) * BLOGS_PER_PAGE),
      db.select({ total: count() }).from(blogPosts),
    ]);
    return {
      data: rows.map((row) => toBlogSummary(row, lang)),
      meta: pageMeta(total?.total ?? 0, page, BLOGS_PER_PAGE),
    };
  }

  async function blog(slug: string, lang: Language): Promise<BlogPost> {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    if (!row) throw notFound('Blog post not found');
    return { ...toBlogSummary(row, lang), body: pick(row.body, lang) };
  }

  /** The info pages in the contract's order (the footer's); a page not written yet is left out. */
  async function listInfoPages(lang: Language): Promise<Pick<InfoPage, 'slug' | 'title'>[]> {
    const rows = await db.select({ slug: infoPages.slug, title: infoPages.title }).from(infoPages);
    return INFO_PAGE_SLUGS.flatMap((slug) => {
      const row = rows.find((r) => r.slug === slug);
      return row ? [{ slug, title: pick(row.title, lang) }] : [];
    });
  }

  async function infoPage(slug: string, lang: Language): Promise<InfoPage> {
    const [row] = await db.select().from(infoPages).where(eq(infoPages.slug, slug));
    const known = InfoPageSlugSchema.safeParse(row?.slug);
    if (!row || !known.success) throw notFound('Page not found');
    return {
      slug: known.data,
      title: pick(row.title, lang),
      body: fillPageSettings(pick(row.body, lang), lang, options),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  return {
    listStores,
    findStore,
    listSlides,
    deliverySettings,
    listBlogs,
    blog,
    listInfoPages,
    infoPage,
  };
}

export type ContentService = ReturnType<typeof createContentService>;

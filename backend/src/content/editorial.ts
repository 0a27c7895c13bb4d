// What the shop writes for shoppers: home's slides, the blog (paged, newest first) and the info
// pages of the footer, each in the shopper's language.
import {
  INFO_PAGE_SLUGS,
  InfoPageSlugSchema,
  type BlogPost,
  type BlogPostSummary,
  type InfoPage,
  type Language,
  type PageMeta,
  type Slide,
} from '@shop/shared';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, infoPages, slides } from '../db/schema';
import { notFound } from '@shop/shared/server';
import { pageMeta } from '../http/paging';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../media/drawings';
import { pick } from '../catalog/localize';
import { fillPageSettings } from './page-settings';

const BLOGS_PER_PAGE = 10;

type BlogRow = typeof blogPosts.$inferSelect;

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

export async function listSlides(db: Db, lang: Language): Promise<Slide[]> {
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

/** Newest first; the id breaks ties so a page never repeats a post of the one before. */
export async function listBlogs(
  db: Db,
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

export async function blog(db: Db, slug: string, lang: Language): Promise<BlogPost> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  if (!row) throw notFound('Blog post not found');
  return { ...toBlogSummary(row, lang), body: pick(row.body, lang) };
}

/** The info pages in the contract's order (the footer's); a page not written yet is left out. */
export async function listInfoPages(
  db: Db,
  lang: Language,
): Promise<Pick<InfoPage, 'slug' | 'title'>[]> {
  const rows = await db.select({ slug: infoPages.slug, title: infoPages.title }).from(infoPages);
  return INFO_PAGE_SLUGS.flatMap((slug) => {
    const row = rows.find((r) => r.slug === slug);
    return row ? [{ slug, title: pick(row.title, lang) }] : [];
  });
}

export async function infoPage(
  db: Db,
  slug: string,
  lang: Language,
  settings: { paymentHoldMinutes: number },
): Promise<InfoPage> {
  const [row] = await db.select().from(infoPages).where(eq(infoPages.slug, slug));
  const known = InfoPageSlugSchema.safeParse(row?.slug);
  if (!row || !known.success) throw notFound('Page not found');
  return {
    slug: known.data,
    title: pick(row.title, lang),
    body: fillPageSettings(pick(row.body, lang), lang, settings),
    updated_at: row.updatedAt.toISOString(),
  };
}

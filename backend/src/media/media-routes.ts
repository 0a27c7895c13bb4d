// Serves the generated illustrations. URLs carry the product slug and picture number, so they are
// stable across restarts; the pictures never change for a URL, hence the year-long cache.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blogPosts, categories, productImages, products, slides } from '../db/schema';
import { notFound } from '@shop/shared/server';
import { isDrawingKind, productSvg, slideSvg, type DrawingKind } from './drawings';

const CACHE = 'public, max-age=31536000, immutable';
const CATEGORY_IMAGE_SIZE = 300;

function sendSvg(reply: FastifyReply, svg: string): string {
  void reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', CACHE)
    // An SVG can carry script; these are ours and static, but the header keeps it that way if a
    // browser opens one directly.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff');
  return svg;
}

export function registerMediaRoutes(app: FastifyInstance, db: Db): void {
  app.get<{ Params: { file: string } }>('/media/products/:file', async (request, reply) => {
    const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9]\d{0,2})\.svg$/.exec(request.params.file);
    if (!match?.[1] || !match[2]) throw notFound('No such image');
    const [row] = await db
      .select({ kind: products.kind, color: productImages.color })
      .from(productImages)
      .innerJoin(products, eq(products.id, productImages.productId))
      .where(and(eq(products.slug, match[1]), eq(productImages.position, Number(match[2]))));
    if (!row || !isDrawingKind(row.kind)) throw notFound('No such image');
    return sendSvg(reply, productSvg(row.kind, row.color));
  });

  app.get<{ Params: { file: string } }>('/media/categories/:file', async (request, reply) => {
    const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(request.params.file);
    if (!match?.[1]) throw notFound('No such image');
    const [row] = await db
      .select({ icon: categories.icon, color: categories.color })
      .from(categories)
      .where(eq(categories.slug, match[1]));
    if (!row || !isDrawingKind(row.icon)) throw notFound('No such image');
    return sendSvg(reply, productSvg(row.icon, row.color, CATEGORY_IMAGE_SIZE));
  });

  app.get<{ Params: { file: string } }>('/media/slides/:file', async (request, reply) => {
    const match = /^([1-9]\d{0,5})\.svg$/.exec(request.params.file);
    if (!match?.[1]) throw notFound('No such image');
    const [row] = await db
      .select({ color: slides.color, artwork: slides.artwork })
      .from(slides)
      .where(eq(slides.id, Number(match[1])));
    if (!row) throw notFound('No such image');
    const kinds = row.artwork.filter((kind): kind is DrawingKind => isDrawingKind(kind));
    return sendSvg(reply, slideSvg(row.color, kinds));
  });

  // Blog covers are drawn like slides: the post's colour and artwork, same size.
  app.get<{ Params: { file: string } }>('/media/blog/:file', async (request, reply) => {
    const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/.exec(request.params.file);
    if (!match?.[1]) throw notFound('No such image');
    const [row] = await db
      .select({ color: blogPosts.color, artwork: blogPosts.artwork })
      .from(blogPosts)
      .where(eq(blogPosts.slug, match[1]));
    if (!row) throw notFound('No such image');
    const kinds = row.artwork.filter((kind): kind is DrawingKind => isDrawingKind(kind));
    return sendSvg(reply, slideSvg(row.color, kinds));
  });
}

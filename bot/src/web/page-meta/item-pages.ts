// Pages of one item the backend may or may not have: a product and a blog post get their own head
// and data when it is there, a 404 when it is not, and null when the backend did not say in time.
import {
  BlogResponseSchema,
  blogQueryKey,
  productQueryKey,
  ProductResponseSchema,
  type ProductDetail,
} from '@shop/shared';
import { forGuests } from '../first-paint/inline-queries';
import { blogHead, genericHead, productHead } from '../link-preview/heads';
import type { PageLookup, PageRequest } from './lookup';
import type { PageMeta } from './page';

/**
 * A product with its head, its answer for the app, and its name and first photo in the outline.
 * One guests do not see is asked for once more as a legal account: a legal-only product is a
 * page, but one that tells nothing about it.
 */
export async function productPage(
  lookup: PageLookup,
  request: PageRequest,
  slug: string,
  publicUrl: string,
): Promise<PageMeta | null> {
  const { language } = request;
  const found = await lookup('product', { slug }, ProductResponseSchema, request);
  if (found.kind === 'unavailable') return null;
  if (found.kind === 'found') {
    const { name, images } = found.data;
    return {
      status: 200,
      head: productHead(found.data, language, publicUrl),
      firstPaint: {
        page: 'product',
        queries: forGuests((type) => productQueryKey(language, type, slug), found.body),
        // The largest things on a product's first screen, in the outline before any script.
        product: { name, image: images[0] },
      },
    };
  }
  // Not for guests, but maybe for legal accounts (legal-only categories): the app shows those to
  // a signed-in legal account, so the page exists; its head tells nothing.
  const legal = await lookup<ProductDetail>(
    'product',
    { slug, accountType: 'legal' },
    ProductResponseSchema,
    request,
  );
  if (legal.kind === 'missing') return { status: 404, head: genericHead(language, null) };
  // No answer in time: the page may exist, so no 404, and it is not public anyway. Its outline,
  // but no data: a guest's answer is not what a legal account sees.
  return {
    status: 200,
    head: genericHead(language, null),
    firstPaint: { page: 'product', queries: [] },
  };
}

/** A blog post with its head and its answer for the app; a 404 for an unknown post. */
export async function blogPage(
  lookup: PageLookup,
  request: PageRequest,
  slug: string,
  publicUrl: string,
): Promise<PageMeta | null> {
  const { language } = request;
  const found = await lookup('blog', { slug }, BlogResponseSchema, request);
  if (found.kind === 'unavailable') return null;
  if (found.kind === 'missing') return { status: 404, head: genericHead(language, null) };
  return {
    status: 200,
    head: blogHead(found.data, language, publicUrl),
    firstPaint: {
      page: 'blog',
      queries: [{ queryKey: blogQueryKey(language, slug), data: found.body }],
    },
  };
}

// The product a `/start product_<slug>` link names, read as a guest through the shop's own relay
// (its checks and its cache), so the bot shows what the app shows.
import { CALLS, HEADERS, ProductResponseSchema, type Language } from '@shop/shared';
import type { FastifyInstance } from 'fastify';

export interface ProductCard {
  name: string;
  /** In sum: the product's price (its lowest variant's). */
  price: number;
  /** Its first photo as an absolute URL; null when it has none. */
  photoUrl: string | null;
}

/** The product with this slug in `language`; null when the catalogue has no such product. */
export type ProductCards = (slug: string, language: Language) => Promise<ProductCard | null>;

/** A photo's address as Telegram must fetch it: absolute, http(s) only. */
function absolutePhoto(publicUrl: string, url: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  return `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Reads products through `app`'s relay (an in-process request, never over the network). */
export function productCardsFrom(app: FastifyInstance, publicUrl: string): ProductCards {
  return async (slug, language) => {
    if (!CALLS.product.params.safeParse({ slug }).success) return null;
    const answer = await app.inject({
      method: 'GET',
      url: CALLS.product.path.replace(':slug', encodeURIComponent(slug)),
      headers: { [HEADERS.language]: language },
    });
    if (answer.statusCode === 404) return null;
    if (answer.statusCode !== 200) {
      throw new Error(`The product ${slug} could not be read (${answer.statusCode})`);
    }
    const product = ProductResponseSchema.parse(answer.json()).data;
    const photo = product.images[0];
    return {
      name: product.name,
      price: product.price,
      photoUrl: photo ? absolutePhoto(publicUrl, photo.url) : null,
    };
  };
}

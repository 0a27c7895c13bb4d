// The heads of pages read from the backend (a product, a blog post) and the generic head of every
// other page: what a shared link shows, and what search engines index.
import {
  buildPath,
  SHOP_NAME,
  SHOP_TAGLINES,
  type BlogPost,
  type Language,
  type ProductDetail,
} from '@shop/shared';
import type { PageHead, PageImage } from './page-head';

/** The shop's name and tagline; `path` null for a page that is not public (noindex). */
export function genericHead(language: Language, path: string | null): PageHead {
  return { language, ...SHOP_TAGLINES[language], path, type: 'website' };
}

/** One trailing slash is accepted by the route table; the canonical form has none. */
export function canonicalPath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** A product's own title, description, photo, price tags and schema.org `Product`. */
export function productHead(
  product: ProductDetail,
  language: Language,
  publicUrl: string,
): PageHead {
  const path = buildPath(language, 'product', { slug: product.slug });
  const url = `${publicUrl}${path}`;
  const images = product.images.flatMap((image) => {
    const absolute = absoluteUrl(publicUrl, image.url);
    return absolute === null ? [] : [{ ...image, url: absolute }];
  });
  const [first] = images;
  const image: PageImage | undefined = first && {
    url: first.url,
    width: first.width,
    height: first.height,
    alt: first.alt ?? product.name,
  };
  const description = snippet(product.description) || SHOP_TAGLINES[language].description;
  const [onlyVariant, ...otherVariants] = product.variants;
  const availability = product.in_stock
    ? 'https://schema.org/InStock'
    : 'https://schema.org/OutOfStock';
  return {
    language,
    title: `${product.name} · ${SHOP_NAME}`,
    description,
    path,
    type: 'product',
    ...(image ? { image } : {}),
    properties: [
      ['product:price:amount', String(product.price)],
      ['product:price:currency', 'UZS'],
      ['product:availability', product.in_stock ? 'in stock' : 'out of stock'],
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description,
      ...(images.length > 0 ? { image: images.map((item) => item.url) } : {}),
      // A product with options has no one SKU of its own: its slug names it then.
      sku:
        onlyVariant !== undefined && otherVariants.length === 0
          ? String(onlyVariant.product_id)
          : product.slug,
      brand: { '@type': 'Brand', name: product.brand.name },
      category: product.category.name,
      url,
      offers: {
        '@type': 'Offer',
        url,
        // Sums are whole numbers (shared/money): the price is the lowest variant's, in UZS.
        priceCurrency: 'UZS',
        price: product.price,
        availability,
        itemCondition: 'https://schema.org/NewCondition',
      },
    },
  };
}

/** A post's own title, excerpt, picture and schema.org `BlogPosting`. */
export function blogHead(post: BlogPost, language: Language, publicUrl: string): PageHead {
  const path = buildPath(language, 'blog', { slug: post.slug });
  const url = `${publicUrl}${path}`;
  const imageUrl = post.image === null ? null : absoluteUrl(publicUrl, post.image.url);
  const image: PageImage | undefined =
    post.image === null || imageUrl === null
      ? undefined
      : {
          url: imageUrl,
          width: post.image.width,
          height: post.image.height,
          alt: post.image.alt ?? post.title,
        };
  const description =
    snippet(post.excerpt) || snippet(post.body) || SHOP_TAGLINES[language].description;
  return {
    language,
    title: `${post.title} · ${SHOP_NAME}`,
    description,
    path,
    type: 'article',
    ...(image ? { image } : {}),
    properties: [['article:published_time', post.published_at]],
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      // Google shows at most 110 characters of a headline.
      headline: snippet(post.title, 110),
      description,
      datePublished: post.published_at,
      ...(image ? { image: [image.url] } : {}),
      inLanguage: language,
      url,
      mainEntityOfPage: url,
      publisher: { '@type': 'Organization', name: SHOP_NAME },
    },
  };
}

/** A URL as a page may refer to it from elsewhere; null for anything but http(s). */
function absoluteUrl(publicUrl: string, url: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('//')) return `https:${url}`;
  // Another scheme (javascript:, data:) is no picture a preview should fetch.
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  return `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Plain text cut to about a search snippet, at a word boundary. */
export function snippet(text: string, max = 160): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

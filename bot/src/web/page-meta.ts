import {
  BlogResponseSchema,
  CALLS,
  CategoriesResponseSchema,
  categoriesQueryKey,
  HomeResponseSchema,
  parseListingParams,
  PRODUCTS_PER_PAGE,
  ProductsResponseSchema,
  productsPageQueryKey,
  homeQueryKey,
  ProductResponseSchema,
  SlidesResponseSchema,
  slidesQueryKey,
  type Slide,
  buildPath,
  blogQueryKey,
  GUEST_ANSWER_ACCOUNT_TYPES,
  productQueryKey,
  type AccountType,
  type BlogPost,
  SHOP_NAME,
  SHOP_TAGLINES,
  type CallDef,
  type FirstPaintPage,
  type Language,
  type ProductDetail,
  type RouteMatch,
} from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type { PublicAnswer, PublicReads } from '../relay/public-reads';
import {
  absoluteUrl,
  snippet,
  type InlineQuery,
  type PageHead,
  type PageImage,
  type PreloadImage,
  type ProductFirstPaint,
} from './page-head';

/** How many cards of a listing the app draws eagerly (products-page.tsx, `eagerCount`). */
export const LISTING_EAGER_CARDS = 2;

/** How long a page waits for its product or post before it goes out with the generic head. */
export const PAGE_META_TIMEOUT_MS = 1500;

export interface PageMetaOptions {
  reads: PublicReads;
  publicUrl: string;
  timeoutMs: number;
}

export interface PageMeta {
  /**
   * 404 when the product or post does not exist: the app then shows its "not found" page. A
   * product only legal accounts see is a 200 with the generic unindexed head: the app shows it to
   * a signed-in legal account, but it is not advertised to anyone else.
   */
  status: 200 | 404;
  head: PageHead;
  /** A product or blog page's outline and the data it was written from (shared/first-paint). */
  firstPaint?: FirstPaint;
}

export interface FirstPaint {
  /** Whose outline the page draws under the header; null: the header only. */
  page: FirstPaintPage | 'home' | null;
  /** Empty when the backend did not answer in time: the outline still goes out. */
  queries: readonly InlineQuery[];
  /** Home's first banner, drawn in its outline; null when there are none, unset when unknown. */
  firstSlide?: Slide | null | undefined;
  /** A product's name and first photo, drawn in its outline (a guest's answer only). */
  product?: ProductFirstPaint | undefined;
  /** Pictures the page shows first, fetched with it (`<link rel="preload">`). */
  preload?: readonly PreloadImage[] | undefined;
}

export interface PageMetaSource {
  /** `search`: the address's query string (`?…` or empty), which a listing reads its filter from. */
  forRoute(
    match: RouteMatch,
    pathname: string,
    log: FastifyBaseLogger,
    search?: string,
  ): Promise<PageMeta>;
  /** The head of a path no route knows (status 404). */
  notFound(language: Language): PageHead;
}

/**
 * One answer under the app's key for each account type a guest read stands for: the relay
 * answers a signed-in individual as it answered the guest.
 */
function forGuests(keyOf: (accountType: string) => readonly unknown[], data: unknown) {
  return GUEST_ANSWER_ACCOUNT_TYPES.map((accountType) => ({ queryKey: keyOf(accountType), data }));
}

/** `body` is the answer as the relay sends it to the browser, before the server's own parse. */
type Lookup<T> =
  { kind: 'found'; data: T; body: unknown } | { kind: 'missing' } | { kind: 'unavailable' };

function genericHead(language: Language, path: string | null): PageHead {
  return { language, ...SHOP_TAGLINES[language], path, type: 'website' };
}

/** One trailing slash is accepted by the route table; the canonical form has none. */
function canonicalPath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function productHead(product: ProductDetail, language: Language, publicUrl: string): PageHead {
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

function blogHead(post: BlogPost, language: Language, publicUrl: string): PageHead {
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

/**
 * Product and blog pages get their own title, description, preview image and schema.org data,
 * read through the relay's cache as a guest would (so the app's own call right after is a hit).
 * The page never waits long for it: a slow or failing backend means the generic head, at once.
 */
export function createPageMeta(opts: PageMetaOptions): PageMetaSource {
  const { reads, publicUrl, timeoutMs } = opts;

  async function lookup<T>(
    id: 'product' | 'blog' | 'home' | 'slides' | 'categories' | 'products',
    /** What the read names: an item's slug, a listing's filter (body), another account type. */
    request: { slug?: string; body?: unknown; accountType?: AccountType },
    language: Language,
    schema: z.ZodMiniType<{ data: T }>,
    log: FastifyBaseLogger,
    /** When the page stops waiting (Date.now() time): one bound for all of a page's lookups. */
    deadline: number,
  ): Promise<Lookup<T>> {
    const { slug, body: requestBody, accountType } = request;
    const call: CallDef = CALLS[id];
    // A slug the call would refuse cannot name anything: no need to ask.
    if (slug !== undefined && call.params?.safeParse({ slug }).success !== true) {
      return { kind: 'missing' };
    }

    // Ends an unshared call at the same moment; a shared one goes on and fills the cache.
    const cancel = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(
        () => {
          cancel.abort();
          resolve('timeout');
        },
        Math.max(0, deadline - Date.now()),
      );
    });
    const query: Record<string, string> = id === 'product' ? { 'resources[]': 'relateds' } : {};
    // Through a promise: a request the call's schema refuses throws, and is only a page without data.
    const answer = Promise.resolve()
      .then(() =>
        reads.readAsGuest(
          id,
          {
            ...(slug === undefined ? {} : { params: { slug } }),
            query,
            ...(requestBody === undefined ? {} : { body: requestBody }),
            language,
            ...(accountType ? { accountType } : {}),
          },
          cancel.signal,
          log,
        ),
      )
      .catch((error: unknown): 'failed' => {
        log.debug({ call: id, err: error }, 'Page head without backend data');
        return 'failed';
      });
    let result: PublicAnswer | 'failed' | 'timeout';
    try {
      result = await Promise.race([answer, timedOut]);
    } finally {
      clearTimeout(timer);
    }

    if (result === 'timeout' || result === 'failed') return { kind: 'unavailable' };
    if (result.kind === 'error') {
      if (result.status === 404) return { kind: 'missing' };
      log.warn({ call: id, status: result.status }, 'Page head without backend data');
      return { kind: 'unavailable' };
    }
    const body: unknown = JSON.parse(result.body);
    const parsed = schema.safeParse(body);
    return parsed.success
      ? { kind: 'found', data: parsed.data.data, body }
      : { kind: 'unavailable' };
  }

  /** The page of a found item, a 404 for a missing one, null when the backend did not say. */
  function pageOf<T>(
    found: Lookup<T>,
    language: Language,
    render: (data: T) => PageHead,
    queries: (body: unknown) => InlineQuery[],
    page: FirstPaintPage,
  ): PageMeta | null {
    if (found.kind === 'missing') return { status: 404, head: genericHead(language, null) };
    if (found.kind === 'found') {
      return {
        status: 200,
        head: render(found.data),
        firstPaint: { page, queries: queries(found.body) },
      };
    }
    return null;
  }

  /**
   * Home with its banners and rows in the page, and its first banner drawn in the outline: the
   * largest thing on the first screen shows before the app's code has run. Whatever did not come
   * in time the app asks for itself.
   */
  async function homePage(
    language: Language,
    path: string,
    log: FastifyBaseLogger,
    deadline: number,
  ): Promise<PageMeta> {
    const [slides, rows] = await Promise.all([
      lookup('slides', {}, language, SlidesResponseSchema, log, deadline),
      lookup('home', {}, language, HomeResponseSchema, log, deadline),
    ]);
    const queries: InlineQuery[] = [];
    if (slides.kind === 'found') {
      queries.push({ queryKey: slidesQueryKey(language), data: slides.body });
    }
    if (rows.kind === 'found') {
      queries.push(...forGuests((type) => homeQueryKey(language, type), rows.body));
    }
    return {
      status: 200,
      head: genericHead(language, path),
      firstPaint: {
        page: 'home',
        queries,
        // Null: no banners (the app shows its hero instead); undefined: not known in time.
        firstSlide: slides.kind === 'found' ? (slides.data[0] ?? null) : undefined,
      },
    };
  }

  /**
   * A listing with its first page of products and the category tree in the page (the app's own
   * keys, the filter read from the address as the app reads it), and its first pictures fetched
   * with the page: the first screen needs no request for data. A search is left to the app.
   */
  async function listingPage(
    language: Language,
    path: string,
    search: string,
    log: FastifyBaseLogger,
    deadline: number,
  ): Promise<PageMeta | null> {
    const { filter, q } = parseListingParams(new URLSearchParams(search));
    if (q !== '') return null;
    const [products, categories] = await Promise.all([
      lookup(
        'products',
        { body: { ...filter, page: 1, per_page: PRODUCTS_PER_PAGE } },
        language,
        ProductsResponseSchema,
        log,
        deadline,
      ),
      lookup('categories', {}, language, CategoriesResponseSchema, log, deadline),
    ]);
    const queries: InlineQuery[] = [];
    for (const accountType of GUEST_ANSWER_ACCOUNT_TYPES) {
      if (products.kind === 'found') {
        queries.push({
          queryKey: productsPageQueryKey(language, accountType, filter, 1, PRODUCTS_PER_PAGE),
          data: products.body,
        });
      }
      if (categories.kind === 'found') {
        queries.push({
          queryKey: categoriesQueryKey(language, accountType),
          data: categories.body,
        });
      }
    }
    // The cards the listing draws eagerly (products-page.tsx): their pictures come with the page.
    const pictures =
      products.kind === 'found'
        ? products.data
            .slice(0, LISTING_EAGER_CARDS)
            .flatMap((product) => (product.images[0] ? [product.images[0]] : []))
        : [];
    return {
      status: 200,
      head: genericHead(language, path),
      firstPaint: {
        page: null,
        queries,
        preload: pictures.map((image) => ({ image, slot: 'card' })),
      },
    };
  }

  return {
    async forRoute(match, pathname, log, search = '') {
      const { language, route, params } = match;
      const slug = params.slug ?? '';
      const deadline = Date.now() + timeoutMs;
      let page: PageMeta | null = null;
      if (route.id === 'product') {
        const found = await lookup(
          'product',
          { slug },
          language,
          ProductResponseSchema,
          log,
          deadline,
        );
        page = pageOf(
          found,
          language,
          (product) => productHead(product, language, publicUrl),
          (data) => forGuests((type) => productQueryKey(language, type, slug), data),
          'product',
        );
        if (found.kind === 'found' && page?.firstPaint) {
          // The largest things on a product's first screen, in the outline before any script.
          const { name, images } = found.data;
          page = {
            ...page,
            firstPaint: { ...page.firstPaint, product: { name, image: images[0] } },
          };
        }
        if (found.kind === 'missing') {
          // Not for guests, but maybe for legal accounts (legal-only categories): the app shows
          // those to a signed-in legal account, so the page exists; its head tells nothing.
          const legal = await lookup<ProductDetail>(
            'product',
            { slug, accountType: 'legal' },
            language,
            ProductResponseSchema,
            log,
            deadline,
          );
          // No answer in time: the page may exist, so no 404, and it is not public anyway. Its
          // outline, but no data: a guest's answer is not what a legal account sees.
          if (legal.kind !== 'missing') {
            page = {
              status: 200,
              head: genericHead(language, null),
              firstPaint: { page: 'product', queries: [] },
            };
          }
        }
      } else if (route.id === 'products') {
        page = await listingPage(language, canonicalPath(pathname), search, log, deadline);
      } else if (route.id === 'home') {
        page = await homePage(language, canonicalPath(pathname), log, deadline);
      } else if (route.id === 'blog') {
        page = pageOf(
          await lookup('blog', { slug }, language, BlogResponseSchema, log, deadline),
          language,
          (post) => blogHead(post, language, publicUrl),
          (data) => [{ queryKey: blogQueryKey(language, slug), data }],
          'blog',
        );
      }
      if (page) return page;
      const generic = {
        status: 200,
        head: genericHead(language, canonicalPath(pathname)),
      } as const;
      // The backend did not answer in time: the page still gets its outline, the app its data.
      return route.id === 'product' || route.id === 'blog'
        ? { ...generic, firstPaint: { page: route.id, queries: [] } }
        : generic;
    },
    notFound: (language) => genericHead(language, null),
  };
}

// What the shop's own API answers, read through the relay exactly as the browser reads it. Specs
// compare the screen with these answers instead of hard-coding seed texts that may be reworded.
import { expect, type APIRequestContext } from '@playwright/test';
import {
  CALLS,
  callPath,
  type AccountType,
  type BlogPost,
  type CategoriesResponse,
  type HomeResponse,
  type InfoPageSlug,
  type Language,
  type ProductResponse,
  type ProductsFilter,
  type ProductsResponse,
  type SearchResponse,
  type Slide,
  type Store,
} from '@shop/shared';

/** The two headers catalogue answers depend on; a guest's account type is 'null'. */
const headers = (lang: Language, accountType: AccountType | 'null' = 'null') => ({
  'x-lang': lang,
  'x-account-type': accountType,
});

async function json<T>(response: {
  ok(): boolean;
  status(): number;
  url(): string;
  json(): Promise<unknown>;
}) {
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export async function apiProducts(
  request: APIRequestContext,
  filter: ProductsFilter,
  lang: Language = 'en',
): Promise<ProductsResponse> {
  return json(await request.post(CALLS.products.path, { data: filter, headers: headers(lang) }));
}

export async function apiHome(
  request: APIRequestContext,
  lang: Language,
): Promise<HomeResponse['data']> {
  const answer = await json<HomeResponse>(
    await request.get(CALLS.home.path, { headers: headers(lang) }),
  );
  return answer.data;
}

export async function apiSlides(request: APIRequestContext, lang: Language): Promise<Slide[]> {
  return (
    await json<{ data: Slide[] }>(await request.get(CALLS.slides.path, { headers: headers(lang) }))
  ).data;
}

export async function apiCategories(
  request: APIRequestContext,
  lang: Language,
  accountType: AccountType | 'null' = 'null',
): Promise<CategoriesResponse['data']> {
  const answer = await json<CategoriesResponse>(
    await request.get(CALLS.categories.path, { headers: headers(lang, accountType) }),
  );
  return answer.data;
}

export async function apiProduct(
  request: APIRequestContext,
  slug: string,
  lang: Language,
): Promise<ProductResponse['data']> {
  const answer = await json<ProductResponse>(
    await request.get(`${callPath(CALLS.product.path, { slug })}?resources[]=relateds`, {
      headers: headers(lang),
    }),
  );
  return answer.data;
}

export async function apiSearch(
  request: APIRequestContext,
  q: string,
  lang: Language,
): Promise<SearchResponse['data']> {
  const answer = await json<SearchResponse>(
    await request.get(`${CALLS.search.path}?q=${encodeURIComponent(q)}`, {
      headers: headers(lang),
    }),
  );
  return answer.data;
}

export async function apiStores(request: APIRequestContext, lang: Language): Promise<Store[]> {
  return (
    await json<{ data: Store[] }>(await request.get(CALLS.stores.path, { headers: headers(lang) }))
  ).data;
}

export async function apiBlog(
  request: APIRequestContext,
  slug: string,
  lang: Language,
): Promise<BlogPost> {
  const answer = await json<{ data: BlogPost }>(
    await request.get(callPath(CALLS.blog.path, { slug }), { headers: headers(lang) }),
  );
  return answer.data;
}

export interface InfoPageAnswer {
  data: { slug: string; title: string; body: string };
}

export async function apiInfoPage(
  request: APIRequestContext,
  slug: InfoPageSlug,
  lang: Language,
): Promise<InfoPageAnswer['data']> {
  const answer = await json<InfoPageAnswer>(
    await request.get(callPath(CALLS.infoPage.path, { slug }), { headers: headers(lang) }),
  );
  return answer.data;
}

export interface BlogsAnswer {
  data: { slug: string; title: string }[];
  meta: { page: number; last_page: number; total: number };
}

export async function apiBlogs(
  request: APIRequestContext,
  page: number,
  lang: Language = 'en',
): Promise<BlogsAnswer> {
  return json(await request.get(`${CALLS.blogs.path}?page=${page}`, { headers: headers(lang) }));
}

/** The first paragraph of a plain-text body, as the page shows it. */
export function firstParagraph(body: string): string {
  return body.split(/\n[ \t]*\n/)[0]?.trim() ?? '';
}

export interface LowStockVariant {
  slug: string;
  name: string;
  /** The radio names that pick the variant, e.g. ['Pink'] or ['Grey', 'King']. */
  values: string[];
  quantity: number;
}

/**
 * The one product whose low stock a spec buys (checkout-delivery: someone else buys one of the
 * last few). Specs that only show a low stock ("Only N left", the cart's limits) never pick it, so
 * they may run in another worker at the same time and still see the numbers they read.
 */
export const LOW_STOCK_BOUGHT = 'cotton-tablecloth';

/** A product with a variant of 1..5 left: what "Only N left" is shown for. */
export async function findLowStockVariant(request: APIRequestContext): Promise<LowStockVariant> {
  const { data } = await apiProducts(request, { per_page: 100, in_stock: true });
  for (const product of data) {
    if (product.slug === LOW_STOCK_BOUGHT) continue;
    const variant = product.variants.find((v) => v.in_stock && v.quantity > 0 && v.quantity <= 5);
    if (variant) {
      return {
        slug: product.slug,
        name: product.name,
        values: variant.attributes.map((a) => a.value),
        quantity: variant.quantity,
      };
    }
  }
  throw new Error('The demo seed has no variant with 1 to 5 left');
}

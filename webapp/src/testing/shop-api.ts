// What the shop's own API answers, read in a test through the page's `fetch` (which reaches the
// real shop server) and checked against the shared contracts: tests compare a screen with these
// answers instead of copying texts and numbers of the demo seed.
import {
  CALLS,
  callPath,
  DeliverySettingsResponseSchema,
  ProductResponseSchema,
  ProductsResponseSchema,
  SearchResponseSchema,
  StoresResponseSchema,
  type DeliverySettings,
  type Language,
  type Product,
  type ProductDetail,
  type ProductsFilter,
  type ProductsResponse,
  type Store,
} from '@shop/shared';
import type * as z from 'zod/mini';

/** The two headers catalogue answers depend on; a guest's account type is 'null'. */
const headers = (lang: Language) => ({ 'x-lang': lang, 'x-account-type': 'null' });

async function answer<Schema extends z.ZodMiniType>(
  schema: Schema,
  path: string,
  init: RequestInit,
): Promise<z.output<Schema>> {
  const response = await window.fetch(path, init);
  if (!response.ok) throw new Error(`${path} answered ${String(response.status)}`);
  return schema.parse(await response.json());
}

export function shopProducts(
  filter: ProductsFilter,
  lang: Language = 'en',
): Promise<ProductsResponse> {
  return answer(ProductsResponseSchema, CALLS.products.path, {
    method: 'POST',
    headers: { ...headers(lang), 'content-type': 'application/json' },
    body: JSON.stringify(filter),
  });
}

export async function shopProduct(slug: string, lang: Language = 'en'): Promise<ProductDetail> {
  const path = `${callPath(CALLS.product.path, { slug })}?resources[]=relateds`;
  return (await answer(ProductResponseSchema, path, { headers: headers(lang) })).data;
}

/** The search's answer for `q`: the results page's (no limit) or the suggestions' (`limit`). */
export async function shopSearch(q: string, lang: Language, limit?: number): Promise<Product[]> {
  const query = new URLSearchParams({
    q,
    ...(limit === undefined ? {} : { limit: String(limit) }),
  });
  const path = `${CALLS.search.path}?${query.toString()}`;
  return (await answer(SearchResponseSchema, path, { headers: headers(lang) })).data;
}

export async function shopStores(lang: Language): Promise<Store[]> {
  return (await answer(StoresResponseSchema, CALLS.stores.path, { headers: headers(lang) })).data;
}

export async function shopDeliverySettings(lang: Language): Promise<DeliverySettings> {
  const path = CALLS.deliverySettings.path;
  return (await answer(DeliverySettingsResponseSchema, path, { headers: headers(lang) })).data;
}

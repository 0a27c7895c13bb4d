// The home page's sections (new, popular, on sale, and the top categories) and a product's page
// (its breadcrumbs and, when asked, related products from its category).
import type { AccountType, HomeResponse, Language, ProductDetail } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { products, type LocalizedText } from '../db/schema';
import { notFound } from '@shop/shared/server';
import type { CatalogReader } from './catalog-reader';
import { breadcrumbs, categoryChildren } from './category-index';
import { pick } from './localize';
import { shelfIds } from './shelf-query';

const HOME_SECTION_SIZE = 8;
const RELATED_LIMIT = 8;

const SECTION_TITLES: Record<'new' | 'popular' | 'discounted', LocalizedText> = {
  new: { uz: 'Yangi mahsulotlar', ru: 'Новинки', en: 'New arrivals' },
  popular: { uz: 'Ommabop', ru: 'Популярное', en: 'Popular' },
  discounted: { uz: 'Chegirmalar', ru: 'Скидки', en: 'On sale' },
};

export async function homePage(
  reader: CatalogReader,
  lang: Language,
  accountType: AccountType,
): Promise<HomeResponse> {
  const { db, hydrate } = reader;
  const index = await reader.categoryIndex(accountType);
  const base = { categoryIds: [...index.visible], limit: HOME_SECTION_SIZE };
  const [newest, popular, discounted] = await Promise.all([
    shelfIds(db, { ...base, sort: 'new' }),
    shelfIds(db, { ...base, sort: 'popular' }),
    shelfIds(db, { ...base, sort: 'popular', discounted: true }),
  ]);
  const [newProducts, popularProducts, discountedProducts] = await Promise.all([
    hydrate(newest, lang),
    hydrate(popular, lang),
    hydrate(discounted, lang),
  ]);
  return {
    data: {
      sections: [
        { key: 'new', title: pick(SECTION_TITLES.new, lang), products: newProducts },
        { key: 'popular', title: pick(SECTION_TITLES.popular, lang), products: popularProducts },
        {
          key: 'discounted',
          title: pick(SECTION_TITLES.discounted, lang),
          products: discountedProducts,
        },
      ],
      categories: categoryChildren(index, lang, null),
    },
  };
}

export async function productPage(
  reader: CatalogReader,
  slug: string,
  lang: Language,
  accountType: AccountType,
  withRelateds: boolean,
): Promise<ProductDetail> {
  const { db, hydrate } = reader;
  const index = await reader.categoryIndex(accountType);
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(and(eq(products.slug, slug), eq(products.active, true)));
  if (!row || !index.visible.has(row.categoryId)) throw notFound('Product not found');
  const [product] = await hydrate([row.id], lang);
  if (!product) throw notFound('Product not found');
  const relatedIds = withRelateds
    ? await shelfIds(db, {
        categoryIds: [row.categoryId],
        sort: 'popular',
        limit: RELATED_LIMIT,
        excludeId: row.id,
      })
    : [];
  return {
    ...product,
    breadcrumbs: breadcrumbs(index, row.categoryId, lang),
    relateds: await hydrate(relatedIds, lang),
  };
}

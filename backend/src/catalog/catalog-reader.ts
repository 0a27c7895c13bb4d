// What every catalogue read starts from: the category tree as the shopper's account type sees it
// (cached), and products by id in the shopper's language (cached).
import type { AccountType, Language, Product } from '@shop/shared';
import type { Db } from '../db/client';
import type { CategoryIndex } from './category-index';

export interface CatalogReader {
  db: Db;
  categoryIndex: (accountType: AccountType) => Promise<CategoryIndex>;
  /** Full products for ids, in the order given. */
  hydrate: (ids: readonly number[], lang: Language) => Promise<Product[]>;
}

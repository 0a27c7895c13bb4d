// The category tree as one account type sees it: every row, by id, and the ids it may see
// (legal-only categories and everything under them are hidden from individuals). Read once per
// cache time by the service and walked in memory: the tree is small and shallow.
import type { AccountType, Category, Language, NamedRef } from '@shop/shared';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories } from '../db/schema';
import { pick } from './localize';

type CategoryRow = typeof categories.$inferSelect;

export interface CategoryIndex {
  rows: CategoryRow[];
  byId: Map<number, CategoryRow>;
  visible: Set<number>;
}

function categoryImageUrl(slug: string): string {
  return `/media/categories/${slug}.svg`;
}

export async function readCategoryIndex(db: Db, accountType: AccountType): Promise<CategoryIndex> {
  const rows = await db
    .select()
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const visible = new Set<number>();
  for (const row of rows) {
    // A category is legal-only when it or any ancestor is; walk up (the tree is shallow).
    let legalOnly = false;
    for (
      let at: CategoryRow | undefined = row;
      at;
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    ) {
      if (at.legalOnly) legalOnly = true;
    }
    if (accountType === 'legal' || !legalOnly) visible.add(row.id);
  }
  return { rows, byId, visible };
}

/** The category and every visible category below it. */
export function descendantsOf(index: CategoryIndex, rootId: number): number[] {
  const result = [rootId];
  for (let i = 0; i < result.length; i += 1) {
    const parent = result[i];
    for (const row of index.rows) if (row.parentId === parent) result.push(row.id);
  }
  return result.filter((id) => index.visible.has(id));
}

/** The visible children of `parentId` (null: the top level), each with its tree below. */
export function categoryChildren(
  index: CategoryIndex,
  lang: Language,
  parentId: number | null,
): Category[] {
  return index.rows
    .filter((row) => row.parentId === parentId && index.visible.has(row.id))
    .map((row) => ({
      slug: row.slug,
      name: pick(row.name, lang),
      image: categoryImageUrl(row.slug),
      children: categoryChildren(index, lang, row.id),
    }));
}

/** The path from the top of the tree down to the category, the category included. */
export function breadcrumbs(index: CategoryIndex, categoryId: number, lang: Language): NamedRef[] {
  const path: NamedRef[] = [];
  for (
    let at = index.byId.get(categoryId);
    at;
    at = at.parentId === null ? undefined : index.byId.get(at.parentId)
  ) {
    path.unshift({ slug: at.slug, name: pick(at.name, lang) });
  }
  return path;
}

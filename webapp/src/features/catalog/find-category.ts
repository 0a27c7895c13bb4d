import type { Category } from '@shop/shared';

/** Depth-first lookup in the category tree. */
export function findCategory(tree: readonly Category[], slug: string): Category | null {
  for (const category of tree) {
    if (category.slug === slug) return category;
    const child = findCategory(category.children, slug);
    if (child) return child;
  }
  return null;
}

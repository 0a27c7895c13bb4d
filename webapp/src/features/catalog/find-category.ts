import type { Category } from '@shop/shared';

/** The categories from a root down to `slug`, or null when the tree does not hold it. */
export function categoryPath(tree: readonly Category[], slug: string): Category[] | null {
  for (const category of tree) {
    if (category.slug === slug) return [category];
    const below = categoryPath(category.children, slug);
    if (below) return [category, ...below];
  }
  return null;
}

/** Depth-first lookup in the category tree. */
export function findCategory(tree: readonly Category[], slug: string): Category | null {
  return categoryPath(tree, slug)?.at(-1) ?? null;
}

/**
 * What to offer next to the chosen category: its sub-categories to narrow down, or for a leaf its
 * siblings to move sideways; the top level when nothing (or something unknown) is chosen.
 */
export function categoryNeighbours(
  tree: readonly Category[],
  slug: string | undefined,
): readonly Category[] {
  const path = slug ? categoryPath(tree, slug) : null;
  const current = path?.at(-1);
  if (!path || !current) return tree;
  if (current.children.length > 0) return current.children;
  return path.at(-2)?.children ?? tree;
}

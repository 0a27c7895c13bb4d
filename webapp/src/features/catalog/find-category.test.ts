import type { Category } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { categoryNeighbours, categoryPath, findCategory } from './find-category';

const leaf = (slug: string): Category => ({ slug, name: slug, image: null, children: [] });
const TREE: Category[] = [
  {
    slug: 'kitchen',
    name: 'Kitchen',
    image: null,
    children: [leaf('cookware'), leaf('tableware')],
  },
  { slug: 'bath', name: 'Bath', image: null, children: [] },
];

describe('category tree helpers', () => {
  it('finds a path and a category at any depth', () => {
    expect(categoryPath(TREE, 'tableware')?.map((c) => c.slug)).toEqual(['kitchen', 'tableware']);
    expect(findCategory(TREE, 'bath')?.name).toBe('Bath');
    expect(findCategory(TREE, 'garden')).toBeNull();
  });

  it('offers children, else siblings, else the top level', () => {
    const slugs = (list: readonly Category[]) => list.map((c) => c.slug);
    expect(slugs(categoryNeighbours(TREE, undefined))).toEqual(['kitchen', 'bath']);
    expect(slugs(categoryNeighbours(TREE, 'kitchen'))).toEqual(['cookware', 'tableware']);
    expect(slugs(categoryNeighbours(TREE, 'cookware'))).toEqual(['cookware', 'tableware']);
    expect(slugs(categoryNeighbours(TREE, 'bath'))).toEqual(['kitchen', 'bath']);
    expect(slugs(categoryNeighbours(TREE, 'unknown'))).toEqual(['kitchen', 'bath']);
  });
});

// The facets of a listing answer, named in the shopper's language: the summary's counts per
// category rolled up to the choices under the chosen one, attribute values grouped by attribute.
import type { Facets, Language } from '@shop/shared';
import { descendantsOf, type CategoryIndex } from './category-index';
import type { ListingSummary } from './listing-summary';
import { pick } from './localize';

/** A listing that matches nothing: no facet to offer. */
export const NO_FACETS: Facets = {
  categories: [],
  brands: [],
  attributes: [],
  price: null,
  in_stock_count: 0,
};

export function facetsOf(
  index: CategoryIndex,
  lang: Language,
  chosenId: number | null,
  answer: ListingSummary,
): Facets {
  const byCategory = new Map((answer.categories ?? []).map((c) => [c.id, c.count]));
  const choices = index.rows.filter(
    (row) => row.parentId === chosenId && index.visible.has(row.id),
  );
  const attributes: Facets['attributes'] = [];
  for (const row of answer.attributes ?? []) {
    let attribute = attributes.at(-1);
    if (attribute?.code !== row.code) {
      attribute = { code: row.code, name: row.name, values: [] };
      attributes.push(attribute);
    }
    attribute.values.push({ value: row.value, name: row.value_name, count: row.count });
  }
  return {
    // Each choice counts its whole subtree: a parent category lists its children's products.
    categories: choices.flatMap((row) => {
      const total = descendantsOf(index, row.id).reduce(
        (sum, id) => sum + (byCategory.get(id) ?? 0),
        0,
      );
      return total > 0 ? [{ slug: row.slug, name: pick(row.name, lang), count: total }] : [];
    }),
    brands: answer.brands ?? [],
    attributes,
    price:
      answer.price.min === null || answer.price.max === null
        ? null
        : { min: answer.price.min, max: answer.price.max },
    in_stock_count: answer.in_stock_count,
  };
}

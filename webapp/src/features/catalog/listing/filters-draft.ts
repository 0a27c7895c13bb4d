import type { ListingFilter, Sort } from '@shop/shared';

/**
 * What the filters sheet holds while the shopper edits it: the fields as typed and ticked, put
 * into the URL only on "Apply", so the list does not reload on every tick.
 */
export interface FiltersDraft {
  category: string;
  brands: readonly string[];
  /** Price bounds as typed: digits only, '' for none. */
  priceMin: string;
  priceMax: string;
  inStock: boolean;
  discounted: boolean;
  attributes: Readonly<Record<string, readonly string[]>>;
}

export const EMPTY_DRAFT: FiltersDraft = {
  category: '',
  brands: [],
  priceMin: '',
  priceMax: '',
  inStock: false,
  discounted: false,
  attributes: {},
};

export function draftOf(filter: ListingFilter): FiltersDraft {
  return {
    category: filter.category ?? '',
    brands: filter.brands ?? [],
    priceMin: filter.price_min?.toString() ?? '',
    priceMax: filter.price_max?.toString() ?? '',
    inStock: filter.in_stock === true,
    discounted: filter.discounted === true,
    attributes: filter.attributes ?? {},
  };
}

function amountOf(text: string): number | undefined {
  return text === '' ? undefined : Number(text);
}

/** The filter the draft asks for, keeping the list's sort; only what is chosen is in it. */
export function filterOf(draft: FiltersDraft, sort: Sort | undefined): ListingFilter {
  let low = amountOf(draft.priceMin);
  let high = amountOf(draft.priceMax);
  // Typed the wrong way round: the shopper meant the range, not "nothing matches".
  if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
  const chosenAttributes = Object.fromEntries(
    Object.entries(draft.attributes).filter(([, values]) => values.length > 0),
  );
  return {
    ...(draft.category ? { category: draft.category } : {}),
    ...(draft.brands.length > 0 ? { brands: [...draft.brands] } : {}),
    ...(low !== undefined ? { price_min: low } : {}),
    ...(high !== undefined ? { price_max: high } : {}),
    ...(draft.inStock ? { in_stock: true } : {}),
    ...(draft.discounted ? { discounted: true } : {}),
    ...(Object.keys(chosenAttributes).length > 0
      ? {
          attributes: Object.fromEntries(
            Object.entries(chosenAttributes).map(([code, values]) => [code, [...values]]),
          ),
        }
      : {}),
    ...(sort ? { sort } : {}),
  };
}

/** `list` with `value` ticked on (last) or off. */
export function toggled(list: readonly string[], value: string, on: boolean): readonly string[] {
  return on
    ? [...list.filter((item) => item !== value), value]
    : list.filter((item) => item !== value);
}

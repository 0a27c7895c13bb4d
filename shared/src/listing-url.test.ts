import { ProductsFilterSchema, SORTS } from './contracts/catalog';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  hasActiveFilters,
  listingQuery,
  listingSearchParams,
  parseListingParams,
  removeFilter,
  withoutFilters,
  type ListingState,
} from './listing-url';

const parse = (query: string) => parseListingParams(new URLSearchParams(query));

describe('parseListingParams', () => {
  it('reads every filter under the filter body names', () => {
    expect(
      parse(
        'category=kitchen&brands=chinnigar&brands=olov-kitchen&price_min=100000&price_max=500000' +
          '&in_stock=1&discounted=1&attr_color=white&attr_color=blue&attr_size=l&sort=price_asc&page=3',
      ),
    ).toEqual({
      filter: {
        category: 'kitchen',
        brands: ['chinnigar', 'olov-kitchen'],
        price_min: 100_000,
        price_max: 500_000,
        in_stock: true,
        discounted: true,
        attributes: { color: ['white', 'blue'], size: ['l'] },
        sort: 'price_asc',
      },
      page: 3,
      q: '',
    });
  });

  it('reads comma-separated lists as well as repeated keys', () => {
    expect(parse('brands=chinnigar,olov-kitchen&attr_color=white,blue').filter).toEqual({
      brands: ['chinnigar', 'olov-kitchen'],
      attributes: { color: ['white', 'blue'] },
    });
  });

  it('takes in_stock as 1 or true only', () => {
    expect(parse('in_stock=true').filter).toEqual({ in_stock: true });
    expect(parse('in_stock=0').filter).toEqual({});
    expect(parse('in_stock=yes').filter).toEqual({});
  });

  it('takes discounted (on sale only) as 1 or true only, like in_stock', () => {
    expect(parse('discounted=1').filter).toEqual({ discounted: true });
    expect(parse('discounted=true&sort=new').filter).toEqual({ discounted: true, sort: 'new' });
    for (const off of ['0', 'false', 'yes', '', 'TRUE', ' 1']) {
      expect(parse(`discounted=${encodeURIComponent(off)}`).filter).toEqual({});
    }
  });

  it('drops bad values one by one and keeps the good ones', () => {
    expect(
      parse(
        'category=Kitchen!&brands=ok-brand&brands=Bad Brand&brands=&price_min=-5&price_max=1e3' +
          '&in_stock=2&attr_Color=white&attr_size=XL&attr_size=m&attr_=x&sort=cheap&page=0',
      ),
    ).toEqual({ filter: { brands: ['ok-brand'], attributes: { size: ['m'] } }, page: 1, q: '' });
  });

  it('refuses numbers that are not plain decimal digits', () => {
    for (const bad of ['0x10', '1e3', ' 7', '7.5', '+7', '', '99999999999999']) {
      expect(parse(`price_min=${encodeURIComponent(bad)}`).filter).toEqual({});
      expect(parse(`page=${encodeURIComponent(bad)}`).page).toBe(1);
    }
    expect(parse('page=10001').page).toBe(1);
    expect(parse('page=10000').page).toBe(10_000);
  });

  it('drops a reversed price range whole', () => {
    expect(parse('price_min=500&price_max=100').filter).toEqual({});
    expect(parse('price_min=100&price_max=100').filter).toEqual({ price_min: 100, price_max: 100 });
  });

  it('removes duplicates and caps lists at the contract limits', () => {
    const brands = Array.from({ length: 60 }, (_, i) => `brand-${i}`);
    const parsed = parse(`brands=a&brands=a&${brands.map((b) => `brands=${b}`).join('&')}`);
    expect(parsed.filter.brands).toHaveLength(50);
    expect(parsed.filter.brands?.[0]).toBe('a');
    const codes = Array.from({ length: 12 }, (_, i) => `attr_c${i}=v`).join('&');
    expect(Object.keys(parse(codes).filter.attributes ?? {})).toHaveLength(10);
  });

  it('trims the search query and cuts it at 100 characters', () => {
    expect(parse('q=%20%20kazan%20').q).toBe('kazan');
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });
});

describe('listingSearchParams', () => {
  it('writes a canonical query: fixed order, repeated keys, defaults left out', () => {
    const state: ListingState = {
      filter: {
        sort: 'new',
        attributes: { size: ['l'], color: ['white', 'blue'] },
        brands: ['b', 'a'],
        category: 'kitchen',
        discounted: true,
        in_stock: true,
      },
      page: 1,
      q: '',
    };
    expect(listingSearchParams(state).toString()).toBe(
      'category=kitchen&brands=b&brands=a&in_stock=1&discounted=1&attr_color=white&attr_color=blue&attr_size=l&sort=new',
    );
    expect(listingQuery({})).toBe('');
    expect(listingQuery({ filter: { brands: ['chinnigar'] } })).toBe('?brands=chinnigar');
    // The home page's "See all" of its on-sale section.
    expect(listingQuery({ filter: { discounted: true } })).toBe('?discounted=1');
    expect(listingQuery({ filter: { discounted: false } })).toBe('');
    expect(listingQuery({ q: 'чайник' })).toBe(`?q=${encodeURIComponent('чайник')}`);
  });
});

// ---- Properties: any state survives the URL, any URL gives a state the backend accepts ---------

const slug = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/);
const code = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
const value = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,10}$/);
const amount = fc.integer({ min: 0, max: 10_000_000_000 });

const stateArb: fc.Arbitrary<ListingState> = fc
  .record(
    {
      category: slug,
      brands: fc.uniqueArray(slug, { minLength: 1, maxLength: 5 }),
      prices: fc.tuple(
        fc.option(amount, { nil: undefined }),
        fc.option(amount, { nil: undefined }),
      ),
      in_stock: fc.constant(true as const),
      discounted: fc.constant(true as const),
      attributes: fc.dictionary(code, fc.uniqueArray(value, { minLength: 1, maxLength: 4 }), {
        minKeys: 1,
        maxKeys: 4,
      }),
      sort: fc.constantFrom(...SORTS),
    },
    { requiredKeys: [] },
  )
  .chain(({ prices, ...rest }) => {
    const [a, b] = prices ?? [undefined, undefined];
    const low = a !== undefined && b !== undefined ? Math.min(a, b) : a;
    const high = a !== undefined && b !== undefined ? Math.max(a, b) : b;
    return fc.record({
      filter: fc.constant({
        ...rest,
        ...(low !== undefined ? { price_min: low } : {}),
        ...(high !== undefined ? { price_max: high } : {}),
      }),
      page: fc.integer({ min: 1, max: 10_000 }),
      q: fc.constantFrom('', 'kazan', 'чайник', 'qoʻl sochiq'),
    });
  });

describe('URL ⇄ state properties', () => {
  it('round-trips every valid state through the query string', () => {
    fc.assert(
      fc.property(stateArb, (state) => {
        const text = listingSearchParams(state).toString();
        expect(parseListingParams(new URLSearchParams(text))).toEqual(state);
      }),
    );
  });

  it('turns any query string into a filter the products call accepts, and is idempotent', () => {
    const key = fc.constantFrom(
      'category',
      'brands',
      'price_min',
      'price_max',
      'in_stock',
      'discounted',
      'sort',
      'page',
      'q',
      'attr_color',
      'attr_Size',
      'attr_',
      'utm_source',
    );
    const anyValue = fc.oneof(
      fc.string({ maxLength: 12 }),
      slug,
      fc.integer({ min: -10, max: 20_000_000_000 }).map(String),
      fc.constantFrom('1', 'true', 'popular', 'price_desc', '0x10', '1e3', ''),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, anyValue), { maxLength: 20 }), (pairs) => {
        const state = parseListingParams(new URLSearchParams(pairs));
        expect(ProductsFilterSchema.safeParse({ ...state.filter, page: 1 }).success).toBe(true);
        const again = parseListingParams(listingSearchParams(state));
        expect(again).toEqual(state);
      }),
    );
  });
});

describe('chips', () => {
  const filter = {
    category: 'kitchen',
    brands: ['a', 'b'],
    price_min: 10,
    in_stock: true as const,
    discounted: true as const,
    attributes: { color: ['white', 'blue'] },
    sort: 'new' as const,
  };

  it('lists each chosen filter and removes exactly that one', () => {
    const chips = activeFilters(filter);
    expect(chips).toHaveLength(8);
    expect(chips).toContainEqual({ kind: 'discounted' });
    expect(removeFilter(filter, { kind: 'discounted' })).toEqual({
      ...filter,
      discounted: undefined,
    });
    expect(removeFilter(filter, { kind: 'discounted' })).not.toHaveProperty('discounted');
    expect(hasActiveFilters({ discounted: true, sort: 'new' })).toBe(true);
    expect(removeFilter(filter, { kind: 'brand', slug: 'a' }).brands).toEqual(['b']);
    expect(removeFilter(filter, { kind: 'attribute', code: 'color', value: 'white' })).toEqual({
      ...filter,
      attributes: { color: ['blue'] },
    });
    let rest = filter as ReturnType<typeof removeFilter>;
    for (const chip of chips) rest = removeFilter(rest, chip);
    expect(rest).toEqual({ sort: 'new' });
    expect(hasActiveFilters(rest)).toBe(false);
  });

  it('reset keeps the order only', () => {
    expect(withoutFilters(filter)).toEqual({ sort: 'new' });
    expect(withoutFilters({ brands: ['a'] })).toEqual({});
  });
});

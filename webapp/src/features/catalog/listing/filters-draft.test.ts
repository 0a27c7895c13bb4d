import { describe, expect, it } from 'vitest';
import { draftOf, EMPTY_DRAFT, filterOf, toggled } from './filters-draft';

describe('the filters draft', () => {
  it('gives back the filter it was made from, sort included', () => {
    const filter = {
      category: 'kitchen',
      brands: ['tefal', 'bosch'],
      price_min: 10_000,
      price_max: 90_000,
      in_stock: true,
      discounted: true,
      attributes: { color: ['red'] },
    };
    expect(filterOf(draftOf(filter), 'price_asc')).toEqual({ ...filter, sort: 'price_asc' });
  });

  it('leaves out what is not chosen, and attributes with no value ticked', () => {
    expect(filterOf({ ...EMPTY_DRAFT, attributes: { color: [] } }, undefined)).toEqual({});
  });

  it('reads a price range typed the wrong way round as the range', () => {
    expect(filterOf({ ...EMPTY_DRAFT, priceMin: '500', priceMax: '100' }, undefined)).toEqual({
      price_min: 100,
      price_max: 500,
    });
  });

  it('ticks a value on at the end and off wherever it is', () => {
    expect(toggled(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(toggled(['a', 'b'], 'a', false)).toEqual(['b']);
  });
});

import { describe, expect, it } from 'vitest';
import { stockLevel } from './stock-level';

describe('stockLevel', () => {
  it('has three states: in stock, only N left (≤ 5), out of stock', () => {
    expect(stockLevel(true, 40)).toEqual({ kind: 'in' });
    expect(stockLevel(true, 6)).toEqual({ kind: 'in' });
    expect(stockLevel(true, 5)).toEqual({ kind: 'few', left: 5 });
    expect(stockLevel(true, 1)).toEqual({ kind: 'few', left: 1 });
    expect(stockLevel(true, 0)).toEqual({ kind: 'out' });
    expect(stockLevel(false, 12)).toEqual({ kind: 'out' });
  });

  it('says only "in stock" when the quantity is not known', () => {
    expect(stockLevel(true)).toEqual({ kind: 'in' });
    expect(stockLevel(false)).toEqual({ kind: 'out' });
  });
});

import { describe, expect, it } from 'vitest';
import { CustomerOrdersQuerySchema } from './orders';

describe('CustomerOrdersQuerySchema', () => {
  it('reads plain decimal page numbers', () => {
    expect(CustomerOrdersQuerySchema.parse({ page: '2', per_page: '50' })).toEqual({
      page: 2,
      per_page: 50,
    });
    expect(CustomerOrdersQuerySchema.parse({})).toEqual({});
  });

  it.each(['0x10', '1e3', ' 7', '0', '-1', '1.5', '', '01', 'NaN', '9999999'])(
    'refuses page=%j instead of guessing a number',
    (page) => {
      expect(CustomerOrdersQuerySchema.safeParse({ page }).success).toBe(false);
    },
  );

  it('refuses per_page above 100 and unknown keys', () => {
    expect(CustomerOrdersQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
    expect(CustomerOrdersQuerySchema.safeParse({ sort: 'new' }).success).toBe(false);
  });
});

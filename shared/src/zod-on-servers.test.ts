import { describe, expect, it } from 'vitest';
import { CreateOrderRequestSchema, SlugSchema } from './index';

// The shared schemas are zod/mini, which has no messages of its own: the servers' settings
// (zod-on-servers.ts, loaded by the index) give them classic zod's English ones, which the
// servers put on the wire.
describe('zod messages on the servers', () => {
  it('are English, as classic zod wrote them', () => {
    expect(SlugSchema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'Too small: expected string to have >=1 characters',
      'Must be a slug: lowercase letters, digits and dashes',
    ]);
    const order = CreateOrderRequestSchema.safeParse({ items: [{ product_id: 1.5 }], extra: 1 });
    expect(order.error?.issues.map((issue) => issue.message)).toContain(
      'Invalid input: expected int, received number',
    );
    expect(order.error?.issues.map((issue) => issue.message)).toContain(
      'Unrecognized key: "extra"',
    );
  });
});

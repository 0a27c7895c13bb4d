import { BlogsQuerySchema } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { blogsPageParam } from './get-blogs';

describe('blogsPageParam', () => {
  it('reads plain page numbers the blogs call accepts, and page 1 for anything else', () => {
    expect(blogsPageParam('3')).toBe(3);
    expect(blogsPageParam('9999')).toBe(9999);
    for (const bad of [null, '', '0', '-1', '1e3', '0x10', ' 2', '10000', 'two']) {
      expect(blogsPageParam(bad)).toBe(1);
    }
  });

  it('never produces a page the contract refuses', () => {
    for (const raw of ['1', '42', '9999', 'x', '10000']) {
      const page = String(blogsPageParam(raw));
      expect(BlogsQuerySchema.safeParse({ page }).success).toBe(true);
    }
  });
});

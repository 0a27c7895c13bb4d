import { describe, expect, it } from 'vitest';
import { stableStringify } from './stable-json';

describe('stableStringify', () => {
  it('serialises objects alike whatever their key order, nested too', () => {
    expect(stableStringify({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 'x' } })).toBe(
      stableStringify({ a: { c: 'x', d: [2, { e: 0, f: 1 }] }, b: 1 }),
    );
    expect(stableStringify({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('drops undefined properties and writes undefined elsewhere as null', () => {
    expect(stableStringify({ a: undefined, b: null })).toBe('{"b":null}');
    expect(stableStringify([undefined])).toBe('[null]');
    expect(stableStringify(undefined)).toBe('null');
  });
});

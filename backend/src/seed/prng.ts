/**
 * mulberry32: a tiny seeded PRNG so the demo seed is the same on every machine and every start,
 * which the tests and the end-to-end suite rely on. Not for anything secret.
 */
export function createPrng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomIntBetween(next: () => number, min: number, max: number): number {
  return min + Math.floor(next() * (max - min + 1));
}

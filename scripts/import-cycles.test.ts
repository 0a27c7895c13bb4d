// No import circles: the workspace's whole import graph (import-graph.ts), type-only imports
// included, which `pnpm lint:cycles` checks. The planted circles are found, a file importing into
// a circle is not on it, and the workspace itself has none.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, PLANTED_CYCLES, workspaceSources } from './import-graph';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('import circles', () => {
  it('are found in the import graph, type-only imports included', () => {
    const files = ['first', 'second', 'third', 'leaf', 'typed-a', 'typed-b'].map((name) =>
      join(root, PLANTED_CYCLES, `${name}.ts`),
    );
    expect(importCycles(root, files)).toEqual(
      expect.arrayContaining([
        [`${PLANTED_CYCLES}/first.ts`, `${PLANTED_CYCLES}/second.ts`, `${PLANTED_CYCLES}/third.ts`],
        [`${PLANTED_CYCLES}/typed-a.ts`, `${PLANTED_CYCLES}/typed-b.ts`],
      ]),
    );
    expect(importCycles(root, files)).toHaveLength(2);
  });

  it('do not exist anywhere in the workspace, type-only imports included', () => {
    const files = workspaceSources(root);
    expect(files.length).toBeGreaterThan(500);
    expect(importCycles(root, files)).toEqual([]);
  }, 60_000);
});

// No import circles, checked two ways. The lint's import-x/no-cycle, run on planted files: each
// file on a circle of runtime imports is an error, a file importing into the circle is not, and
// type-only imports (erased from the build) are not counted. The workspace's whole import graph
// (import-graph.ts), type-only imports included: the planted circles are found, and the
// workspace itself has none.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importCycleRules } from '../eslint.config.js';
import { importCycles } from './import-graph';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = 'scripts/fixtures/import-cycle';

async function lintCycleErrors(): Promise<Record<string, number>> {
  const eslint = new ESLint({
    cwd: root,
    // Only the rule under test: the fixtures are outside every tsconfig, so the type-aware rules
    // of the full setup could not run on them.
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      importCycleRules,
    ],
    ignore: false,
  });
  const results = await eslint.lintFiles([`${fixtures}/*.ts`]);
  const counts: Record<string, number> = {};
  for (const result of results) {
    const name = result.filePath.slice(result.filePath.lastIndexOf('/') + 1);
    expect(result.messages.filter((m) => m.ruleId !== 'import-x/no-cycle')).toEqual([]);
    counts[name] = result.messages.filter((m) => m.ruleId === 'import-x/no-cycle').length;
  }
  return counts;
}

/** The workspace's own TypeScript files, as git knows them, without the planted ones. */
function workspaceFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => file !== '' && !file.startsWith(`${fixtures}/`))
    .map((file) => join(root, file));
}

describe('import circles', () => {
  it('fail the lint on every file of a runtime circle, and on no other', async () => {
    expect(await lintCycleErrors()).toEqual({
      'first.ts': 1,
      'second.ts': 1,
      'third.ts': 1,
      'leaf.ts': 0,
      'typed-a.ts': 0,
      'typed-b.ts': 0,
    });
  }, 60_000);

  it('are found in the import graph, type-only imports included', () => {
    const files = ['first', 'second', 'third', 'leaf', 'typed-a', 'typed-b'].map((name) =>
      join(root, fixtures, `${name}.ts`),
    );
    expect(importCycles(root, files)).toEqual(
      expect.arrayContaining([
        [`${fixtures}/first.ts`, `${fixtures}/second.ts`, `${fixtures}/third.ts`],
        [`${fixtures}/typed-a.ts`, `${fixtures}/typed-b.ts`],
      ]),
    );
    expect(importCycles(root, files)).toHaveLength(2);
  });

  it('do not exist anywhere in the workspace, type-only imports included', () => {
    const files = workspaceFiles();
    expect(files.length).toBeGreaterThan(500);
    expect(importCycles(root, files)).toEqual([]);
  }, 60_000);
});

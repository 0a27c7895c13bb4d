// The lint's rule against import circles, run on planted files: each file on a circle of three
// is an error; a file that only imports into the circle is not.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importCycleRules } from '../eslint.config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = 'scripts/fixtures/import-cycle';

async function cycleErrors(): Promise<Map<string, number>> {
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
  const counts = new Map<string, number>();
  for (const result of results) {
    const name = result.filePath.slice(result.filePath.lastIndexOf('/') + 1);
    const cycles = result.messages.filter((m) => m.ruleId === 'import-x/no-cycle');
    expect(result.messages.filter((m) => m.ruleId !== 'import-x/no-cycle')).toEqual([]);
    counts.set(name, cycles.length);
  }
  return counts;
}

describe('the import-circle lint rule', () => {
  it('fails every file on a circle and no other', async () => {
    const counts = await cycleErrors();
    expect(Object.fromEntries(counts)).toEqual({
      'first.ts': 1,
      'second.ts': 1,
      'third.ts': 1,
      'leaf.ts': 0,
    });
  }, 60_000);
});

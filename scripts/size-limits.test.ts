// Files of at most 300 lines and functions of at most 80, held by the lint: the real setup
// (eslint.config.js) lints planted files of exactly the limit and of one line more. Blank lines
// and comments count. Only the exceptions the setup names (seed data, locale tables, test
// stand-ins, tests) may be longer; bench files, scripts and product code may not.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const planted = 'scripts/fixtures/size-limits';
const SIZE_RULES = ['max-lines', 'max-lines-per-function'];

const eslint = new ESLint({
  cwd: root,
  // The planted files exist only as text, in no tsconfig: the type-aware rules cannot run on
  // them, every other rule of the setup does.
  overrideConfig: [{ files: ['**/*.{ts,tsx,mjs}'], ...tseslint.configs.disableTypeChecked }],
  ignore: false,
});

/** A module of `lines` lines: one short declaration a line, with a comment and a blank line. */
function fileOf(lines: number): string {
  const declarations = Array.from({ length: lines - 2 }, (_, i) => `export const n${i} = ${i};`);
  return ['// Planted: a file of a known length.', '', ...declarations, ''].join('\n');
}

/** A module whose one function spans `lines` lines, from its signature to its closing brace. */
function functionOf(lines: number): string {
  const steps = Array.from({ length: lines - 5 }, (_, i) => `  total += ${i};`);
  return [
    '// Planted: a function of a known length.',
    'export function planted(): number {',
    '  let total = 0;',
    '',
    ...steps,
    '  return total;',
    '}',
    '',
  ].join('\n');
}

/** The size rules the setup reports on `code` planted at `path`, one entry per message. */
async function sizeErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  if (!result) throw new Error(`no lint result for ${path}`);
  expect(result.messages.filter((message) => message.fatal === true)).toEqual([]);
  return result.messages
    .filter((message) => SIZE_RULES.includes(message.ruleId ?? ''))
    .map((message) => `${message.ruleId ?? ''} (${message.severity === 2 ? 'error' : 'warn'})`);
}

describe('size limits', () => {
  it('fail a file of 301 lines and pass one of 300', async () => {
    expect(fileOf(301).split('\n')).toHaveLength(302); // 301 lines, each ended by a newline
    expect(await sizeErrors(`${planted}/long-file.ts`, fileOf(301))).toEqual(['max-lines (error)']);
    expect(await sizeErrors(`${planted}/long-file.ts`, fileOf(300))).toEqual([]);
  }, 60_000);

  it('fail a function of 81 lines and pass one of 80', async () => {
    expect(await sizeErrors(`${planted}/long-function.ts`, functionOf(81))).toEqual([
      'max-lines-per-function (error)',
    ]);
    expect(await sizeErrors(`${planted}/long-function.ts`, functionOf(80))).toEqual([]);
  }, 60_000);

  it('hold bench files, scripts and product code in every package', async () => {
    const paths = [
      'bench/planted.bench.ts',
      'bench/planted.ts',
      'scripts/planted.mjs',
      'scripts/planted.ts',
      'backend/src/orders/planted.ts',
      'backend/src/seed/planted.ts',
      'backend/src/sms/eskiz/stand-in/planted.ts',
      'bot/src/planted.ts',
      'shared/src/planted.ts',
      'webapp/src/lib/i18n/planted.ts',
      'webapp/src/features/cart/planted.tsx',
    ];
    for (const path of paths) {
      expect.soft(await sizeErrors(path, fileOf(301)), path).toEqual(['max-lines (error)']);
      expect
        .soft(await sizeErrors(path, functionOf(81)), path)
        .toEqual(['max-lines-per-function (error)']);
    }
  }, 60_000);

  it('let only the named exceptions grow', async () => {
    const dataOnly = [
      'backend/src/seed/products-data.ts',
      'backend/src/seed/taxonomy.ts',
      'webapp/src/lib/i18n/locales/ordering/en.ts',
    ];
    const testsAndStandIns = [
      'bot/src/testing/fake-bot-api.ts',
      'shared/testing/bad-input.ts',
      'backend/src/orders/order-service.test.ts',
      'webapp/src/features/cart/cart-line.test.tsx',
      'tests/e2e/planted.spec.ts',
      'tests/support/planted.ts',
    ];
    for (const path of dataOnly) {
      expect.soft(await sizeErrors(path, fileOf(301)), path).toEqual([]);
      // A data table holds data: a function in it is held like any other.
      expect
        .soft(await sizeErrors(path, functionOf(81)), path)
        .toEqual(['max-lines-per-function (error)']);
    }
    for (const path of testsAndStandIns) {
      expect.soft(await sizeErrors(path, fileOf(301)), path).toEqual([]);
      expect.soft(await sizeErrors(path, functionOf(81)), path).toEqual([]);
    }
  }, 60_000);
});

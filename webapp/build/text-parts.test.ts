// The `ordering` texts load only with the pages app/router.tsx marks `texts: 'ordering'`
// (i18n.ts). A module that reads them from anywhere else would show keys, not words, until the
// shopper happened to open one of those pages: this test walks the imports of the app's start and
// of every other page and fails on any use of an ordering section there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en as ordering } from '../src/lib/i18n/locales/ordering/en';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ROUTER = join(SRC, 'app/router.tsx');
/** Modules whose dynamic imports are the pages and the texts themselves: not followed. */
const LOADERS = new Set([ROUTER, join(SRC, 'lib/i18n/i18n.ts')]);
const ORDERING_KEY = new RegExp(`['"\`](?:${Object.keys(ordering).join('|')})\\.[a-zA-Z]`);

function resolveImport(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Our own modules `start` runs, through static imports and (except in loaders) dynamic ones. */
function closure(start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const imports = [
      ...source.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'(\.[^']+)'/gm),
      ...source.matchAll(/^import\s+'(\.[^']+)'/gm),
      ...(LOADERS.has(file) ? [] : source.matchAll(/\bimport\('(\.[^']+)'\)/g)),
    ];
    for (const [, specifier] of imports) {
      const target = specifier ? resolveImport(file, specifier) : null;
      if (target) visit(target);
    }
  };
  visit(start);
  return seen;
}

/** Each page of the route table: its module and whether it is marked as reading `ordering`. */
function pages(): { id: string; file: string; ordering: boolean }[] {
  const source = readFileSync(ROUTER, 'utf8');
  const table = source.slice(source.indexOf('const PAGES'));
  const infoPage = /import\('(\.\.\/features\/info\/info-page)'\)/.exec(source)?.[1];
  return [...table.matchAll(/^ {2}(\w+): (\{[\s\S]*?^ {2}\}|info\('[^']*'\)),$/gm)].map(
    ([, id = '', entry = '']) => {
      const module = /import\('([^']+)'\)/.exec(entry)?.[1] ?? infoPage;
      const file = module ? resolveImport(ROUTER, module) : null;
      if (!file) throw new Error(`no page module found for route ${id}`);
      return { id, file, ordering: /texts: 'ordering'/.test(entry) };
    },
  );
}

function readersOfOrdering(files: Iterable<string>): string[] {
  return [...files]
    .filter((file) => ORDERING_KEY.test(readFileSync(file, 'utf8')))
    .map((file) => relative(SRC, file));
}

describe("the 'ordering' texts", () => {
  const table = pages();

  it('are marked on the pages of sign-in, the account, checkout, payment and orders', () => {
    expect(table.length).toBeGreaterThan(20);
    expect(table.filter((page) => page.ordering).map((page) => page.id)).toEqual([
      'signIn',
      'checkout',
      'confirmed',
      'account',
      'orders',
      'order',
      'payment',
    ]);
  });

  it('are read by no module of the start (main.tsx and what it imports, home included)', () => {
    const start = closure(join(SRC, 'main.tsx'));
    expect(start.has(join(SRC, 'features/catalog/home-page.tsx'))).toBe(true);
    expect(readersOfOrdering(start)).toEqual([]);
  });

  it('are read by no page not marked for them', () => {
    for (const page of table.filter((entry) => !entry.ordering)) {
      expect(readersOfOrdering(closure(page.file)), page.id).toEqual([]);
    }
  });

  it('are found where they are read (the check can fail)', () => {
    const checkout = table.find((page) => page.id === 'checkout');
    expect(checkout && readersOfOrdering(closure(checkout.file))).toContain(
      'features/checkout/checkout-page.tsx',
    );
  });
});

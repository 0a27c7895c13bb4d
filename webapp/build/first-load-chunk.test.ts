import { describe, expect, it } from 'vitest';
import { neededModules, type ModuleFacts, type ModuleGraph } from './first-load-chunk';

/** A module graph as the bundler reports it: code after transforms, resolved ids in order. */
function graphOf(modules: Record<string, Partial<ModuleFacts>>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const facts = modules[id];
      return facts ? { code: '', importedIds: [], exports: [], ...facts } : null;
    },
  };
}

// The shape of the shared package: an index that sets something up and re-exports the rest,
// one of which is itself an index.
const SHARED = {
  '/shared/index.ts': {
    code: 'import "#setup";\nexport * from "./money";\nexport * from "./contracts/index";\n',
    importedIds: ['/shared/setup.ts', '/shared/money.ts', '/shared/contracts/index.ts'],
  },
  '/shared/setup.ts': { code: 'config({});\n' },
  '/shared/money.ts': { code: 'export const formatSum = 1;\n', exports: ['formatSum'] },
  '/shared/contracts/index.ts': {
    code: 'export * from "./calls";\nexport * from "./orders";\n',
    importedIds: ['/shared/contracts/calls.ts', '/shared/contracts/orders.ts'],
  },
  '/shared/contracts/calls.ts': {
    code: 'import { z } from "zod";\nexport const SHOP_CALLS = {};\n',
    importedIds: ['/zod.js'],
    exports: ['SHOP_CALLS'],
  },
  '/shared/contracts/orders.ts': {
    code: 'import { PhoneSchema } from "../phone";\nexport const OrderSchema = {};\n',
    importedIds: ['/shared/phone.ts'],
    exports: ['OrderSchema'],
  },
  '/shared/phone.ts': { exports: ['PhoneSchema'] },
  '/zod.js': {},
};

describe('neededModules', () => {
  it('follows an index only into the modules of the names taken from it, and its set-up', () => {
    const graph = graphOf({
      ...SHARED,
      '/app/main.ts': {
        code: 'import "./styles.css";\nimport { SHOP_CALLS, formatSum as sum } from "@shop/shared";\n',
        importedIds: ['/app/styles.css', '/shared/index.ts', '\0vite/preload-helper.js'],
      },
      '/app/styles.css': {},
      '\0vite/preload-helper.js': {},
    });
    expect([...neededModules(graph, '/app/main.ts')].sort()).toEqual(
      [
        '/app/main.ts',
        '/app/styles.css',
        '\0vite/preload-helper.js',
        '/shared/setup.ts',
        '/shared/money.ts',
        '/shared/contracts/calls.ts',
        '/zod.js',
      ].sort(),
    );
  });

  it('takes a whole index for a namespace import', () => {
    const graph = graphOf({
      ...SHARED,
      '/app/main.ts': {
        code: 'import * as shared from "@shop/shared";\n',
        importedIds: ['/shared/index.ts'],
      },
    });
    const needed = neededModules(graph, '/app/main.ts');
    expect(needed.has('/shared/contracts/orders.ts')).toBe(true);
    expect(needed.has('/shared/phone.ts')).toBe(true);
  });

  it('takes a whole index when a name is not found in it, or the imports cannot be matched', () => {
    const unknownName = graphOf({
      ...SHARED,
      '/app/main.ts': {
        code: 'import { Missing } from "@shop/shared";\n',
        importedIds: ['/shared/index.ts'],
      },
    });
    expect(neededModules(unknownName, '/app/main.ts').has('/shared/contracts/orders.ts')).toBe(
      true,
    );
    const unmatched = graphOf({
      ...SHARED,
      '/app/main.ts': {
        code: 'import { SHOP_CALLS } from "@shop/shared";\n',
        importedIds: ['/shared/index.ts', '/app/other.ts'],
      },
      '/app/other.ts': {},
    });
    expect(neededModules(unmatched, '/app/main.ts').has('/shared/contracts/orders.ts')).toBe(true);
  });

  it('follows a module that is not an index whole', () => {
    const graph = graphOf({
      ...SHARED,
      '/app/main.ts': {
        code: 'import { OrderSchema } from "@shop/shared";\n',
        importedIds: ['/shared/index.ts'],
      },
    });
    const needed = neededModules(graph, '/app/main.ts');
    expect(needed.has('/shared/contracts/orders.ts')).toBe(true);
    expect(needed.has('/shared/phone.ts')).toBe(true);
    expect(needed.has('/shared/contracts/calls.ts')).toBe(false);
    expect(needed.has('/shared/index.ts')).toBe(false);
  });
});

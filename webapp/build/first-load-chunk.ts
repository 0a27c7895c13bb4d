// One chunk for the first load. Left to itself, the bundler splits what the entry imports
// statically into as many chunks as there are ways the lazy pages share it: 27 files for home,
// each compressed on its own and each naming what it takes from the others. The same modules in
// one file (and the entry in its own) made home's first load 132.8 KB of Brotli instead of 142.5
// (build/bundle-budget.test.ts), and 3 requests instead of 27. Modules only the lazy pages use
// are still split by the bundler as before.
//
// Which modules the start needs is read through the shared package's index by name: that index
// re-exports checkout's schemas and rules too, and following it whole put sign-in, order and
// card schemas, regions and the phone metadata (3.6 KB) in the first load, although only lazy
// pages use them. The package is side-effect free to the bundler (shared/package.json), so the
// bundler, too, leaves what the index re-exports where it is used.

/** What the bundler tells of a module (Rollup's ModuleInfo, the part used here). */
export interface ModuleFacts {
  /** The module's code after transforms (JavaScript, type imports gone); null if external. */
  code: string | null;
  importedIds: readonly string[];
  exports: readonly string[];
}

export interface ModuleGraph {
  getModuleInfo(id: string): ModuleFacts | null;
}

/** `import … from "x"`, `export … from "x"` and `import "x"`, in the order they are written. */
const IMPORT_STATEMENT =
  /(?:^|[;\n])\s*(?:(import|export)\s*([^;"']*?)\s*from\s*|import\s*)["']([^"']+)["']/g;

interface ImportStatement {
  specifier: string;
  /** `import "x"`: run for its side effects alone. */
  bare: boolean;
  /** The names taken, or null for everything (a namespace, `export *`, a side-effect import). */
  names: string[] | null;
}

function importStatements(code: string): ImportStatement[] {
  const statements: ImportStatement[] = [];
  for (const [, keyword, clause = '', specifier = ''] of code.matchAll(IMPORT_STATEMENT)) {
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    const names = braces
      ? (braces[1] ?? '')
          .split(',')
          .map((part) => part.trim().split(/\s+as\s+/)[0] ?? '')
          .filter((name) => name !== '')
      : null;
    statements.push({ specifier, bare: keyword === undefined, names });
  }
  return statements;
}

/** A module that only re-exports others (`export * from`) and imports for side effects. */
function isBarrel(facts: ModuleFacts): boolean {
  const code = facts.code ?? '';
  const statements = code.split('\n').filter((line) => line.trim() !== '');
  return (
    statements.length > 0 &&
    statements.every((line) => /^\s*(?:export \* from|import) ["'][^"']+["'];?\s*$/.test(line))
  );
}

/**
 * What a module imports: each resolved id with the names taken from it (null for everything).
 * Resolved ids come in the order their specifiers are first written, with the bundler's own
 * helpers (ids starting with NUL) after; when that cannot be matched, null: take everything.
 */
function resolvedImports(
  facts: ModuleFacts,
): { id: string; names: string[] | null; bare: boolean }[] | null {
  const statements = importStatements(facts.code ?? '');
  const specifiers = [...new Set(statements.map((statement) => statement.specifier))];
  const written = facts.importedIds.filter((imported) => !imported.startsWith('\0'));
  if (specifiers.length !== written.length) return null;
  const helpers = facts.importedIds.filter((imported) => imported.startsWith('\0'));
  const taken = written.map((id, index) => {
    const uses = statements.filter((statement) => statement.specifier === specifiers[index]);
    return {
      id,
      names: uses.some((use) => use.names === null) ? null : uses.flatMap((use) => use.names ?? []),
      bare: uses.some((use) => use.bare),
    };
  });
  return [...taken, ...helpers.map((id) => ({ id, names: null, bare: false }))];
}

/**
 * The modules the entry needs, through static imports. A barrel (the shared package's index) is
 * followed only into the modules that export the names taken from it, and into its side-effect
 * imports; it is not itself among them (it holds no code, and in the group it would draw into the
 * first load the chunks of every lazy page that imports through it).
 */
export function neededModules(graph: ModuleGraph, entry: string): Set<string> {
  const needed = new Set<string>();
  const barrelOf = (id: string): ModuleFacts | null => {
    const facts = graph.getModuleInfo(id);
    return facts && isBarrel(facts) ? facts : null;
  };
  /** The module behind `name` in a barrel, through nested barrels. */
  const sourceOf = (id: string, name: string, seen = new Set<string>()): string | null => {
    if (seen.has(id)) return null;
    seen.add(id);
    const facts = graph.getModuleInfo(id);
    if (!facts) return null;
    if (!isBarrel(facts)) return facts.exports.includes(name) ? id : null;
    for (const child of facts.importedIds) {
      const found = sourceOf(child, name, seen);
      if (found) return found;
    }
    return null;
  };
  const visit = (id: string, names: string[] | null): void => {
    const barrel = barrelOf(id);
    if (barrel) {
      visitBarrel(id, barrel, names);
      return;
    }
    if (needed.has(id)) return;
    needed.add(id);
    const facts = graph.getModuleInfo(id);
    if (!facts) return;
    const imports = resolvedImports(facts);
    if (imports) for (const imported of imports) visit(imported.id, imported.names);
    else for (const imported of facts.importedIds) visit(imported, null);
  };
  const visitBarrel = (id: string, facts: ModuleFacts, names: string[] | null): void => {
    const imports = resolvedImports(facts);
    if (!imports || names === null) {
      for (const imported of facts.importedIds) visit(imported, null);
      return;
    }
    // Its side-effect imports run whatever is taken from it.
    for (const imported of imports) if (imported.bare) visit(imported.id, null);
    for (const name of names) {
      const source = sourceOf(id, name);
      if (source) visit(source, null);
      else for (const imported of facts.importedIds) visit(imported, null);
    }
  };
  visit(entry, null);
  return needed;
}

/**
 * A `codeSplitting` group: every module the entry needs through static imports, in 'app'. The
 * entry itself stays out, in its own chunk: it awaits at its top level (the Telegram SDK, the
 * texts), and a chunk loaded meanwhile that imports from 'app' (the SDK's, a language's) would
 * wait for 'app' to finish evaluating, which would be waiting for it: the start would hang.
 */
export function firstLoadChunk(entry: string) {
  let firstLoad: Set<string> | null = null;
  return {
    debugName: 'first load',
    name(id: string, graph: ModuleGraph): string | null {
      firstLoad ??= neededModules(graph, entry);
      return id !== entry && firstLoad.has(id) ? 'app' : null;
    },
  };
}

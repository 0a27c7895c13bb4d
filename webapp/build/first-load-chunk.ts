// One chunk for the first load. Left to itself, the bundler splits what the entry imports
// statically into as many chunks as there are ways the lazy pages share it: 27 files for home,
// each compressed on its own and each naming what it takes from the others. The same modules in
// one file (and the entry in its own) make home's first load 132.8 KB of Brotli instead of 142.5
// (build/bundle-budget.test.ts), and 3 requests instead of 27. Modules only the lazy pages use
// are still split by the bundler as before.

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A `codeSplitting` group: every module the entry reaches through static imports, in 'app'. The
 * entry itself stays out, in its own chunk: it awaits at its top level (the Telegram SDK, the
 * texts), and a chunk loaded meanwhile that imports from 'app' (the SDK's, a language's) would
 * wait for 'app' to finish evaluating, which would be waiting for it: the start would hang.
 */
export function firstLoadChunk(entry: string) {
  let firstLoad: Set<string> | null = null;
  const reachable = (graph: ModuleGraph): Set<string> => {
    const seen = new Set<string>();
    const stack = [entry];
    for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...(graph.getModuleInfo(at)?.importedIds ?? []));
    }
    return seen;
  };
  return {
    debugName: 'first load',
    name(id: string, graph: ModuleGraph): string | null {
      firstLoad ??= reachable(graph);
      return id !== entry && firstLoad.has(id) ? 'app' : null;
    },
  };
}

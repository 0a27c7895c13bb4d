// The workspace's import graph with type-only imports included, and its circles.
// `pnpm lint:cycles` (check-import-cycles.ts) fails on any circle, `import type` included: a
// circle of types still ties two modules together for a reader, even though the build erases it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** The tsconfig.json nearest above `file`, whose options resolve its imports. */
function nearestTsconfig(file: string, root: string): string {
  for (let dir = dirname(file); dir.startsWith(root); dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
  }
  return join(root, 'tsconfig.json');
}

const optionsByConfig = new Map<string, ts.CompilerOptions>();

function compilerOptions(configPath: string): ts.CompilerOptions {
  const known = optionsByConfig.get(configPath);
  if (known) return known;
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const options = parsed?.options ?? {};
  optionsByConfig.set(configPath, options);
  return options;
}

/** The workspace files `file` imports, statically, dynamically or for types only. */
function importsOf(file: string, root: string, inGraph: ReadonlySet<string>): string[] {
  const options = compilerOptions(nearestTsconfig(file, root));
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const found = new Set<string>();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
    if (!resolved) continue;
    const target = ts.sys.realpath?.(resolved.resolvedFileName) ?? resolved.resolvedFileName;
    if (inGraph.has(target)) found.add(target);
  }
  return [...found];
}

/**
 * Every circle among `files` (absolute paths): each strongly connected group of two or more
 * modules, or one that imports itself, as paths relative to `root`, sorted.
 */
export function importCycles(root: string, files: readonly string[]): string[][] {
  const inGraph = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(file, root, inGraph)]));
  // Tarjan's strongly connected components, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (!frame) break;
      const targets = edges.get(frame.node) ?? [];
      const target = targets[frame.edge];
      if (target !== undefined) {
        frame.edge += 1;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        group.push(member);
        if (member === frame.node) break;
      }
      const selfImport = group.length === 1 && targets.includes(frame.node);
      if (group.length > 1 || selfImport) {
        cycles.push(group.map((member) => relative(root, member)).sort());
      }
    }
  }
  return cycles;
}

/** Where the lint's own tests plant circles on purpose. */
export const PLANTED_CYCLES = 'scripts/fixtures/import-cycle';

/** The workspace's own TypeScript files (tracked, or new and not ignored), without the planted ones. */
export function workspaceSources(root: string): string[] {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => file !== '' && !file.startsWith(`${PLANTED_CYCLES}/`))
    .map((file) => join(root, file));
}

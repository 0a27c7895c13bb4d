// `pnpm lint:cycles`: fails when the workspace's import graph has a circle, type-only imports
// included (import-graph.ts). Where two modules need each other, one of them is really two: a pure
// mapping and the code with side effects.
import { fileURLToPath } from 'node:url';
import { importCycles, workspaceSources } from './import-graph';

const root = fileURLToPath(new URL('..', import.meta.url));
const cycles = importCycles(root, workspaceSources(root));
if (cycles.length > 0) {
  process.stderr.write(`Import circles (${String(cycles.length)}):\n`);
  for (const cycle of cycles) process.stderr.write(`  ${[...cycle, cycle[0]].join(' → ')}\n`);
  process.exit(1);
}

// `pnpm typecheck`: every TypeScript project of the workspace, checked by TypeScript 7 (the
// native compiler, the `typescript7` alias), several times faster than TypeScript 6 on the same
// code. TypeScript 6.0 stays installed as `typescript` for typescript-eslint, which does not
// support 7 yet. Exits non-zero when any project has an error; every project is checked.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The package exports no bin path: its folder is found through its package.json.
const tsc = fileURLToPath(new URL('bin/tsc', import.meta.resolve('typescript7/package.json')));
// The root project holds the build and tooling files; the others are one per package.
const PROJECTS = ['.', 'bench', 'shared', 'backend', 'bot', 'webapp', 'tests'];

let failed = 0;
for (const project of PROJECTS) {
  const started = Date.now();
  const { status } = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${status === 0 ? 'ok  ' : 'FAIL'} ${project} (${seconds} s)`);
  if (status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);

// `pnpm start`: builds the webapp when its build is missing or older than its sources, then runs
// the server (bot/src/main.ts) in this process through tsx, so Ctrl-C reaches it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'webapp', 'dist', 'index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = ['webapp', 'shared/src', 'vite.config.ts'].map((p) => join(root, p));
const stale =
  !existsSync(builtIndex) ||
  Math.max(...sources.filter(existsSync).map(newestMtime)) > statSync(builtIndex).mtimeMs;

if (stale) {
  console.log('Building the webapp (vite build)…');
  const result = spawnSync('pnpm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A local .env (see .env.example) fills in what the shell did not set; the shell wins.
const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

register();
await import('../bot/src/main.ts');

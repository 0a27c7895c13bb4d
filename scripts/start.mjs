// `pnpm start`: builds what is missing or older than its sources (the webapp with vite, the
// server with scripts/build-server.mjs), then runs the built server (bot/dist/main.mjs) in this
// process with plain node, so Ctrl-C reaches it directly. TypeScript through tsx is for
// development (`pnpm dev:server`) and the tests, never for the shop itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, SERVER_BUNDLE } from './build-server.mjs';

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

/** Whether `built` is missing or older than any of `sources`. */
function stale(built, sources) {
  const paths = sources.map((p) => join(root, p)).filter(existsSync);
  return !existsSync(built) || Math.max(...paths.map(newestMtime)) > statSync(built).mtimeMs;
}

if (stale(builtIndex, ['webapp', 'shared/src', 'vite.config.ts'])) {
  console.log('Building the webapp (vite build)…');
  const result = spawnSync('pnpm', ['exec', 'vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (stale(SERVER_BUNDLE, ['bot/src', 'backend/src', 'shared/src', 'scripts/build-server.mjs'])) {
  await buildServer();
}

// A local .env (see .env.example) fills in what the shell did not set; the shell wins.
const envFile = join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

await import(pathToFileURL(SERVER_BUNDLE).href);

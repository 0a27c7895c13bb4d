// `pnpm build` (after the webapp): the server as one JavaScript module, bot/dist/main.mjs, so
// production runs plain `node`, not TypeScript through tsx (which stays for development and tests).
//
// Our own code (bot, backend, shared) is bundled. Every package from node_modules stays outside,
// imported by the absolute path esbuild resolved for it: with pnpm each workspace package sees
// only its own dependencies, so no single node_modules next to the bundle could serve them all,
// and native or WASM packages (sharp, PGlite) load files relative to themselves.
//
// `import.meta.url` in our modules keeps naming the source file it was written in, so the paths
// the code finds from it (the repository root, the backend's migrations) are the same as under
// tsx: the bundle runs inside its checkout, next to webapp/dist and backend/drizzle.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = join(root, 'bot', 'src', 'main.ts');
export const SERVER_BUNDLE = join(root, 'bot', 'dist', 'main.mjs');
/** The reference backend on its own (what `pnpm start:cluster` runs behind the servers). */
export const BACKEND_ENTRY = join(root, 'backend', 'src', 'main.ts');
export const BACKEND_BUNDLE = join(root, 'backend', 'dist', 'main.mjs');
/** Our workspace packages, bundled from source. */
const OWN_PACKAGE = /^@shop\//;

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(server) {
    server.onResolve({ filter: /^[^./#]|^#/ }, async (args) => {
      if (args.pluginData === 'resolving' || OWN_PACKAGE.test(args.path)) return undefined;
      if (args.path.startsWith('#')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const resolved = await server.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      // A Node built-in named without `node:` (`fs`, `crypto`) has no path: external as written.
      if (!resolved.path || resolved.external) return { path: args.path, external: true };
      return { path: resolved.path, external: true };
    });
  },
};

/** @type {import('esbuild').Plugin} */
const sourceImportMetaUrl = {
  name: 'source-import-meta-url',
  setup(server) {
    server.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${join('node_modules')}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: 'ts',
      };
    });
  },
};

async function bundle(entry, outfile) {
  const started = Date.now();
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    // Stack traces name our functions, and the bundle stays readable in an incident.
    minify: false,
    conditions: ['node'],
    logLevel: 'warning',
    plugins: [externalPackages, sourceImportMetaUrl],
  });
  console.log(`Built ${relative(root, outfile)} in ${String(Date.now() - started)} ms`);
}

/** The shop's server (bot/dist/main.mjs) and the reference backend alone (backend/dist/main.mjs). */
export async function buildServer() {
  await bundle(SERVER_ENTRY, SERVER_BUNDLE);
  await bundle(BACKEND_ENTRY, BACKEND_BUNDLE);
}

/** The shop's server alone, into `outfile`: what the server's own tests start as a process. */
export async function buildServerInto(outfile) {
  await bundle(SERVER_ENTRY, outfile);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // `--server-into <file>`: the server alone, somewhere else (the tests' copy).
  const into = process.argv.indexOf('--server-into');
  if (into !== -1 && process.argv[into + 1]) await buildServerInto(process.argv[into + 1]);
  else await buildServer();
}

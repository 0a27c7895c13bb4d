// Builds the webapp (root `webapp/`, output `webapp/dist`) and holds the vitest projects of every
// workspace package, so `vitest run` at the root runs every unit and integration test.
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { LANGUAGES } from './shared/src/languages';
import { webManifest, webManifestPath } from './shared/src/shop-identity';

/**
 * One web app manifest per language (shared/shop-identity), written into the build and served by
 * the dev server: the installed app opens in the language it was installed from.
 */
function webManifests(): Plugin {
  const files = LANGUAGES.map((language) => ({
    fileName: webManifestPath(language).slice(1),
    source: `${JSON.stringify(webManifest(language), null, 2)}\n`,
  }));
  return {
    name: 'shop-web-manifests',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files.find(({ fileName }) => request.url === `/${fileName}`);
        if (!file) {
          next();
          return;
        }
        response.setHeader('content-type', 'application/manifest+json');
        response.end(file.source);
      });
    },
    generateBundle() {
      for (const { fileName, source } of files) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}

export default defineConfig({
  root: 'webapp',
  base: '/',
  plugins: [react(), webManifests()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    // `pnpm dev` proxies calls to a running `pnpm start` so the relay stays the only gate.
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/backend': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
    },
  },
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1). Most backend and bot files
    // spend their time waiting on PGlite, PostgreSQL, child processes and local servers, not on
    // the CPU, so three at once finish the suite far sooner without starving each other.
    maxWorkers: 3,
    projects: [
      { test: { name: 'shared', root: 'shared', environment: 'node' } },
      {
        test: {
          name: 'backend',
          root: 'backend',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bot',
          root: 'bot',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'webapp', root: 'webapp', environment: 'node' } },
    ],
  },
});

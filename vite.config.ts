// Builds the webapp (root `webapp/`, output `webapp/dist`) and holds the vitest projects of every
// workspace package, so `vitest run` at the root runs every unit and integration test.
// Everything this file imports of ours, and what those import, names its file with `.ts`: Node's
// own loader (Vite's `configLoader: 'native'`, its default to come) needs the extension, and Vite
// warns about every import without one (scripts/vite-config.test.ts holds it to that).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { buildId } from './webapp/build/build-id.ts';
import { firstLoadChunk } from './webapp/build/first-load-chunk.ts';
import { precompress } from './webapp/build/precompress.ts';
import { scriptPriority } from './webapp/build/script-priority.ts';
import { serviceWorker } from './webapp/build/service-worker.ts';
import { appIcons } from './webapp/build/app-icons.ts';
import { webManifests } from './webapp/build/web-manifests.ts';
import { localServerUrl } from './bot/src/config/default-port.ts';
import { SlowFilesFirst } from './scripts/vitest-order.ts';

/** An absolute path in the repository: Vitest resolves project roots against the Vite root. */
const fromRepo = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRepo('webapp'),
  base: '/',
  // precompress last: it compresses what the others wrote, the service worker included.
  plugins: [
    react(),
    scriptPriority(),
    // SHOP_BUILD_ID: only the byte budgets' build sets it, so its bytes are the same every time.
    buildId(process.env.SHOP_BUILD_ID),
    webManifests(),
    appIcons(),
    serviceWorker(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [firstLoadChunk(fileURLToPath(new URL('webapp/src/main.tsx', import.meta.url)))],
        },
      },
    },
  },
  server: {
    // `pnpm dev` proxies calls to a running `pnpm start` (on its default port) so the relay stays
    // the only gate.
    proxy: {
      '/api': localServerUrl(),
      '/backend': localServerUrl(),
      '/media': localServerUrl(),
    },
  },
  test: {
    // Vitest runs one file at a time on a 2-core machine (cores - 1). Most backend and bot files
    // spend their time waiting on PostgreSQL, child processes, timers and local servers, not on
    // the CPU: with three at once the whole suite used 1.1 cores (427 s wall for 457 s of CPU),
    // with five 1.5 (289 s for 444 s).
    maxWorkers: 5,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      // Every node project shares one module graph per worker (isolate: false): importing it again
      // for every file was a third of the pure units' time and a quarter of the servers' (backend
      // 167 → 109 s of CPU, bot 366 → 281 s). Files keep no state in modules; what a file starts
      // (servers, databases, child processes) it stops.
      { test: { name: 'shared', root: fromRepo('shared'), environment: 'node', isolate: false } },
      // The workspace's own tooling: the lint rules' tests.
      {
        test: { name: 'scripts', root: fromRepo('scripts'), environment: 'node', isolate: false },
      },
      {
        test: {
          name: 'backend',
          root: fromRepo('backend'),
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bot',
          root: fromRepo('bot'),
          environment: 'node',
          isolate: false,
          globalSetup: [fromRepo('bot/src/testing/server-bundle-setup.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'webapp',
          root: fromRepo('webapp'),
          environment: 'node',
          isolate: false,
          include: ['**/*.test.ts'],
          // Stylesheets are emptied in tests unless named here; the palette test reads the
          // colour tokens of this one (imported ?raw).
          css: { include: [/\/app\/styles\.css/] },
        },
      },
      // Screens in jsdom (Testing Library), calling one real shop server started for the run.
      {
        extends: true,
        test: {
          name: 'components',
          root: fromRepo('webapp'),
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['src/testing/dom-setup.ts'],
          globalSetup: [fromRepo('bot/src/testing/component-shop.ts')],
          testTimeout: 15_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

// Vite plugin: names each build. The id is compiled into the app (`__BUILD_ID__`) and written to
// /version.json, which the server sends uncached: an open page compares the two and offers a
// reload when a newer build has been deployed.
import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

export const VERSION_FILE = 'version.json';

/**
 * `fixedId` names the build instead: the byte budgets' build uses one, since a new id changes
 * every chunk's hash, and the hashes alone move the compressed size by a hundred bytes or so.
 */
export function buildId(fixedId?: string): Plugin {
  // New on every build (and dev start); the same source built twice is still two deploys.
  const id =
    fixedId ??
    `${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}-${randomBytes(4).toString('hex')}`;
  const body = `${JSON.stringify({ build: id })}\n`;
  return {
    name: 'shop-build-id',
    config: () => ({ define: { __BUILD_ID__: JSON.stringify(id) } }),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== `/${VERSION_FILE}`) {
          next();
          return;
        }
        response.setHeader('content-type', 'application/json');
        response.setHeader('cache-control', 'no-store');
        response.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: VERSION_FILE, source: body });
    },
  };
}

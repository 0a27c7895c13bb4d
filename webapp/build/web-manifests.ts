// Vite plugin: the web app manifests, one per language.
import type { Plugin } from 'vite';
import { LANGUAGES } from '../../shared/src/languages';
import { webManifest, webManifestPath } from '../../shared/src/shop-identity';

/**
 * One web app manifest per language (shared/shop-identity), written into the build and served by
 * the dev server: the installed app opens in the language it was installed from.
 */
export function webManifests(): Plugin {
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

// Vite plugin: writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build,
// at the highest settings, once per build. The server sends these as they are (@fastify/static
// `preCompressed`) instead of compressing the same 450 KB entry chunk again on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text worth compressing; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/**
 * Not these: index.html is never sent as built (the server writes each page's head into it), and
 * source maps are fetched by developer tools only.
 */
const SKIPPED = /(^|\/)index\.html$|\.map$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The build's files that get compressed copies, relative to `outDir`, with `/` separators. */
export function isPrecompressed(path: string): boolean {
  return COMPRESSIBLE.test(path) && !SKIPPED.test(path);
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shop-precompress',
    apply: 'build',
    // After the other plugins' own late work: the service worker is written in a `post`
    // closeBundle of vite-plugin-pwa, and must be compressed like the rest.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is written, public/ copies and the service worker included: `post` and
    // `sequential` run it once the earlier closeBundle hooks have finished, not beside them.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) =>
          isPrecompressed(relative(outDir, file).split(sep).join('/')),
        );
        await Promise.all(
          files.map(async (file) => {
            const body = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(body, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            // A copy no smaller than the file is not worth sending: the server then sends the file.
            if (br.length < body.length) await writeFile(`${file}.br`, br);
            if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

// The production build itself, built once into a temporary directory with the real config.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrecompressed } from './precompress';

const CONFIG = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));

let outDir: string;
let files: string[];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'shop-build-'));
  await build({ configFile: CONFIG, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
  files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(outDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}, 180_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('precompressed files', () => {
  it('sit next to every script, stylesheet, manifest and the worker, and decompress to the file', async () => {
    const compressible = files.filter(isPrecompressed);
    expect(compressible.filter((file) => /^assets\/.+\.js$/.test(file)).length).toBeGreaterThan(5);
    expect(compressible.some((file) => /^assets\/.+\.css$/.test(file))).toBe(true);
    expect(compressible).toContain('sw.js');
    expect(compressible).toContain('manifest.ru.webmanifest');
    for (const file of compressible) {
      const body = await readFile(join(outDir, file));
      // Below a kilobyte a copy may not be smaller; above, it always is.
      if (body.length > 1024) {
        expect(files, file).toContain(`${file}.br`);
        expect(files, file).toContain(`${file}.gz`);
      }
      if (files.includes(`${file}.br`)) {
        const br = await readFile(join(outDir, `${file}.br`));
        expect(br.length, file).toBeLessThan(body.length);
        expect(zlib.brotliDecompressSync(br).equals(body), file).toBe(true);
      }
      if (files.includes(`${file}.gz`)) {
        const gz = await readFile(join(outDir, `${file}.gz`));
        expect(gz.length, file).toBeLessThan(body.length);
        expect(zlib.gunzipSync(gz).equals(body), file).toBe(true);
      }
    }
  });

  it('are not made of index.html, which the server rewrites per page, or of source maps', () => {
    expect(files).toContain('index.html');
    expect(files.filter((file) => /(index\.html|\.map)\.(br|gz)$/.test(file))).toEqual([]);
  });
});

describe('the service worker', () => {
  /** The URLs the worker precaches, as Workbox writes its manifest into sw.js. */
  async function precached(): Promise<string[]> {
    const worker = await readFile(join(outDir, 'sw.js'), 'utf8');
    return [
      ...worker.matchAll(/\{\s*"?url"?:\s*"([^"]+)",\s*"?revision"?:\s*(?:"[0-9a-f]+"|null)\s*\}/g),
    ].map((match) => match[1] ?? '');
  }

  it('is one file, written before the compressed copies were made', () => {
    expect(files).toContain('sw.js');
    expect(files).toContain('sw.js.br');
    expect(files).toContain('sw.js.gz');
    // The Workbox runtime is inside it, not a second file the server would cache differently.
    expect(files.filter((file) => /^workbox-.*\.js$/.test(file))).toEqual([]);
  });

  it('precaches the shell and every script and stylesheet, never the build id or a compressed copy', async () => {
    const urls = await precached();
    expect(urls).toContain('index.html');
    const built = files.filter((file) => /^assets\/.+\.(js|css)$/.test(file));
    expect(built.length).toBeGreaterThan(5);
    for (const file of built) expect(urls, file).toContain(file);
    expect(urls).not.toContain('version.json');
    expect(urls.filter((url) => /\.(br|gz|map|webmanifest)$/.test(url))).toEqual([]);
    // The shell's revision names its content: a rebuild with other scripts gets a new one.
    const worker = await readFile(join(outDir, 'sw.js'), 'utf8');
    expect(worker).toMatch(/"?url"?:\s*"index\.html",\s*"?revision"?:\s*"[0-9a-f]{32}"/);
  });
});

describe('the build id', () => {
  it('is written to version.json and compiled into the app that compares them', async () => {
    const version: unknown = JSON.parse(await readFile(join(outDir, 'version.json'), 'utf8'));
    expect(version).toEqual({ build: expect.stringMatching(/^\d{8}T\d{6}-[0-9a-f]{8}$/) });
    const id = (version as { build: string }).build;
    const scripts = files.filter((file) => /^assets\/.+\.js$/.test(file));
    const compiledIn = await Promise.all(
      scripts.map(async (file) => (await readFile(join(outDir, file), 'utf8')).includes(id)),
    );
    // The entry (main.tsx) and the first-load chunk both read it.
    expect(compiledIn.filter(Boolean).length).toBeGreaterThanOrEqual(1);
  });
});

describe('index.html', () => {
  it('asks for the app code at low priority: the first paint is the server outline and stylesheets', async () => {
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const appCode = html.match(/<(script type="module"|link rel="modulepreload")[^>]*>/g) ?? [];
    // The entry and the first-load chunk it imports (build/first-load-chunk.ts), at least.
    expect(appCode.length).toBeGreaterThanOrEqual(2);
    for (const tag of appCode) expect(tag).toContain('fetchpriority="low"');
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*fetchpriority/);
  });
});

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

describe('the build id', () => {
  it('is written to version.json and compiled into the app that compares them', async () => {
    const version: unknown = JSON.parse(await readFile(join(outDir, 'version.json'), 'utf8'));
    expect(version).toEqual({ build: expect.stringMatching(/^\d{8}T\d{6}-[0-9a-f]{8}$/) });
    const id = (version as { build: string }).build;
    const scripts = files.filter((file) => /^assets\/.+\.js$/.test(file));
    const compiledIn = await Promise.all(
      scripts.map(async (file) => (await readFile(join(outDir, file), 'utf8')).includes(id)),
    );
    expect(compiledIn.filter(Boolean)).toHaveLength(1);
  });
});

// What a page costs to open, read from a build's Vite manifest (`build.manifest: true`) and the
// Brotli copies the precompress plugin wrote: the bytes the server sends, not the bytes on disk.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** One chunk of `.vite/manifest.json`, keyed there by its source (or a generated name). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export async function readManifest(outDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest key of the build's one entry (index.html's script). */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry === true);
  const [entry, ...others] = entries;
  if (!entry || others.length > 0) {
    throw new Error(`expected one entry chunk, found ${entries.length}`);
  }
  return entry[0];
}

/**
 * The chunks a load of `key` downloads before its code runs: the chunk and, transitively, its
 * static imports (the `modulepreload` links Vite writes). Dynamic imports are not followed.
 */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (at: string): void => {
    if (seen.has(at)) return;
    const chunk = manifest[at];
    if (!chunk) throw new Error(`manifest has no chunk ${at}`);
    seen.add(at);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return seen;
}

/** The manifest key of the chunk built from the source file ending in `sourceSuffix`. */
export function keyOfSource(manifest: Manifest, sourceSuffix: string): string {
  const keys = Object.keys(manifest).filter((key) => key.endsWith(sourceSuffix));
  const [key, ...others] = keys;
  if (key === undefined || others.length > 0) {
    throw new Error(`expected one chunk built from …${sourceSuffix}, found ${keys.length}`);
  }
  return key;
}

/** Bytes on the wire: the `.br` copy where the build wrote one, else the file itself. */
export async function sentBytes(outDir: string, file: string): Promise<number> {
  try {
    return (await stat(join(outDir, `${file}.br`))).size;
  } catch {
    return (await stat(join(outDir, file))).size;
  }
}

export async function totalSentBytes(
  outDir: string,
  manifest: Manifest,
  keys: Iterable<string>,
): Promise<number> {
  const sizes = await Promise.all(
    [...keys].map((key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`manifest has no chunk ${key}`);
      return sentBytes(outDir, chunk.file);
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Bytes the browser parses and runs: the files themselves, uncompressed. */
export async function totalFileBytes(
  outDir: string,
  manifest: Manifest,
  keys: Iterable<string>,
): Promise<number> {
  const sizes = await Promise.all(
    [...keys].map(async (key) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`manifest has no chunk ${key}`);
      return (await stat(join(outDir, chunk.file))).size;
    }),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

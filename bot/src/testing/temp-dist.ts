import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES, webManifestPath } from '@shop/shared';

const FAKE_INDEX_HTML =
  '<!doctype html><html><head><title>Uy shop</title><link rel="manifest" href="/manifest.uz.webmanifest" /><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
export const FAKE_APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** A made-up webapp build, so server tests do not depend on `pnpm build`. */
export async function makeFakeDist(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), FAKE_INDEX_HTML);
  await writeFile(join(dir, 'assets', 'app-abc123.js'), FAKE_APP_JS);
  await writeFile(join(dir, 'version.json'), JSON.stringify({ build: 'test-build-1' }));
  await writeFile(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  for (const language of LANGUAGES) {
    await writeFile(
      join(dir, webManifestPath(language).slice(1)),
      JSON.stringify({ name: 'Uy shop', lang: language, start_url: `/${language}` }),
    );
  }
  await writeFile(
    join(dir, 'icon-192.png'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

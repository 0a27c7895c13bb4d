import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, WEBAPP_DIST } from '../support/paths';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(path)));
    else files.push(path);
  }
  return files;
}

test('the catalogue API key reaches no byte served to the browser', async ({ page, request }) => {
  // Embedded mode generates the key once per data dir; the relay adds it to catalogue calls.
  const key = (await readFile(join(E2E_DATA_DIR, 'catalog-api-key'), 'utf8')).trim();
  expect(key.length).toBeGreaterThanOrEqual(32);

  const seen: Promise<string>[] = [];
  page.on('response', (response) => {
    seen.push(
      response
        .body()
        .then((body) => `${JSON.stringify(response.headers())}\n${body.toString('latin1')}`)
        .catch(() => JSON.stringify(response.headers())),
    );
  });
  for (const path of [
    '/en',
    '/en/products/porcelain-mug',
    '/en/products',
    '/en/categories',
    '/en/markets',
    '/en/cart',
    '/en/sign-in',
    '/en/no-such-page',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  const browserBytes = await Promise.all(seen);
  expect(browserBytes.length).toBeGreaterThan(10);
  for (const bytes of browserBytes) expect(bytes).not.toContain(key);

  // Every file of the build, fetched as a browser would, including ones no page loaded yet.
  const dist = WEBAPP_DIST;
  const files = await filesUnder(dist);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const response = await request.get(`/${relative(dist, file).split('\\').join('/')}`);
    const body = (await response.body()).toString('latin1');
    expect(body, file).not.toContain(key);
    expect(JSON.stringify(response.headers()), file).not.toContain(key);
  }
});

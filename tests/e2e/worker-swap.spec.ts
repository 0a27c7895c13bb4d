// A new service worker taking over reloads the page once. A shop of its own serves a copy of the
// build, so the test can deploy "the next build" of the worker into it.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForController, waitForSettledWorker } from '../support/browser-state';
import { WEBAPP_DIST } from '../support/paths';
import { startShopProcess } from '../support/shop-process';

test.use({ serviceWorkers: 'allow' });

test('a new worker taking over reloads the page once', async ({ page }) => {
  // It starts a shop of its own.
  test.slow();
  const dist = await mkdtemp(join(tmpdir(), 'shop-dist-'));
  await cp(WEBAPP_DIST, dist, { recursive: true });
  const shop = await startShopProcess('worker-swap', { WEBAPP_DIST: dist });
  try {
    await page.goto(`${shop.baseUrl}/en/brands`);
    await waitForController(page);
    // A returning shopper: the page starts under the worker.
    await page.reload();
    await waitForController(page);
    const loads: string[] = [];
    page.on('load', () => {
      loads.push(new URL(page.url()).pathname);
    });

    // The next deploy's worker: other bytes under the same name (no compressed copies).
    const worker = join(dist, 'sw.js');
    await writeFile(worker, `${await readFile(worker, 'utf8')}\n// the next build\n`);
    await rm(`${worker}.br`, { force: true });
    await rm(`${worker}.gz`, { force: true });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await expect.poll(() => loads, { timeout: 15_000 }).toEqual(['/en/brands']);
    await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
    // Once: with the new worker settled in control, nothing is left to bring another reload.
    await waitForSettledWorker(page);
    expect(loads).toEqual(['/en/brands']);
  } finally {
    await shop.stop();
    await rm(dist, { recursive: true, force: true });
  }
});

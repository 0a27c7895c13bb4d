// A new build deployed while a page is open: the page looks at
// /version.json on focus and every BUILD_POLL_INTERVAL_MS, offers "A new version is ready —
// Reload", and after the reload runs the new build. A shop of its own serves a copy of the build,
// and a real `vite build` into that copy is the deploy.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT, WEBAPP_DIST } from '../support/paths';
import { startShopProcess, type ShopProcess } from '../support/shop-process';

let dist: string;
let shop: ShopProcess;

test.beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'shop-deployed-'));
  await cp(WEBAPP_DIST, dist, { recursive: true });
  shop = await startShopProcess('new-build', { WEBAPP_DIST: dist, BUILD_POLL_INTERVAL_MS: '1000' });
});

test.afterAll(async () => {
  await shop.stop();
  await rm(dist, { recursive: true, force: true });
});

/** The entry script the page runs: each build has its own (the build id is compiled into it). */
const entryScript = (page: Page) =>
  page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');

test('a build deployed while the page is open is offered, and the reload runs it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const offer = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await page.goto(`${shop.baseUrl}/en/cart`);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  const before = await entryScript(page);
  // The page has looked at least once (every second here) and found its own build.
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => entry.name.endsWith('/version.json')),
      ),
    )
    .toBe(true);
  await expect(offer).toHaveCount(0);

  await promisify(execFile)('pnpm', ['exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: REPO_ROOT,
  });
  await expect(offer).toBeVisible({ timeout: 15_000 });
  // An offer, not a reload: the page stays as it was until the shopper chooses.
  expect(await entryScript(page)).toBe(before);

  await offer.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect(await entryScript(page)).not.toBe(before);
  // The new build is the deployed one: nothing more to offer.
  const deployed = await (await fetch(`${shop.baseUrl}/version.json`)).json();
  expect(deployed).toEqual({ build: expect.any(String) as unknown });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(offer).toHaveCount(0);
});

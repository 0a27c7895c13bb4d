// Storefront benchmark (see README.md): builds the webapp, starts the shop on a fresh data
// directory, and runs Lighthouse (mobile preset: a mid-range phone on a slow 4G line, simulated)
// in Debian's Chromium on home, a category listing, a product page and the cart (with an item),
// several runs each, after letting the machine settle and a warm-up round that is not counted.
// Prints the median scores and timings per page, each run's Lighthouse benchmarkIndex and load
// average, the targets met or missed, and writes bench/results/web.json. A benchmark, not a
// test: it exits 0 whether or not the targets are met.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startShopProcess } from '../tests/support/shop-process';
import { REPO_ROOT } from './settings';
import {
  importBesideLighthouse,
  lighthouseOn,
  type ChromeLauncher,
  type Puppeteer,
} from './web/chrome';
import { medianOf, oneMinuteLoad, runOf, settle, type Run } from './web/measurements';
import { report, type PageResult } from './web/report';
import { CHROME_FLAGS, PAGES, SETTINGS } from './web/settings';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<void>((done, fail) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code) => {
      if (code === 0) done();
      else fail(new Error(`${command} ${args.join(' ')} exited with ${String(code)}`));
    });
  });
}

async function main() {
  let dist = SETTINGS.dist;
  if (dist === null) {
    dist = join(REPO_ROOT, '.tmp', 'bench-web-dist');
    console.log(`Building the webapp into ${dist} …`);
    await run('pnpm', ['exec', 'vite', 'build', '--outDir', dist, '--emptyOutDir']);
  }
  // The shop runs from its built server bundle: a fresh checkout has none until this.
  console.log('Building the server …');
  await run('node', ['scripts/build-server.mjs']);
  const shop = await startShopProcess('bench-web', { WEBAPP_DIST: dist });
  console.log(`Shop at ${shop.baseUrl}, serving ${dist}`);
  const chromeLauncher = await importBesideLighthouse<ChromeLauncher>('chrome-launcher');
  const puppeteer = await importBesideLighthouse<Puppeteer>('puppeteer-core');
  const chrome = await chromeLauncher.launch({
    chromePath: SETTINGS.chromePath,
    chromeFlags: CHROME_FLAGS,
  });
  const results: PageResult[] = [];
  let quiet = false;
  try {
    // Not counted: the shop's first answers (its caches, the JIT) and Chromium's own start.
    console.log('Warm-up round (not counted) …');
    for (const page of PAGES) await lighthouseOn(chrome, puppeteer, shop.baseUrl, page);
    quiet = await settle();
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let index = 1; index <= SETTINGS.runs; index += 1) {
        const loadBefore = oneMinuteLoad();
        const measured = runOf(
          await lighthouseOn(chrome, puppeteer, shop.baseUrl, page),
          loadBefore,
        );
        runs.push(measured);
        console.log(
          `${page.name} run ${index}: performance ${measured.performance}, TBT ${Math.round(measured.tbtMs)} ms, ` +
            `LCP ${Math.round(measured.lcpMs)} ms, CLS ${measured.cls.toFixed(3)}, ` +
            `benchmarkIndex ${measured.benchmarkIndex}, load ${loadBefore} → ${measured.loadAfter}`,
        );
      }
      results.push({ page, runs, median: medianOf(runs) });
    }
  } finally {
    chrome.kill();
    await shop.stop();
  }

  await report(results, quiet);
}

await main();

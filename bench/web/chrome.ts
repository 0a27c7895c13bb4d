// Chrome and Lighthouse on one page. chrome-launcher and puppeteer-core come with Lighthouse and
// are not dependencies of this repository: they are loaded from Lighthouse's folder, typed by
// what is used of them here.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { PRODUCT_SLUG, SETTINGS, type PageToMeasure } from './settings';

export interface LaunchedChrome {
  port: number;
  kill(): void;
}
export interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<LaunchedChrome>;
}
interface PuppeteerPage {
  goto(url: string, options?: { waitUntil?: string }): Promise<unknown>;
  locator(selector: string): { click(): Promise<void> };
  waitForFunction(fn: string, options?: { timeout?: number }): Promise<unknown>;
  evaluate(fn: string): Promise<unknown>;
  createCDPSession(): Promise<{ send(method: string): Promise<unknown> }>;
  close(): Promise<void>;
}
interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  disconnect(): Promise<void>;
}
export interface Puppeteer {
  connect(options: { browserURL: string }): Promise<PuppeteerBrowser>;
}

const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));

export async function importBesideLighthouse<T>(name: string): Promise<T> {
  const module = (await import(pathToFileURL(fromLighthouse.resolve(name)).href)) as {
    default?: T;
  } & T;
  return module.default ?? module;
}

/**
 * Adds the product to the cart the way a shopper does (so the stored cart has whatever shape the
 * app gives it), then forgets everything else a visit leaves: the service worker, its caches and
 * the HTTP cache, so the cart is measured as a first load with an item, like the other pages.
 */
async function putItemInCart(puppeteer: Puppeteer, chrome: LaunchedChrome, baseUrl: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  try {
    await page.goto(`${baseUrl}/${SETTINGS.lang}/products/${PRODUCT_SLUG}`, {
      waitUntil: 'networkidle0',
    });
    await page.locator('main .product__actions button.btn--primary').click();
    await page.waitForFunction(
      `Object.keys(localStorage).some((key) => /cart/i.test(key) && (localStorage.getItem(key) ?? '').includes('${PRODUCT_SLUG}'))`,
      { timeout: 15_000 },
    );
    await page.evaluate(`(async () => {
      const registrations = await navigator.serviceWorker?.getRegistrations() ?? [];
      await Promise.all(registrations.map((registration) => registration.unregister()));
      await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
    })()`);
    await (await page.createCDPSession()).send('Network.clearBrowserCache');
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

/** One Lighthouse run on `page` (the cart with an item put in it first); its report. */
export async function lighthouseOn(
  chrome: LaunchedChrome,
  puppeteer: Puppeteer,
  baseUrl: string,
  page: PageToMeasure,
): Promise<Result> {
  if (page.withCartItem) await putItemInCart(puppeteer, chrome, baseUrl);
  const flags: Flags = {
    port: chrome.port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The cart keeps the item just put in (its caches were cleared above).
    disableStorageReset: page.withCartItem === true,
  };
  const result = await lighthouse(`${baseUrl}${page.path}`, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse on ${page.path}: ${result.lhr.runtimeError.message}`);
  }
  return result.lhr;
}

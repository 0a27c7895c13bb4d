import { expect, type Page } from '@playwright/test';

/** A key of the page's localStorage, parsed as JSON (null when absent). */
export async function storedJson<T = unknown>(page: Page, key: string): Promise<T | null> {
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  return raw === null ? null : (JSON.parse(raw) as T);
}

export interface StoredCartLine {
  product_id: number;
  slug: string;
  quantity: number;
  price: number;
  mxit: string;
  attributes: { value: string }[];
}

export const storedCart = async (page: Page) =>
  (await storedJson<StoredCartLine[]>(page, 'cart')) ?? [];

/** Resolves when the page fires the window event `name` (e.g. 'auth:logged-in'). */
export async function nextWindowEvent(page: Page, name: string): Promise<() => Promise<boolean>> {
  await page.evaluate((eventName) => {
    const w = window as unknown as { __seenEvents?: Record<string, boolean> };
    w.__seenEvents ??= {};
    const seen = w.__seenEvents;
    seen[eventName] = false;
    window.addEventListener(
      eventName,
      () => {
        seen[eventName] = true;
      },
      { once: true },
    );
  }, name);
  return () =>
    page.evaluate(
      (eventName) =>
        (window as unknown as { __seenEvents?: Record<string, boolean> }).__seenEvents?.[
          eventName
        ] === true,
      name,
    );
}

/** Waits until the shop's service worker controls the page. */
export async function waitForController(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 15_000,
    })
    .toMatch(/\/sw\.js$/);
}

/**
 * Waits until the page's worker registration has settled: one active worker, none installing or
 * waiting. A reload that a new worker's takeover brings comes before this, never after it.
 */
export async function waitForSettledWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return (
              registration !== undefined &&
              registration.installing === null &&
              registration.waiting === null &&
              registration.active?.state === 'activated' &&
              navigator.serviceWorker.controller?.scriptURL === registration.active.scriptURL
            );
          })
          // A reload meanwhile loses the page's context: asked again.
          .catch(() => false),
      { timeout: 15_000 },
    )
    .toBe(true);
}
